import { expect, type Page, test } from '@playwright/test';
import { newMember, signUp } from '../support/members';

// With push switched off on the server (no VAPID subject), Settings → Notifications says the server
// has not set notifications up, never that the member should enable them. The suite's server has push
// on, so the public configuration is answered as a server without it would, at /api/public-config.

async function serverWithoutPush(page: Page): Promise<void> {
  await page.route('**/api/public-config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), vapidPublicKey: null } });
  });
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/"vapidPublicKey":"[^"]*"/g, '"vapidPublicKey":null');
      await route.fulfill({ response, body: html });
    },
  );
}

for (const permission of ['default', 'denied'] as const) {
  test(`settings → notifications with push off on the server says so (permission ${permission}, 375 px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await context.addInitScript((p) => {
      Object.defineProperty(Notification, 'permission', { get: () => p, configurable: true });
    }, permission);
    const page = await context.newPage();
    await signUp(page.request, newMember('pushoff'));
    await serverWithoutPush(page);
    await page.goto('/settings/notifications');
    const device = page.getByTestId('push-device');
    await expect(device).toBeVisible();
    await expect(device).toHaveAttribute('data-state', 'serverOff');
    await expect(device).toContainText('આ સર્વર પર હજી સૂચનાઓ ગોઠવાઈ નથી.');
    await expect(device.getByRole('button')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Please enable notifications');
    await context.close();
  });
}
