import { useEffect, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import { loadOnce } from './load-once';

type Sonner = typeof SonnerModule;

const loadSonner = loadOnce(() => import('sonner'));
let isToasterNeeded = false;
const listeners = new Set<() => void>();

function setToasterNeeded(): void {
  if (isToasterNeeded) return;
  isToasterNeeded = true;
  for (const listener of listeners) listener();
}

/**
 * sonner (the toasts) loads with the first toast, not with the login page, whose JavaScript
 * has a budget of 120 KB gzip. Its Toaster is mounted once the chunk has come, and shows the
 * toasts made before. A chunk that did not come (the connection dropped) loses those toasts, never
 * the page they were shown on: the next toast asks for it again.
 */
export function loadToasts(): Promise<Sonner> {
  return loadSonner().then((sonner) => {
    setToasterNeeded();
    return sonner;
  });
}

/** Whether sonner has come for a toast: the providers mount the Toaster from then on. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isToasterNeeded,
  );
}

/** Use these rather than sonner's `toast`, which would put sonner into the first load. */
export const toast = {
  success(message: string): void {
    loadToasts().then(({ toast: sonnerToast }) => sonnerToast.success(message), console.error);
  },
  /** A toast with an `id` replaces the one shown with the same id (one failure told once). */
  error(message: string, options?: { id: string }): void {
    loadToasts().then(({ toast: sonnerToast }) => sonnerToast.error(message, options), console.error);
  },
};

let clearancePx = 0;
const clearanceListeners = new Set<() => void>();

function setClearance(px: number): void {
  if (px === clearancePx) return;
  clearancePx = px;
  for (const listener of clearanceListeners) listener();
}

/**
 * Keeps a phone's toasts (at the bottom of the screen) above `element` while it is drawn: a bar
 * the page keeps at the bottom, such as a chat's input bar, which a toast would cover with its
 * send button.
 */
export function useToastClearance(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => {
      const viewportBottom = window.visualViewport ? window.visualViewport.offsetTop + window.visualViewport.height : window.innerHeight;
      setClearance(Math.max(0, Math.round(viewportBottom - element.getBoundingClientRect().top)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The bar moves with a scroll of the page and with a phone's keyboard (the visual viewport).
    const moves: Array<[EventTarget, string]> = [
      [window, 'resize'],
      [window, 'scroll'],
      ...(window.visualViewport ? ([[window.visualViewport, 'resize'], [window.visualViewport, 'scroll']] as Array<[EventTarget, string]>) : []),
    ];
    for (const [target, type] of moves) target.addEventListener(type, measure, { passive: true });
    return () => {
      observer.disconnect();
      for (const [target, type] of moves) target.removeEventListener(type, measure);
      setClearance(0);
    };
  }, [element]);
}

/** How far above the bottom a phone's toasts stay (`useToastClearance`), in pixels. */
export function useToastClearancePx(): number {
  return useSyncExternalStore(
    (listener) => {
      clearanceListeners.add(listener);
      return () => clearanceListeners.delete(listener);
    },
    () => clearancePx,
  );
}
