import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react 0.27, line for line (MIT, © Floating UI contributors), for
 * Mantine's ScrollArea in the web build. ScrollArea takes nothing else from floating-ui, yet
 * importing it put the whole library (some 20 KB gzip) into the first load of every page with a
 * table (Table.ScrollContainer draws a ScrollArea), where no floating element is drawn.
 * `scrollAreaMergeRefs` (vite-plugins.ts) gives ScrollArea this module in floating-ui's place;
 * `scroll-area-merge-refs.test.tsx` holds it against floating-ui's own.
 */
export function useMergeRefs<Instance>(refs: ReadonlyArray<Ref<Instance> | undefined>): null | RefCallback<Instance> {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) {
          return undefined;
        }
        if (typeof ref === 'function') {
          const refCallback = ref;
          const refCleanup = refCallback(instance);
          return typeof refCleanup === 'function'
            ? refCleanup
            : () => {
                refCallback(null);
              };
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => {
        cleanups.forEach((refCleanup) => refCleanup?.());
      };
    },
    // The refs themselves are the dependencies, as in floating-ui (React compares them one by one).
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) {
        return null;
      }
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) {
          cleanupRef.current = refEffect(value);
        }
      };
    },
    // The refs themselves are the dependencies, as in floating-ui (React compares them one by one).
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    refs,
  );
}
