// The app's entry script held back, as on a slow phone over mobile data: the server's rendered page is
// on screen and can be read (its links followed, its fields typed in) while the app that takes it over
// is still on its way.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

/** Holds `/assets/index-*.js` until the returned function is called. */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether the app has taken the page over (React's handle on the first element matching `selector`). */
export const appHolds = (page: Page, selector: string) =>
  page.evaluate(
    (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__react')),
    selector,
  );

/** Whether the app has taken the page over (React's handle on the first input). */
export const appHoldsInput = (page: Page) => appHolds(page, 'input');

/**
 * Whether the server's markup is still the page's: React keeps the Suspense markers of a page it
 * hydrated; one it had to draw again (after a mismatch) has none.
 */
export const serverMarkupKept = (page: Page) =>
  page.evaluate(() => document.getElementById('root')?.innerHTML.includes('<!--$-->') ?? false);

/** Errors the page throws or logs from now on (a hydration mismatch is one), as the test reads them. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}

/**
 * A page of its own with the service worker allowed, as in a member's browser, and the problems it
 * logs from the start: Playwright's blocking makes registration answer nothing, which the app logs as
 * a failed registration once the page is stable — a problem no member has.
 */
export async function pageWithWorker(browser: Browser, from?: BrowserContext) {
  // A new context has no service worker yet: its first page comes from the network, as from a link.
  const storageState = from ? await from.storageState() : undefined;
  const context = await browser.newContext({ serviceWorkers: 'allow', storageState });
  const page = await context.newPage();
  return { context, page, problems: pageProblems(page) };
}

/**
 * Opens `path` inside the running app, as a tap on one of its links would (no page load): what the
 * page asks for then comes from the browser, where a test can hold or fail it, not with the server's
 * rendered page. Waits until the app has taken the current page over.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await expect.poll(() => appHolds(page, 'main')).toBe(true);
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `test-${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}
