import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// The tools-home carousel against the real server: the welcome panel until staff fill a slide,
// the console's Carousel section filling and emptying one, and both screens at phone and desktop
// widths (screenshots in test-results/carousel-screens for a look).

test.describe.configure({ mode: 'serial' });

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '../test-results/carousel-screens');

async function staff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await chooseLanguage(context, 'en');
  const page = await context.newPage();
  const member = await signUp(page.request, newMember('slides'));
  grant(member.username, 'Admin');
  return page;
}

async function look(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState('networkidle');
    await shoot(page, { path: join(shots, `${name}-${width}.png`), fullPage: width === 375 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
}

async function picture(): Promise<Buffer> {
  // A warm sunset of a banner, so the screenshot shows words over a real photo-like image.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="980" height="430">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f59f00"/><stop offset="1" stop-color="#862e9c"/></linearGradient></defs>
    <rect width="980" height="430" fill="url(#g)"/><circle cx="700" cy="180" r="90" fill="#ffe066"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('until staff fill it, the carousel shows the community name and one line', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'સમાચાર અને જાહેરાતો' });
  await expect(carousel.getByRole('heading', { name: 'Samaj' })).toBeVisible();
  await expect(carousel.getByText(/એક જ જગ્યાએ/)).toBeVisible();
  await expect(carousel.getByRole('button')).toHaveCount(0);
  await look(page, 'home-empty');
});

test('staff fill a slide in the console; members see it; removing it brings the welcome back', async ({
  browser,
  page,
}) => {
  const admin = await staff(browser);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: /Carousel/ }).click();
  await expect(admin).toHaveURL(/\/admin\/carousel$/);
  const first = admin.getByRole('region', { name: 'Slide 1' });
  await expect(first.getByText('Empty')).toBeVisible();
  await look(admin, 'console-empty');

  await first.getByLabel('Upload a picture for slide 1').setInputFiles({
    name: 'garba.png',
    mimeType: 'image/png',
    buffer: await picture(),
  });
  await expect(first.getByRole('img', { name: 'The slide’s picture' })).toBeVisible();
  await first.getByRole('textbox', { name: /Title/ }).fill('Navratri garba at the wadi');
  await first
    .getByRole('textbox', { name: /One line/ })
    .fill('Nine nights, every evening from 8 pm. Everyone welcome.');
  await first.getByRole('textbox', { name: /Link/ }).fill('javascript:alert(1)');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('Invalid value')).toBeVisible();
  await first.getByRole('textbox', { name: /Link/ }).fill('/events');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText('The slide is saved.')).toBeVisible();
  await expect(first.getByText('Shown')).toBeVisible();
  await look(admin, 'console-filled');

  // How far the page jumps while it loads (the layout shifts Lighthouse adds up as CLS).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  const slide = page.getByRole('heading', { name: 'Navratri garba at the wadi' });
  await expect(slide).toBeVisible();
  await expect(page.getByText('Nine nights, every evening from 8 pm. Everyone welcome.')).toBeVisible();
  // The slides come with the page: no welcome panel first that the carousel then pushes down.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(
    0.05,
  );
  await look(page, 'home-filled');
  await page.getByRole('link', { name: /Navratri garba at the wadi/ }).click();
  await expect(page).toHaveURL(/\/events$/);

  await first.getByRole('button', { name: 'Remove slide' }).click();
  await first.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(first.getByText('Empty')).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'સમાચાર અને જાહેરાતો' }).getByRole('heading', { name: 'Samaj' }),
  ).toBeVisible();
  await admin.context().close();
});
