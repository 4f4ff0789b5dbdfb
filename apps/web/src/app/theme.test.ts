import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { contrastRatio } from './theme-colors';

const AA = 4.5;
const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string | undefined> = cssVariablesResolver(resolved).light;
const colorNames = Object.keys(resolved.colors);

function variable(name: string): string {
  const value = light[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

describe('theme contrast', () => {
  it('gives white text on the primary colour at 4.5:1 or more', () => {
    expect(contrastRatio('#ffffff', resolved.colors.teal[resolved.primaryShade as 8])).toBeGreaterThanOrEqual(AA);
  });

  it.each(colorNames)('reads %s text on white, filled and light backgrounds', (name) => {
    const shades = resolved.colors[name]!;
    for (const suffix of ['filled', 'text', 'outline', 'light-color']) {
      expect(contrastRatio(variable(`--mantine-color-${name}-${suffix}`), '#ffffff')).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio('#ffffff', variable(`--mantine-color-${name}-filled-hover`))).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(variable(`--mantine-color-${name}-light-color`), shades[1])).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(variable(`--mantine-color-${name}-light-color`), shades[2])).toBeGreaterThanOrEqual(AA);
    // Coloured text also sits on the light greys (a striped table's rows).
    for (const grey of [resolved.colors.gray[0], resolved.colors.gray[1]]) {
      expect(contrastRatio(variable(`--mantine-color-${name}-text`), grey)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('reads dimmed text, links and errors on white and light grey, and links on every light-variant background (an alert)', () => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-color-error']) {
      expect(contrastRatio(variable(name), '#ffffff')).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(variable('--mantine-color-dimmed'), resolved.colors.gray[1])).toBeGreaterThanOrEqual(AA);
    for (const name of colorNames.filter((color) => color !== 'dark')) {
      const background = resolved.colors[name]![1];
      expect(contrastRatio(variable('--mantine-color-anchor'), background), `a link on ${name}.1`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('names every close button, keeps menus free of a nameless placeholder and lets the keyboard reach a table that scrolls sideways', () => {
    expect(resolved.components.CloseButton?.defaultProps).toMatchObject({ 'aria-label': 'Fechar' });
    expect(resolved.components.Menu?.defaultProps).toMatchObject({ withInitialFocusPlaceholder: false });
    expect(resolved.components.TableScrollContainer?.defaultProps).toMatchObject({ scrollAreaProps: { viewportProps: { tabIndex: 0 } } });
  });
});
