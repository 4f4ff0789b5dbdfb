/**
 * Contrast arithmetic for the theme (WCAG 2.1): every text colour the theme gives out is
 * darkened until it reads at 4.5:1 or more on the background it is drawn on.
 */

/** The least contrast the theme aims at: WCAG AA for normal text (4.5:1), with a margin for rounding. */
export const MIN_TEXT_CONTRAST = 4.6;

function channels(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour mixed with black by `amount` (0 to 1). */
export function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((channel) => channel * (1 - amount)));
}

/**
 * `color` as is when it reads on every one of `backgrounds`, else the least darkened
 * version of it that does (in steps of 2 %), so a palette keeps its hue.
 */
export function readableOn(color: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  for (let step = 0; step <= 50; step += 1) {
    const candidate = darken(color, step * 0.02);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= min)) return candidate;
  }
  return '#000000';
}
