/** Height of the authenticated top bar; toasts open below it so they never cover its buttons. */
export const TOP_BAR_HEIGHT_PX = 64;

export const TOAST_OFFSET = { top: TOP_BAR_HEIGHT_PX + 8, right: 16 } as const;
