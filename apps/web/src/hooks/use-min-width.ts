import { useMediaQuery } from '@mantine/hooks';

export function minWidthQuery(pixels: number): string {
  return `(min-width: ${pixels}px)`;
}

/** Whether the window is at least `pixels` wide, known from the first render (no flash). */
export function useMinWidth(pixels: number): boolean {
  return useMediaQuery(minWidthQuery(pixels), undefined, { getInitialValueInEffect: false });
}

/** Whether the window is at most `pixels` wide (a phone's layout); false where media queries are unknown. */
export function useMaxWidth(pixels: number): boolean {
  return useMediaQuery(`(max-width: ${pixels}px)`, undefined, { getInitialValueInEffect: false });
}
