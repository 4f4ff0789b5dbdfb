import { startTransition, useEffect, useState } from 'react';

/** How many items a long list draws with the page, and how many more each following task. */
export interface ProgressiveSteps {
  first: number;
  step: number;
}

/** A grid of cards (one, two or three columns): more than a screenful with the page (four rows of three on a desktop), then eight more per task. */
export const CARD_GRID_STEPS: ProgressiveSteps = { first: 12, step: 8 };

/**
 * How many of a list's `total` items to draw now (issue 34): the first screenful with the page,
 * the rest a few at a time after each commit, as transitions (React renders them in slices, the
 * browser paints between, and a click or a key goes first). Drawing forty patient cards (2,066
 * components) in the page's first commit was one task of some 200 ms on a phone, and the layout
 * after it another 260 ms. A list that grows later (the next page) is drawn the same way.
 */
export function useProgressiveCount(total: number, { first, step }: ProgressiveSteps): number {
  // Not `min(total, first)`: a list still loading (0 items) draws its first screenful at once when it comes.
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((drawn) => Math.min(total, drawn + step)));
  }, [count, total, step]);
  return Math.min(count, total);
}
