import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/**
 * sonner (the toasts) loads with the first toast, not with the login page, whose JavaScript
 * has a budget of 120 KB gzip. Its Toaster shows the toasts made before it was mounted.
 */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Whether a toast has been asked for yet: the providers mount the Toaster from then on. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== undefined,
  );
}

/** Use these rather than sonner's `toast`, which would put sonner into the first load. */
export const toast = {
  success(message: string): void {
    void loadToasts().then(({ toast: sonnerToast }) => sonnerToast.success(message));
  },
  error(message: string): void {
    void loadToasts().then(({ toast: sonnerToast }) => sonnerToast.error(message));
  },
};
