import { messages } from '@consultorio/shared';
import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import type { CSSProperties } from 'react';
import { darken, readableOn } from './theme-colors';

/**
 * Mantine's teal with its dark end deepened: the primary shade (8) carries white text at 5:1,
 * and its hover (9) more, where the stock shades 7 and 8 gave 3.1:1 and 3.9:1.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#099268',
  '#087f5b',
  '#066649',
];

const PRIMARY_SHADE = 8;
const WHITE = '#ffffff';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: PRIMARY_SHADE,
  colors: { teal },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  // Transitions (modals, drawers, menus) are skipped for those who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // Every close button (modals, drawers, alerts...) is named; one that means more says so itself.
    CloseButton: { defaultProps: { 'aria-label': messages.common.close } },
    // A menu opened from its button focuses its first item, not a nameless placeholder that a menu may not hold.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { size: 'md' } },
    // The active link's description keeps its full colour (Mantine fades it to 90 %, below 4.5:1 on the hover background).
    NavLink: { styles: { description: { opacity: 1 } } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    // A table wider than a phone scrolls sideways in its box, which the keyboard must reach too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

const colors = { ...DEFAULT_THEME.colors, teal };
const gray = DEFAULT_THEME.colors.gray;
/** Where the dimmed grey is drawn: white and the light greys. */
const PAGE_BACKGROUNDS = [WHITE, gray[0], gray[1]];
/**
 * Where a link may be drawn: those, and the pale background of every palette's light variant
 * (an alert with a link in it), shade 1. The `dark` palette is the dark scheme's greys.
 */
const LINK_BACKGROUNDS = [
  ...PAGE_BACKGROUNDS,
  ...Object.entries(colors)
    .filter(([name]) => name !== 'dark')
    .map(([, shades]) => shades[1]),
];

/**
 * Every text the theme colours reads at 4.5:1 or more (WCAG AA), for every palette and not
 * screen by screen: a filled button's white text on its colour; the text of the light variant
 * (badges, light buttons, alerts) on its pale background and its hover; coloured text
 * (`c="red"`), error messages and the dimmed grey on white and the light greys (a striped
 * table row); links on those and on any alert. A shade (`c="red.8"`) is the raw palette, not
 * adjusted: text takes the colour's name.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const filled = readableOn(shades[PRIMARY_SHADE] ?? shades[9], [WHITE]);
    const lightColor = readableOn(shades[9], [WHITE, shades[1], shades[2]]);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
    light[`--mantine-color-${name}-text`] = readableOn(filled, PAGE_BACKGROUNDS);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readableOn(gray[6], PAGE_BACKGROUNDS),
      '--mantine-color-error': readableOn(DEFAULT_THEME.colors.red[8], PAGE_BACKGROUNDS),
      '--mantine-color-anchor': readableOn(teal[PRIMARY_SHADE], LINK_BACKGROUNDS),
    },
    dark: {},
  };
};

/**
 * The toasts' rich colours (sonner's own success and error greens and reds read at about 4.2:1
 * on their pale backgrounds): their text takes the theme's light-variant colour, which reads on
 * shades 1 and 2, darker than sonner's backgrounds. Set on the toaster, whose variables they replace.
 */
export const toastColors = {
  '--success-text': 'var(--mantine-color-green-light-color)',
  '--info-text': 'var(--mantine-color-blue-light-color)',
  '--warning-text': 'var(--mantine-color-orange-light-color)',
  '--error-text': 'var(--mantine-color-red-light-color)',
} as CSSProperties;
