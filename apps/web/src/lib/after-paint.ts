import { useEffect, useState } from 'react';

/** What a stand-in hands its control as the control arrives: where the user already was. */
export interface StandInHandOver {
  /** The stand-in had the focus when the control arrived: it moves there. */
  takesFocus: boolean;
  /** The stand-in was clicked before the control arrived: its list or calendar opens at once. */
  opensAtOnce: boolean;
}

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
export function afterPaintLoad(): { useWanted: () => boolean; request: () => void; useStandIn: () => StandInState } {
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
  /** Whether the control is wanted yet, what its stand-in hands over, and the stand-in's handlers. */
  function useStandIn(): StandInState {
    const isWanted = useWanted();
    const [takesFocus, setTakesFocus] = useState(false);
    const [opensAtOnce, setOpensAtOnce] = useState(false);
    const handlers = {
      onFocus: () => {
        setTakesFocus(true);
        request();
      },
      onBlur: () => setTakesFocus(false),
      onClick: () => {
        setOpensAtOnce(true);
        request();
      },
    };
    return { isWanted, handOver: { takesFocus, opensAtOnce }, handlers };
  }
  return { useWanted, request, useStandIn };
}

export interface StandInState {
  isWanted: boolean;
  handOver: StandInHandOver;
  handlers: { onFocus: () => void; onBlur: () => void; onClick: () => void };
}
