import { expect, test } from '@playwright/test';

// Link previews in chat apps read the HTML the server sends and run no script (issue 12 §4); once
// the app starts in a browser it takes the head over, leaving one title and one set of tags.

test('a shared surname link carries its own card in the HTML, and the started app keeps one title', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/surname/Patel')).text();
  expect(html).toContain('<title data-ssr>Patel - surname | Samaj</title>');
  expect(html).toMatch(/<meta property="og:title" content="Patel - surname \| Samaj" data-ssr>/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/share-card\.png"/);
  const card = await request.get('/share-card.png');
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');

  await page.goto('/surname/Patel');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Patel - surname | Samaj');
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head [data-ssr]')).toHaveCount(0);
});

test('the home page is sent with its own title and the app keeps it', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<title data-ssr>ટૂલ્સ | Samaj</title>');
  await page.goto('/');
  await expect(page).toHaveTitle('ટૂલ્સ | Samaj');
  await expect(page.locator('head title')).toHaveCount(1);
});
