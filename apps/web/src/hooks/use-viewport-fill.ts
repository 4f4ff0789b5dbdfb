import { useLayoutEffect, useState } from 'react';

/**
 * The CSS height that takes an element from `top` (its distance from the top of the page) to
 * the bottom of the viewport, less `gapPx` below it, but never under `minPx`.
 */
export function fillHeight(top: number, minPx: number, gapPx: number): string {
  return `max(${minPx}px, calc(100dvh - ${Math.max(0, Math.round(top + gapPx))}px))`;
}

/**
 * A height that lets an element (the chat's thread and input bar) end at the bottom of the
 * viewport when the page is scrolled to the top, on a phone as on a desktop; measured again
 * when the window or the page above it changes size.
 */
export function useViewportFill<T extends HTMLElement>(minPx: number, gapPx: number): [(element: T | null) => void, string] {
  const [element, setElement] = useState<T | null>(null);
  const [top, setTop] = useState(0);

  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setTop(element.getBoundingClientRect().top + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element]);

  // The first is the element's callback ref: it is measured once it is in the page.
  return [setElement, fillHeight(top, minPx, gapPx)];
}
