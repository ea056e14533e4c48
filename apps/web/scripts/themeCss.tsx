// The theme's CSS variables and Mantine's global classes as a stylesheet (src/app/theme.css), instead of
// the two <style> elements MantineProvider renders into every page: those were ~6.4 KB of each page's
// HTML, and their CSS was worked out again on every server render and during every page's takeover on
// the phone — inside MantineProvider's own render, which React cannot split (one long task at 4× CPU).
// The file is written from Mantine's own output for src/app/theme.ts; a test (themeCss.test.ts)
// fails when the theme changes and the file does not: `npm run theme-css -w @samaj/web` rewrites it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { COLOR_SCHEME } from '../src/app/colorScheme';
import { cssVariablesResolver, theme } from '../src/app/theme';

export const THEME_CSS_FILE = path.join(import.meta.dirname, '../src/app/theme.css');

const HEADER = `/* Written by scripts/themeCss.tsx from src/app/theme.ts (Mantine's own CSS variables and global
   classes for it); do not edit: change the theme and run \`npm run theme-css -w @samaj/web\`. */\n`;

/** What MantineProvider itself would put in the page's <style> elements for this theme. */
export function themeCss(): string {
  const html = renderToStaticMarkup(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={COLOR_SCHEME}
    >
      <span />
    </MantineProvider>,
  );
  const styles = [...html.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]);
  if (styles.length !== 2) throw new Error(`expected Mantine's two <style> elements, found ${styles.length}`);
  return `${HEADER}${styles.join('\n')}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(THEME_CSS_FILE, themeCss());
  console.log(`wrote ${path.relative(process.cwd(), THEME_CSS_FILE)}`);
}
