import { useEffect, useState } from 'react';

/** Calls back once the browser has painted what was just drawn; answers how to cancel it. */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}

/**
 * A control a page draws at once but whose code it need not wait for (issue 34): its chunk is
 * asked for once the page has been painted, and a stand-in of the same size is drawn meanwhile.
 * `useWanted()` is false until the first paint after the first mount, then true; once asked for,
 * later mounts (a dialog opened afterwards) draw the control at once. `request()` asks for it
 * now (a click on the stand-in).
 */
export function afterPaintLoad(): { useWanted: () => boolean; request: () => void } {
  let requested = false;
  const listeners = new Set<() => void>();
  const request = () => {
    if (requested) return;
    requested = true;
    for (const listener of listeners) listener();
  };
  function useWanted(): boolean {
    const [wanted, setWanted] = useState(requested);
    useEffect(() => {
      if (wanted) return undefined;
      const listener = () => setWanted(true);
      listeners.add(listener);
      if (requested) listener();
      const cancel = afterNextPaint(request);
      return () => {
        listeners.delete(listener);
        cancel();
      };
    }, [wanted]);
    return wanted;
  }
  return { useWanted, request };
}
