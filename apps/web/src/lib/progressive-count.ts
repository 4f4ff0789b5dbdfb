import { useMantineTheme, type MantineBreakpointsValues } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';

/** How many items a long list draws with the page, and how many more each following task. */
export interface ProgressiveSteps {
  first: number;
  step: number;
}

/** The columns of a grid of cards (the patients, the records, the questionnaires…): one on a phone, two from `sm`, three from `lg`. */
export const CARD_GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
/** Rows drawn with the page: a little more than a screenful of cards, on a phone as on a desktop. */
const FIRST_ROWS = 4;

/**
 * How a card grid is drawn on a screen with `columns` columns: four rows with the page, then eight
 * cards per task, four on a phone. On a phone, twelve cards in the page's first commit (a
 * desktop's four rows) were some 690 components before the first paint for three screenfuls
 * below it, and eight cards a step made tasks of 60-80 ms at a mid-range phone's speed (issue 34).
 */
export function cardGridSteps(columns: number): ProgressiveSteps {
  return { first: FIRST_ROWS * columns, step: columns === 1 ? 4 : 8 };
}

/** The grid's columns at the window's width now: those of the widest breakpoint reached. */
function cardGridColumnsNow(breakpoints: MantineBreakpointsValues): number {
  const { base, ...fromBreakpoint } = CARD_GRID_COLUMNS;
  const reached = Object.entries(fromBreakpoint)
    .filter(([breakpoint]) => window.matchMedia(`(min-width: ${breakpoints[breakpoint as keyof typeof fromBreakpoint]})`).matches)
    .map(([, columns]) => columns);
  return Math.max(base, ...reached);
}

/** The steps of a card grid for the window's width when the grid first draws (a later resize keeps them: they only pace the drawing). */
export function useCardGridSteps(): ProgressiveSteps {
  const { breakpoints } = useMantineTheme();
  const [steps] = useState(() => cardGridSteps(cardGridColumnsNow(breakpoints)));
  return steps;
}

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
