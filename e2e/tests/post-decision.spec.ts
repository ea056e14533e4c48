import { expect, test } from '@playwright/test';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { createPost } from '../support/posts';

// Staff's decision reaches the author's open feed over /realtime (their own channel),
// and their post's status changes in place, without a reload.

test("an author's post under review turns approved in place when staff approve it (375 px)", async ({
  browser,
  playwright,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await chooseLanguage(context, 'en');
  const page = await context.newPage();
  await signUp(page.request, newMember('decided'));
  const text = `Waiting for staff ${Date.now()}`;
  const post = await createPost(page.request, text);
  expect(post.status).toBe('requested');

  await page.goto('/posts');
  const mine = page.locator('article').filter({ hasText: text });
  await expect(mine.getByText('Under Review')).toBeVisible();
  await expect(mine).toHaveAttribute('data-status', 'requested');

  const admin = newMember('decider');
  const staff = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signUp(staff, admin);
  grant(admin.username, 'Admin');
  const decided = await staff.post(`/api/admin/posts/${post.id}/decision`, { data: { status: 'approved' } });
  expect(decided.status(), await decided.text()).toBe(200);

  await expect(mine).toHaveAttribute('data-status', 'approved');
  await expect(mine.getByText('Under Review')).toHaveCount(0);
  await staff.dispose();
  await context.close();
});
