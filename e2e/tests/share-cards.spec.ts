import { expect, test } from '@playwright/test';

// Link previews in chat apps read the HTML the server sends and run no script
// (docs/product/shell.md, "Titles and head tags"). The head tags come from the page's own server render; the
// app hydrates them as its own: one title, one set of tags, changing with the page.

test('a shared surname link carries its own card in the HTML, and the started app keeps one title', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/surname/Patel')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<title>Patel - surname | Samaj</title>');
  expect(head).toContain('<meta property="og:title" content="Patel - surname | Samaj"/>');
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
  // Another page takes the head over with its own tags, and leaves one of each.
  await page.getByRole('link', { name: 'બધી અટકો' }).click();
  await expect(page).toHaveURL('/surnames');
  await expect(page).toHaveTitle('અટકોની યાદી | Samaj');
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/surnames$/);
});

test('the home page is sent with its own title and the app keeps it', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html.slice(0, html.indexOf('</head>'))).toContain('<title>ટૂલ્સ | Samaj</title>');
  await page.goto('/');
  await expect(page).toHaveTitle('ટૂલ્સ | Samaj');
  await expect(page.locator('head title')).toHaveCount(1);
});
