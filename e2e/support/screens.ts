import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Screenshots are for people to look at: a developer's run saves them, CI (which nobody looks at, and
 * where a full-page capture on a loaded machine has stalled a test for a minute) only checks the
 * layout, unless E2E_SCREENSHOTS=1.
 */
const SAVE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** A screenshot saved for people to look at (nothing in CI unless E2E_SCREENSHOTS=1). */
export async function shoot(
  target: Page | Locator,
  options: Parameters<Page['screenshot']>[0] & Parameters<Locator['screenshot']>[0],
): Promise<void> {
  if (SAVE_SCREENSHOTS) await target.screenshot(options);
}

/**
 * The page at a phone's width and a desktop's, each saved as a screenshot (`<dir>/<name>-<width>.png`)
 * to be looked at, and failing if it scrolls sideways. Ends at the desktop width.
 */
export async function look(page: Page, dir: string, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    await shoot(page, { path: join(dir, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious or critical WCAG 2.1 A/AA findings inside `selector` (as a11y.spec.ts runs it). */
export async function axeFindings(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (include) => {
    type Found = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Found[] }> } }
    ).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}
