import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

/** A browser that can show notifications, with the member's permission as given. */
function pushCapableBrowser(permission: NotificationPermission) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', Object.assign(class {}, { permission, requestPermission: vi.fn() }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => undefined), register: vi.fn() },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Settings → Notifications with push switched off on the server', () => {
  for (const permission of ['default', 'denied', 'granted'] as const) {
    it(`says the server has not set notifications up, never that the member must enable them (permission ${permission})`, async () => {
      pushCapableBrowser(permission);
      stubServer({
        account: testMember,
        config: { vapidPublicKey: null },
        routes: ({ path }) =>
          path === '/api/push/settings' ? { body: { kinds: { event_live: true } } } : undefined,
      });
      renderApp('/settings/notifications');
      const device = await screen.findByTestId('push-device');
      expect(device.getAttribute('data-state')).toBe('serverOff');
      expect(device.textContent).toContain('આ સર્વર પર હજી સૂચનાઓ ગોઠવાઈ નથી.');
      expect(document.body.textContent).not.toContain('Please enable notifications');
      expect(screen.queryByRole('button', { name: 'Allow Notifications' })).toBeNull();
    });
  }
});
