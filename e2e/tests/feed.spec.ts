import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { createPost } from '../support/posts';
import { shoot } from '../support/screens';

// The feed (docs/product/feed.md: "Posts home", "Post card", "Single post", "Post status"), as
// members use it.
// The interface runs in English here so selectors read like the spec; the strings the spec quotes
// in English are the same in Gujarati.

test.describe.configure({ mode: 'serial' });

async function photo(): Promise<Buffer> {
  // A real photo-sized image so the upload takes a moment and the preview has something to show.
  return sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 230, g: 120, b: 40 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#fff3"/><text x="800" y="520" font-size="120" text-anchor="middle" fill="#fff">Samaj</text></svg>',
        ),
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function memberPage(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await chooseLanguage(context, 'en');
  const page = await context.newPage();
  const member = await signUp(page.request, newMember(prefix));
  return { page, username: member.username };
}

function card(page: Page, text: string) {
  return page.locator('article').filter({ hasText: text });
}

test('a member posts a photo and sees it Under Review; another member does not see it', async ({
  browser,
}) => {
  const author = await memberPage(browser, 'author');
  const other = await memberPage(browser, 'other');
  const text = `Our village fair this Sunday ${Date.now()}`;

  await author.page.goto('/posts');
  const box = author.page.getByRole('form', { name: 'New post' });
  const submit = box.getByRole('button', { name: 'Post' });
  await expect(submit).toBeDisabled();
  // Measured once the app holds the page: during the takeover React may draw the field again, and a
  // height read in between (the six rows', once) made the cap look smaller than it is.
  await expect(author.page.locator('html[data-taken-over]')).toHaveCount(1);
  // The field grows with what is written, two rows to ten, then scrolls (the browser sizes it itself).
  const field = box.getByRole('textbox', { name: 'New post' });
  const height = () => field.evaluate((element) => element.getBoundingClientRect().height);
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
  const twoRows = await height();
  await field.fill(lines(6));
  await expect.poll(height).toBeGreaterThan(twoRows * 2);
  const sixRows = await height();
  await field.fill(lines(14));
  await expect.poll(height).toBeGreaterThan(sixRows * 1.4);
  const tallest = await height();
  expect(tallest).toBeLessThan(sixRows * 1.9);
  expect(await field.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await field.fill(text);
  await expect(box.getByText(`${text.length} / 1000`)).toBeVisible();
  await author.page
    .locator('input[type=file]')
    .setInputFiles({ name: 'fair.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(box.locator('img')).toBeVisible(); // the preview before sending
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(author.page.getByText('Post Submitted').first()).toBeVisible();
  await expect(author.page.getByText('Only posts relevant to the community are approved.')).toBeVisible();
  await expect(box.getByRole('textbox', { name: 'New post' })).toHaveValue('');
  const mine = card(author.page, text);
  await expect(mine.getByText('Under Review')).toBeVisible();
  const openImage = mine.getByRole('button', { name: 'Open full image' });
  await expect(openImage).toBeVisible();
  // The full image opens in a dialog (loaded on this first opening) and closes back to its button.
  await openImage.click();
  const full = author.page.getByRole('dialog').getByRole('img', { name: /^Photo in the post by / });
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Its overlay covers the navigation as well as the page: the sidebar can be neither seen bright nor clicked.
  const navCovered = await author.page.locator('nav.samaj-nav').evaluate((nav) => {
    const box = nav.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && !nav.contains(top);
  });
  expect(navCovered).toBe(true);
  await author.page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);
  await expect(openImage).toBeFocused();
  // No reactions while under review.
  await expect(mine.getByPlaceholder('Add Comment')).toHaveCount(0);
  const postId = await mine.getAttribute('data-post-id');

  await other.page.goto('/posts');
  await expect(other.page.getByRole('form', { name: 'New post' })).toBeVisible();
  await expect(
    other.page.locator('[data-feed], [data-feed-end]').first().or(other.page.getByText('No Posts Yet')),
  ).toBeVisible();
  await expect(card(other.page, text)).toHaveCount(0);
  await other.page.goto(`/post/${postId}`);
  await expect(other.page.getByText('Post not found')).toBeVisible();

  // The author's own page of the post shows it with its banner.
  await author.page.goto(`/post/${postId}`);
  await expect(card(author.page, text).getByText('Under Review')).toBeVisible();
});

test('a publisher posts publicly at once; others like, comment, delete their comment and report', async ({
  browser,
}) => {
  const publisher = await memberPage(browser, 'publisher');
  grant(publisher.username, 'Publisher');
  const reader = await memberPage(browser, 'reader');
  const text = `Scholarship forms are open at the community hall ${Date.now()}. ${'Bring your mark sheets and a photo. '.repeat(4)}`;

  await publisher.page.goto('/posts');
  const box = publisher.page.getByRole('form', { name: 'New post' });
  await box.getByRole('textbox', { name: 'New post' }).fill(text);
  await box.getByRole('button', { name: 'Post' }).click();
  await expect(publisher.page.getByText('Post Submitted').first()).toBeVisible();
  await expect(card(publisher.page, text.slice(0, 60)).getByText('Under Review')).toHaveCount(0);

  await reader.page.goto('/posts');
  const post = card(reader.page, text.slice(0, 60));
  await expect(post).toBeVisible();
  // Truncated at 100 characters with 'more'.
  await expect(post.getByText(text.trim())).toHaveCount(0);
  await post.getByRole('button', { name: 'more' }).click();
  await expect(post.getByText(text.trim())).toBeVisible();

  const like = post.getByRole('button', { name: 'Like', exact: true });
  await like.click();
  const unlike = post.getByRole('button', { name: 'Unlike' });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(post.locator('[data-like-count]')).toHaveText('1');

  const comment = post.getByPlaceholder('Add Comment');
  const send = post.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await comment.fill('Thank you for sharing!');
  await send.click();
  await expect(post.getByText('Thank you for sharing!')).toBeVisible();
  await expect(comment).toHaveValue('');
  await comment.fill('Is there a deadline?');
  await send.click();
  await expect(post.getByText('Is there a deadline?')).toBeVisible();

  // The comment author deletes one of theirs.
  await post
    .locator('li', { hasText: 'Thank you for sharing!' })
    .getByRole('button', { name: 'Delete comment' })
    .click();
  await expect(post.getByText('Thank you for sharing!')).toHaveCount(0);
  await expect(post.getByText('Is there a deadline?')).toBeVisible();

  // The publisher sees the like and the remaining comment on the single post page.
  const postId = await post.getAttribute('data-post-id');
  await publisher.page.goto(`/post/${postId}`);
  const single = card(publisher.page, text.slice(0, 60));
  await expect(single.getByText('Is there a deadline?')).toBeVisible();
  await expect(single.locator('[data-like-count]')).toHaveText('1');
  await expect(publisher.page.locator('meta[property="og:image"]')).toHaveCount(1);

  // From the keyboard: Enter opens the menu (its code loads on this first press), Escape closes it and
  // gives focus back to the button.
  const actions = post.getByRole('button', { name: 'Post actions' });
  await actions.focus();
  await reader.page.keyboard.press('Enter');
  await expect(reader.page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await reader.page.keyboard.press('Escape');
  await expect(reader.page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  await expect(actions).toBeFocused();

  // Report: asks for a reason, then thanks.
  await actions.click();
  await reader.page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = reader.page.getByRole('dialog', { name: 'Report post' });
  await expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
  await dialog.getByLabel('Why are you reporting this post?').fill('Looks like an advertisement');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(reader.page.getByText('Thank you! The team will look at this post.')).toBeVisible();
  const reports = await reader.page.request.post(`/api/posts/${postId}/reports`, {
    data: { reason: 'again' },
  });
  expect(reports.status()).toBe(409); // the report was stored

  // The author's menu offers Delete (with confirmation), not Report.
  await single.getByRole('button', { name: 'Post actions' }).click();
  await expect(publisher.page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  await publisher.page.getByRole('menuitem', { name: 'Delete' }).click();
  await publisher.page
    .getByRole('dialog', { name: 'Delete post?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(publisher.page).toHaveURL(/\/posts$/);
  await expect(card(publisher.page, text.slice(0, 60))).toHaveCount(0);
});

test('a tall screen draws each page before asking for the next, not the whole feed at once', async ({
  browser,
}) => {
  // Short posts on a tall desktop screen: the end of the first page is in view at once. The feed used
  // to ask for the next page while the last was still being drawn (a deferred render that each answer
  // interrupted), so the marker stayed in view and every page was fetched, none drawn, until the feed
  // ran out (at 10k posts: thousands of requests behind a placeholder).
  const publisher = await memberPage(browser, 'tallfeed');
  grant(publisher.username, 'Publisher');
  for (let i = 1; i <= 24; i++) {
    const created = await createPost(publisher.page.request, `Short ${i}`);
    expect(created.status).toBe('approved');
  }
  const reader = await memberPage(browser, 'tallreader');
  await reader.page.setViewportSize({ width: 1280, height: 1400 });
  let asked = 0;
  reader.page.on('request', (request) => {
    if (/\/api\/posts\?cursor=/.test(request.url())) asked++;
  });
  await reader.page.goto('/posts');
  await expect(card(reader.page, 'Short 24')).toBeVisible();
  // Pages are asked for until the marker is out of view, each drawn first: 6 or 9 cards here.
  await expect(reader.page.locator('article[data-post-id]')).not.toHaveCount(3);
  await expect(reader.page.locator('[aria-busy="true"]')).toHaveCount(0);
  await reader.page.waitForTimeout(1500);
  const drawn = await reader.page.locator('article[data-post-id]').count();
  expect(asked).toBeLessThanOrEqual(3);
  expect(drawn).toBe((asked + 1) * 3);
});

test('infinite scroll loads the next page of the feed', async ({ browser }) => {
  const publisher = await memberPage(browser, 'scroller');
  grant(publisher.username, 'Publisher');
  const tag = Date.now().toString(36);
  for (let i = 1; i <= 7; i++) {
    const created = await createPost(
      publisher.page.request,
      `Feed item ${i} of 7 (${tag}): news from the community, with enough words to wrap.`,
    );
    expect(created.status).toBe('approved');
  }
  const reader = await memberPage(browser, 'reader2');
  // A phone screen: the first page fills it, so the second waits for the scroll.
  await reader.page.setViewportSize({ width: 375, height: 640 });
  await reader.page.goto('/posts');
  await expect(card(reader.page, `Feed item 7 of 7 (${tag})`)).toBeVisible();
  await expect(card(reader.page, `Feed item 5 of 7 (${tag})`)).toBeVisible();
  await expect(reader.page.locator('article[data-post-id]')).toHaveCount(3);

  await reader.page.locator('[data-feed-end]').scrollIntoViewIfNeeded();
  await expect(card(reader.page, `Feed item 4 of 7 (${tag})`)).toBeVisible();
  expect(await reader.page.locator('article[data-post-id]').count()).toBeGreaterThanOrEqual(6);
  await expect(async () => {
    await reader.page.locator('[data-feed-end]').scrollIntoViewIfNeeded();
    await expect(card(reader.page, `Feed item 1 of 7 (${tag})`)).toBeVisible({ timeout: 1000 });
  }).toPass();
  const ids = await reader.page
    .locator('article[data-post-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-post-id')));
  expect(new Set(ids).size).toBe(ids.length); // no post twice across pages

  // Screenshots of the feed and a single post at a phone and a desktop width, for review.
  const firstId = await card(reader.page, `Feed item 7 of 7 (${tag})`).getAttribute('data-post-id');
  await reader.page.request.post(`/api/posts/${firstId}/comments`, {
    data: { comment: 'Looking forward to it!' },
  });
  for (const width of [375, 1280]) {
    await reader.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // This reader chose English: the server renders their page in English; the shots wait for the
    // app's own page, its placeholders gone.
    const appDrawn = async () => {
      await expect(reader.page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(reader.page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
    };
    // Never blank on the way: the server's page stays until the app has taken it over.
    await reader.page.addInitScript(() => {
      (window as unknown as { blank: boolean }).blank = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (document.readyState !== 'loading' && root && root.childElementCount === 0)
          (window as unknown as { blank: boolean }).blank = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await reader.page.goto('/posts');
    await appDrawn();
    expect(await reader.page.evaluate(() => (window as unknown as { blank: boolean }).blank)).toBe(false);
    await expect(reader.page.locator('article[data-post-id]').first()).toBeVisible();
    await shoot(reader.page, { path: test.info().outputPath(`feed-${width}.png`) });
    await reader.page.goto(`/post/${firstId}`);
    await appDrawn();
    await expect(reader.page.getByText('Looking forward to it!')).toBeVisible();
    await shoot(reader.page, { path: test.info().outputPath(`single-${width}.png`) });
  }
});

test('visitors get the landing card with Login and Create New Account carrying forward', async ({ page }) => {
  await page.goto('/posts');
  const login = page.getByRole('link', { name: /login|લૉગ ઇન/i }).last();
  await expect(login).toHaveAttribute('href', /forward=%2Fposts/);
  expect((await page.request.get('/api/posts')).status()).toBe(401);
});

test('on a phone, a file that is not really a picture: a removable chip and the API’s words; a long word cut at 100', async ({
  browser,
}) => {
  const { page } = await memberPage(browser, 'chip');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/posts');
  const box = page.getByRole('form', { name: 'New post' });
  await box.getByRole('textbox', { name: 'New post' }).fill('Garba night at the wadi 😀');
  // The counter counts the emoji once, as the server does.
  await expect(box.locator('[data-counter]')).toHaveText('25 / 1000');
  await box.locator('input[type="file"]').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these bytes are no picture'),
  });
  await expect(box.getByText('notes.png')).toBeInViewport();
  const remove = box.getByRole('button', { name: 'Remove photo' });
  await expect(remove).toBeInViewport();
  await box.getByRole('button', { name: 'Post' }).click();
  await expect(box.getByRole('alert')).toHaveText(
    'This kind of file is not supported. Choose a JPEG or PNG photo.',
  );
  await expect(page.getByText('Something Went Wrong! Please try again later.')).toHaveCount(0);
  await shoot(box, { path: test.info().outputPath('post-box-refused-file-375.png') });
  await remove.click();
  await expect(box.getByText('notes.png')).toHaveCount(0);
  await box.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Post Submitted').first()).toBeVisible();

  // 220 letters with no space: the feed shows 100 and 'more'.
  const word = `${Date.now()}${'ક'.repeat(207)}`;
  await createPost(page.request, word);
  await page.goto('/posts');
  const post = card(page, word.slice(0, 13));
  await expect(post.getByRole('button', { name: 'more' })).toBeVisible();
  await expect(post.getByText(`${word.slice(0, 100)}...`)).toBeVisible();
});
