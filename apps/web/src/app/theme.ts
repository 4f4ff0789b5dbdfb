import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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
  components: {
    Modal: { defaultProps: { size: 'md' } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
  },
});

const colors = { ...DEFAULT_THEME.colors, teal };
const gray = DEFAULT_THEME.colors.gray;

/**
 * Every text the theme colours reads at 4.5:1 or more (WCAG AA), for every palette and not
 * screen by screen: a filled button's white text on its colour, the text of the light
 * variant (badges, light buttons, alerts) on its pale background and its hover, a coloured
 * text (`c="red"`), links, error messages and the dimmed grey on white and light grey.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const filled = readableOn(shades[PRIMARY_SHADE] ?? shades[9], [WHITE]);
    const lightColor = readableOn(shades[9], [WHITE, shades[1], shades[2]]);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = lightColor;
  }
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readableOn(gray[6], [WHITE, gray[0], gray[1]]),
      '--mantine-color-error': readableOn(DEFAULT_THEME.colors.red[8], [WHITE]),
      '--mantine-color-anchor': readableOn(teal[PRIMARY_SHADE], [WHITE]),
    },
    dark: {},
  };
};
