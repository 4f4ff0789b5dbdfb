import { createContext, useContext } from 'react';

/** Goes to one of the app's paths (`paths`); resolves once the page is shown. */
export type NavigateTo = (to: string) => Promise<void>;

/**
 * How the login page navigates, given by whoever renders it: the router's navigate inside the
 * app, or the start of the app (router included) when the login page was shown on its own, before
 * the router was loaded (main.tsx). The login page itself imports nothing of the router.
 */
export const NavigationContext = createContext<NavigateTo | null>(null);

export function useNavigateTo(): NavigateTo {
  const navigate = useContext(NavigationContext);
  if (!navigate) throw new Error('useNavigateTo needs a NavigationContext provider (PublicLayout or the standalone login)');
  return navigate;
}

/** A link's click that the page should handle itself: a plain left click, without a modifier (others open a tab or window as usual). */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}
