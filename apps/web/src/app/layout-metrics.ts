/** Height of the authenticated top bar. */
export const TOP_BAR_HEIGHT_PX = 64;

/**
 * Toasts open at the bottom right: at the top, under the bar, they covered each page's own
 * action ('Novo Paciente', 'Nova consulta') for four seconds right after it was used.
 */
export const TOAST_POSITION = 'bottom-right';
export const TOAST_OFFSET = { bottom: 16, right: 16 } as const;
export const TOAST_MOBILE_OFFSET = { bottom: 16, left: 16, right: 16 } as const;
