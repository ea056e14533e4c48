import { describe, expect, it } from 'vitest';
import {
  type InstallPromptState,
  type NotificationPromptState,
  showInstallPrompt,
  showNotificationPrompt,
} from './prompts';

const install: InstallPromptState = {
  offered: true,
  serviceWorkerSupported: true,
  pushSupported: true,
  dismissed: false,
};
const notification: NotificationPromptState = {
  standalone: true,
  member: true,
  permission: 'default',
  askedThisSession: false,
};

describe('install prompt', () => {
  it('shows when the browser offers installation and service workers and push are supported', () => {
    expect(showInstallPrompt(install)).toBe(true);
  });

  it.each([
    ['no install event', { offered: false }],
    ['no service workers', { serviceWorkerSupported: false }],
    ['no push', { pushSupported: false }],
    ['skipped or refused before', { dismissed: true }],
  ])('stays hidden with %s', (_name, change) => {
    expect(showInstallPrompt({ ...install, ...change })).toBe(false);
  });
});

describe('notification prompt', () => {
  it('shows in the installed app for a member whose permission is not granted, once a session', () => {
    expect(showNotificationPrompt(notification)).toBe(true);
    expect(showNotificationPrompt({ ...notification, permission: 'denied' })).toBe(true);
  });

  it.each([
    ['in a browser tab', { standalone: false }],
    ['for a visitor', { member: false }],
    ['when permission is granted', { permission: 'granted' as const }],
    ['without notifications in the browser', { permission: 'unsupported' as const }],
    ['when already asked this session', { askedThisSession: true }],
  ])('stays hidden %s', (_name, change) => {
    expect(showNotificationPrompt({ ...notification, ...change })).toBe(false);
  });
});
