import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('the light variant of every colour', () => {
  it('writes its words at WCAG AA (4.5:1) on its own tint', () => {
    const light = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light;
    const colors = { ...DEFAULT_THEME.colors, ...theme.colors };
    const below = Object.entries(colors)
      .map(([name, shades = []]) => {
        const words = light[`--mantine-color-${name}-light-color`] ?? (shades[9] as string);
        return { name, ratio: contrast(words, shades[1] as string) };
      })
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ name, ratio }) => `${name} ${ratio.toFixed(2)}`);
    expect(below).toEqual([]);
  });
});
