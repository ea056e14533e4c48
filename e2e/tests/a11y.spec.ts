import { createRequire } from 'node:module';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { grant, newMember, signUp } from '../support/members';
import { createPost } from '../support/posts';

// Readable by everyone (docs/product/operations.md, "Performance targets"): axe-core finds no serious or
// critical WCAG 2.1 A/AA violation on any screen, at phone and desktop widths, for a visitor, a member and an
// Admin in the console. Every later screen is added here, so it stays true.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WIDTHS = [375, 1280] as const;

/** Screens everyone opens; a visitor sees their login gates, a member the screens themselves. */
const SHARED = ['/', '/posts', '/surnames', '/surname/Patel', '/events', '/matrimony'];
const VISITOR = [
  ...SHARED,
  '/community-map',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=x',
  '/confirm-email',
  '/scholarships',
  '/jobs',
  '/businesses',
  '/venues',
  '/settings',
  '/settings/help',
  '/settings/about',
  '/no/such/page',
];
/** Every page a member opens, as on visitor pages; their own post under review, profile and post page join in the test. */
const MEMBER = [
  ...SHARED,
  '/community-map',
  '/scholarships',
  '/jobs',
  '/businesses',
  '/venues',
  '/personas?type=notable',
  '/settings/help',
  '/settings/about',
  '/no/such/page',
  '/profile',
  '/settings',
  '/settings/profile',
  '/settings/notifications',
  '/settings/privacy',
  '/publisher-request',
  '/events/create',
];
const ADMIN = [
  '/admin',
  '/admin/posts',
  '/admin/reports',
  '/admin/publishers',
  '/admin/matrimony',
  '/admin/matrimony-reports',
  '/admin/surnames',
  '/admin/carousel',
  '/admin/audit',
  '/admin/members',
  '/events/create',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The page's real content: no skeletons or spinners left, nothing loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).not.toHaveText(/^\s*$/);
  await expect(page.locator('[data-testid$="skeleton"], .mantine-Loader-root')).toHaveCount(0, {
    timeout: 15_000,
  });
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(url: string, width: number, violations: Violation[]): string {
  return violations
    .map((v) =>
      [
        `${url} @${width}px: ${v.id} (${v.impact}) ${v.help}`,
        ...v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`),
      ].join('\n'),
    )
    .join('\n');
}

async function check(
  browser: Browser,
  pages: string[],
  login?: (page: Page) => Promise<string[] | undefined>,
) {
  // axe is injected as a script tag, which the app's CSP would refuse.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const routes = [...pages, ...((login && (await login(page))) ?? [])];
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const url of routes) {
      await page.goto(url);
      await settled(page);
      const violations = await seriousViolations(page);
      if (violations.length) found.push(describeViolations(url, width, violations));
    }
  }
  await context.close();
  expect(found, found.join('\n')).toEqual([]);
}

test.describe('accessibility (axe-core, WCAG 2.1 AA, serious and critical)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every screen a visitor reaches', async ({ browser }) => {
    await check(browser, VISITOR);
  });

  test('every screen a member reaches', async ({ browser }) => {
    await check(browser, MEMBER, async (page) => {
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const someone = await signUp(other.request, newMember('a11yother'));
      await other.close();
      const me = await signUp(page.request, newMember('a11y'));
      // The member's own post waits for review: the feed, their profile and the post show its banner.
      const post = await createPost(page.request, 'A post that waits for review.');
      return [`/profile/${me.username}`, `/profile/${someone.username}`, `/post/${post.id}`];
    });
  });

  test('the staff console for an Admin', async ({ browser }) => {
    await check(browser, ADMIN, async (page) => {
      const admin = await signUp(page.request, newMember('a11yadmin'));
      grant(admin.username, 'Admin');
      return undefined;
    });
  });
});
