/** Height of the authenticated top bar. */
export const TOP_BAR_HEIGHT_PX = 64;

/**
 * Where toasts open. On a wide screen at the top centre, under the bar: at the right they covered
 * each page's own action ('Novo Paciente', 'Nova consulta') right after it was used, and at the
 * bottom right a chat's send button. On a phone (below sonner's 600 px, where a toast takes the
 * whole width) at the bottom, clear of the page's title and its action, and above a bar the page
 * keeps at the bottom (`useToastClearance`: a chat's input bar).
 */
export const TOAST_WIDE_MIN_WIDTH_PX = 600;
export const TOAST_WIDE = { position: 'top-center', offset: { top: TOP_BAR_HEIGHT_PX + 8 } } as const;
/** On a phone, `clearancePx` above the bottom: a page's bar there (a chat's input bar) stays uncovered. */
export function toastPhone(clearancePx: number) {
  return { position: 'bottom-center', offset: { bottom: 16 + clearancePx, left: 16, right: 16 } } as const;
}
