import { startTransition, useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { loadOnce } from './load-once';
import { loadedLazy, tellControlLoadFailure } from './stand-in-slot';

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

/** How long after the next frame the callback of `afterContentPaint` waits when no paint is reported for it. */
const CONTENT_PAINT_FALLBACK_MS = 250;

/** Whether the browser still reports the page's largest paints: it can, and stops at the user's first input. */
function arePaintsStillReported(): boolean {
  if (typeof PerformanceObserver === 'undefined') return false;
  const supported = PerformanceObserver.supportedEntryTypes;
  if (!supported.includes('largest-contentful-paint')) return false;
  if (supported.includes('first-input')) return performance.getEntriesByType('first-input').length === 0;
  // Without either, whether the user acted cannot be told: the paint is not waited for.
  return 'userActivation' in navigator && !navigator.userActivation.hasBeenActive;
}

/**
 * Calls back once the browser reports what was just drawn on the screen: a largest-contentful-
 * paint entry for an element `within` the given one or, without it, any such entry from now on
 * (the frame presented, not only produced); answers how to cancel it. Lighthouse's simulated LCP
 * counts every request started before the observed paint, so a chunk asked for between React's
 * commit and the frame reaching the screen was charged to the page's main content (issue 34: the
 * record's editor, 48 KB, about half a second of its simulated LCP). Where this cannot be told
 * (no such entries, or the user already acted on the page, after which the browser reports none)
 * the callback comes after the next paint; where nothing larger was painted, shortly after it.
 */
export function afterContentPaint(callback: () => void, within?: Element): () => void {
  if (!arePaintsStillReported()) return afterNextPaint(callback);
  const since = performance.now();
  const isOurs = (entry: PerformanceEntry) => (within ? within.contains((entry as LargestContentfulPaint).element) : entry.startTime >= since);
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    cancel();
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some(isOurs)) fire();
  });
  const cancelFrame = afterNextPaint(() => {
    fallback = setTimeout(fire, CONTENT_PAINT_FALLBACK_MS);
  });
  const cancel = () => {
    observer.disconnect();
    cancelFrame();
    clearTimeout(fallback);
  };
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  return cancel;
}

/**
 * A control a page draws at once but whose code it need not wait for (issue 34): its chunk
 * (`load`, the control being `pick`ed from it) is asked for once the page has been painted
 * (`afterContentPaint`), and a stand-in of the same size is drawn meanwhile (`StandInSlot`).
 * `useStandIn()` tells whether the control is wanted: false until the chunk has come after the
 * first paint after the first mount, then true; later mounts draw the control at once. The
 * stand-in's focus or click asks for it now. A chunk that did not come leaves the stand-in, and is
 * asked for again by the next mount or reach.
 */
export function afterPaintLoad<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): { Control: ComponentType<P>; useStandIn: () => StandInState } {
  const loadChunk = loadOnce(load);
  let isLoaded = false;
  const listeners = new Set<() => void>();
  const request = (tellsFailure: boolean) => {
    loadChunk().then(
      () => {
        isLoaded = true;
        // A transition: the stand-in stays drawn, focused and clicked, until the control is drawn.
        startTransition(() => {
          for (const listener of listeners) listener();
        });
      },
      (error: unknown) => {
        // Told only while a stand-in is on screen, not on the page the professional went to.
        if (tellsFailure && listeners.size > 0) tellControlLoadFailure(error);
        else console.error(error);
      },
    );
  };
  function useWanted(): boolean {
    const [wanted, setWanted] = useState(isLoaded);
    useEffect(() => {
      if (wanted) return undefined;
      const listener = () => setWanted(true);
      listeners.add(listener);
      if (isLoaded) listener();
      const cancel = afterContentPaint(() => request(false));
      return () => {
        listeners.delete(listener);
        cancel();
      };
    }, [wanted]);
    return wanted;
  }
  /** Whether the control is wanted yet, what its stand-in hands over, and the stand-in's handlers. */
  const useStandIn = (): StandInState => useHandOver(useWanted(), () => request(true));
  return { Control: loadedLazy(loadChunk, pick), useStandIn };
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** A key that opens a field's list or calendar: on its stand-in, it asks for the control. */
export function isOpeningKey(event: KeyboardEvent): boolean {
  return OPENING_KEYS.has(event.key);
}

/** What the stand-in hands over as the control comes, and the handlers that ask for it. */
function useHandOver(isWanted: boolean, request: () => void): StandInState {
  const [takesFocus, setTakesFocus] = useState(false);
  const [opensAtOnce, setOpensAtOnce] = useState(false);
  const handlers = {
    onFocus: () => {
      setTakesFocus(true);
      request();
    },
    onBlur: () => setTakesFocus(false),
    // A mouse press, before the focus it gives: a click whose press drew the control would not
    // reach either of them. A touch waits for its click (it may be a scroll).
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      setOpensAtOnce(true);
      request();
    },
    onClick: () => {
      setOpensAtOnce(true);
      request();
    },
    // The keys that open the control: after a chunk that did not come the stand-in keeps the
    // focus, and these ask for it again.
    onKeyDown: (event: KeyboardEvent) => {
      if (isOpeningKey(event)) request();
    },
  };
  return { isWanted, handOver: { takesFocus, opensAtOnce }, handlers };
}

/**
 * A control a page draws only when the user reaches for it (issue 34), where drawing it costs
 * more than its stand-in shows: its chunk (`load`, the control being `pick`ed from it) is fetched
 * and run once the page has been painted, and each stand-in becomes the control on its own focus
 * or click (in a transition: the stand-in stays until the control is ready; `StandInSlot`).
 * Finance's calendar and expense fields drew some 200 components and positioned their hidden lists
 * after the page's first paint: a task of 300 ms on a phone, for fields most visits do not touch.
 */
export function intentLoad<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Control: ComponentType<P>; useIntent: () => Intent; useStandIn: () => StandInState } {
  const loadChunk = loadOnce(load);
  // A chunk that did not come is asked for again by the next page, or by the control's own reach.
  const prefetch = () => void loadChunk().catch(() => undefined);
  function useIntent(): Intent {
    const [isWanted, setIsWanted] = useState(false);
    const isMounted = useIsMounted();
    useEffect(() => (isWanted ? undefined : afterContentPaint(prefetch)), [isWanted]);
    const request = () => {
      loadChunk().then(
        // A transition: the stand-in stays drawn and focused until the control is drawn (its blur
        // is then a real one, which cancels the hand-over of the focus).
        () => startTransition(() => setIsWanted(true)),
        // Told only while the field is on screen, not on the page the professional went to.
        (error: unknown) => (isMounted.current ? tellControlLoadFailure(error) : console.error(error)),
      );
    };
    return { isWanted, request };
  }
  function useStandIn(): StandInState {
    const { isWanted, request } = useIntent();
    return useHandOver(isWanted, request);
  }
  return { Control: loadedLazy(loadChunk, pick), useIntent, useStandIn };
}

/** Whether a control is wanted yet, and how to ask for it (its chunk first, then its draw). */
export interface Intent {
  isWanted: boolean;
  request: () => void;
}

export interface StandInState {
  isWanted: boolean;
  handOver: StandInHandOver;
  handlers: { onFocus: () => void; onBlur: () => void; onPointerDown: (event: PointerEvent) => void; onClick: () => void; onKeyDown: (event: KeyboardEvent) => void };
}

/** Whether the component is still on screen, for what a promise does once it settles. */
function useIsMounted(): { readonly current: boolean } {
  const isMounted = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  return isMounted;
}
