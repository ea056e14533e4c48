import { expect, type Page, test } from '@playwright/test';
import { goInApp } from '../support/app-script';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// The surname directory in a real browser against the real server (docs/product/surnames.md): list cards and
// counts, search, detail, the visitor gate, a member's submission and a staff member applying it.

const english = async (page: Page) => {
  await chooseLanguage(page.context(), 'en');
};

test.describe('surname list', () => {
  test('shows four placeholders while loading, then one card per surname with its member count', async ({
    browser,
    page,
  }) => {
    // Two members named Vyas and one Dave, each in a throw-away context so this page stays a visitor.
    for (const surname of ['Vyas', 'Vyas', 'Dave']) {
      const ctx = await browser.newContext();
      await signUp(ctx.request, newMember('count'), surname);
      await ctx.close();
    }
    await english(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/surnames?*', async (route) => {
      await held;
      await route.continue();
    });
    // Opened from inside the app, on a slow connection: a page load would bring the list rendered.
    await page.goto('/');
    await goInApp(page, '/surnames');
    await expect(page.getByTestId('surname-skeleton')).toHaveCount(4);
    release();

    await expect(page.getByRole('heading', { level: 1, name: 'List of surnames' })).toBeVisible();
    await expect(page.getByTestId('surname-skeleton')).toHaveCount(0);
    // The seed has about 100 surnames; all of them are listed (the list follows the cursor past 100).
    // The first screenful renders at once, the rest right after (SurnameList's useProgressive).
    await expect.poll(() => page.getByTestId('surname-card').count()).toBeGreaterThanOrEqual(100);

    const vyas = page.getByTestId('surname-card').filter({ hasText: 'Vyas' });
    await expect(vyas).toHaveAttribute('href', '/surname/Vyas');
    await expect(vyas.getByTestId('surname-members')).toHaveText('2 members registered');
    await expect(vyas.getByTestId('surname-hint')).toBeVisible();
    const dave = page.getByTestId('surname-card').filter({ hasText: 'Dave' });
    await expect(dave.getByTestId('surname-members')).toHaveText('1 member registered');
    await expect(
      page.getByTestId('surname-card').filter({ hasText: 'Oza' }).getByTestId('surname-members'),
    ).toHaveText('0 member registered');
  });

  test('opens the share sheet with the list URL tagged with utm source and medium', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      navigator.share = async (data) => {
        (window as unknown as { shared: unknown[] }).shared.push(data);
      };
    });
    await page.goto('/surnames');
    await page.getByRole('button', { name: 'Share with others' }).click();
    const shared =
      (await page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared)) ?? [];
    expect(shared).toHaveLength(1);
    const url = new URL(shared[0].url);
    expect(url.pathname).toBe('/surnames');
    expect(url.searchParams.get('utm_source')).toBeTruthy();
    expect(url.searchParams.get('utm_medium')).toBeTruthy();
  });

  test('filters instantly by Latin spelling, Gujarati name or pronunciation', async ({ page }) => {
    await page.goto('/surnames');
    await expect(page.getByRole('heading', { level: 1, name: 'અટકોની યાદી' })).toBeVisible();
    const search = page.getByRole('searchbox');
    const cards = page.getByTestId('surname-card');
    await expect(cards.first()).toBeVisible();

    await search.fill('trived');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('href', '/surname/Trivedi');

    await search.fill('ત્રિવેદી');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('href', '/surname/Trivedi');

    // Pronunciation with its diacritics, typed with or without them.
    await search.fill('Śāh');
    await expect(cards.filter({ hasText: 'Shah' })).toHaveCount(1);

    await search.fill('qqqq');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('qqqq')).toBeVisible();

    await search.fill('');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(100);
  });
});

