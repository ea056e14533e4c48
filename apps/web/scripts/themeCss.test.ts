import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_FILE, themeCss } from './themeCss';

describe('src/app/theme.css', () => {
  it("is Mantine's own CSS for the app's theme (npm run theme-css -w @samaj/web rewrites it)", () => {
    expect(readFileSync(THEME_CSS_FILE, 'utf8')).toBe(themeCss());
  });

  it('carries the theme: its fonts, its dimmed grey and the breakpoints classes', () => {
    const css = themeCss();
    expect(css).toContain('--mantine-font-family: "Noto Sans Gujarati"');
    expect(css).toContain('--mantine-color-dimmed: #5c636a');
    expect(css).toContain('.mantine-hidden-from-sm');
  });
});