test.describe('surname detail', () => {
  test('shows the surname with unknown fallbacks, and a visitor the login gate that comes back here', async ({
    page,
  }) => {
    await english(page);
    await page.goto('/surnames');
    await page.getByTestId('surname-card').filter({ hasText: 'Pandya' }).click();
    await expect(page).toHaveURL(/\/surname\/Pandya$/);
    await expect(page).toHaveTitle('Pandya - surname | Samaj');
    await expect(page.getByRole('heading', { level: 1, name: 'પંડ્યા' })).toBeVisible();
    await expect(page.getByTestId('surname-gam')).toHaveText('Unknown');
    await expect(page.getByTestId('surname-kuldevta')).toHaveText('Unknown');
    await expect(page.getByText(/^Last updated /)).toBeVisible();

    const update = page.getByRole('region', { name: 'Update From' });
    await expect(update.getByText('Log in to continue')).toBeVisible();
    const forward = `?forward=${encodeURIComponent('/surname/Pandya')}`;
    await expect(update.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login${forward}`);
    await expect(update.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
      'href',
      `/signup${forward}`,
    );
    await expect(page.getByRole('button', { name: 'Share with others' })).toBeVisible();

    await page.getByRole('link', { name: 'All surnames' }).click();
    await expect(page).toHaveURL(/\/surnames$/);
  });

  test('shows the Gujarati unknown fallback and a clear not-found state', async ({ page }) => {
    await page.goto('/surname/Pandya');
    await expect(page.getByTestId('surname-gam')).toHaveText('અજ્ઞાત');
    await page.goto('/surname/Nosuchname');
    await expect(page.getByTestId('surname-not-found')).toBeVisible();
    await expect(page).toHaveTitle('Nosuchname - surname | Samaj');
  });
});

test.describe('member submission and staff review', () => {
  test('a member submits, sees Submitted, and the staff apply shows on the detail page', async ({
    browser,
    page,
  }) => {
    await english(page);
    const member = await signUp(page.request, newMember('submit'), 'Patel');
    await page.goto('/surname/Kothari');
    const update = page.getByRole('region', { name: 'Update From' });
    const submit = update.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await update.getByLabel('Native place (gam)').fill('Bhavnagar');
    await update.getByLabel('Family deity (kuldevta)').fill('Khodiyar');
    await update.getByLabel('History').fill('Merchants of the coast.\n\n<img src=x onerror="alert(1)">');
    await submit.click();
    await expect(update.getByText('Submitted')).toBeVisible();
    await expect(update.getByText(/team will review/)).toBeVisible();
    await expect(update.getByLabel('Native place (gam)')).toHaveValue('');
    await shoot(page, { path: test.info().outputPath('surnames-submitted.png'), fullPage: true });
    const mine = page.getByTestId('my-submission');
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-status', 'pending');
    await expect(mine.getByText('Under review')).toBeVisible();

    // A member cannot review: the console says so and the server refuses.
    expect((await page.request.get('/api/admin/surname-submissions')).status()).toBe(403);

    // An Admin applies it from the staff console.
    const staffContext = await browser.newContext();
    await chooseLanguage(staffContext, 'en');
    const staff = await staffContext.newPage();
    const admin = await signUp(staff.request, newMember('staff'), 'Patel');
    grant(admin.username, 'Admin');
    await staff.goto('/admin/surnames');
    const card = staff.getByTestId('surname-submission').filter({ hasText: 'Kothari' });
    await expect(card.getByText('Bhavnagar')).toBeVisible();
    await expect(card.getByText(`@${member.username}`)).toBeVisible();
    await shoot(staff, { path: test.info().outputPath('surnames-review.png'), fullPage: true });
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect(card).toHaveCount(0);
    await staffContext.close();

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.reload();
    await expect(page.getByTestId('surname-gam')).toHaveText('Bhavnagar');
    await expect(page.getByTestId('surname-kuldevta')).toHaveText('Khodiyar');
    const description = page.getByTestId('surname-description');
    await expect(description).toContainText('Merchants of the coast.');
    // The member's markup is shown as text, never run.
    await expect(description).toContainText('<img src=x onerror="alert(1)">');
    await expect(description.locator('img')).toHaveCount(0);
    await expect(page.getByText(/^Last updated Just now$/)).toBeVisible();
    // Nothing missing any more: no Update From section; the member sees the outcome.
    await expect(page.getByRole('region', { name: 'Update From' })).toHaveCount(0);
    await expect(page.getByTestId('my-submission')).toHaveAttribute('data-status', 'applied');
    expect(dialogs).toEqual([]);
  });

  test('a visitor who logs in from the gate comes back to the surname and can submit', async ({ page }) => {
    await english(page);
    const member = newMember('gate');
    await signUp(page.request, member, 'Patel');
    await page.context().clearCookies();
    await page.goto('/surname/Kapadia');
    await page.getByRole('region', { name: 'Update From' }).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login\?forward=%2Fsurname%2FKapadia/);
  });
});

test.describe('screenshots', () => {
  for (const width of [375, 1280]) {
    test(`list and detail at ${width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/surnames');
      await expect(page.getByTestId('surname-card').first()).toBeVisible();
      await shoot(page, { path: testInfo.outputPath(`surnames-list-${width}.png`) });
      await page.goto('/surname/Kothari');
      await expect(page.getByTestId('surname-gam')).toBeVisible();
      await shoot(page, { path: testInfo.outputPath(`surnames-detail-${width}.png`), fullPage: true });
      await page.goto('/surname/Pandya');
      await expect(page.getByRole('region', { name: 'Update From' })).toBeVisible();
      await shoot(page, { path: testInfo.outputPath(`surnames-gate-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
