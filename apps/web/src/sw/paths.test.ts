import { describe, expect, it } from 'vitest';
import {
  isAppNavigation,
  isCacheableApiRead,
  isImagePreview,
  mayStore,
  notificationTarget,
  readPushPayload,
} from './paths';

describe('what the service worker answers', () => {
  it('never answers the server’s own paths with the app shell, however spelled', () => {
    for (const path of [
      '/api',
      '/api/docs',
      '/peerjs',
      '/peerjs/peerjs/id',
      '/realtime',
      '/%61pi/docs',
      '/metrics',
    ]) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });

  it('answers the app’s pages with the shell, not files', () => {
    for (const path of ['/', '/posts', '/surname/abc', '/settings/notifications', '/apiary', '/realtimes']) {
      expect(isAppNavigation(path), path).toBe(true);
    }
    expect(isAppNavigation('/offline.html')).toBe(false);
    expect(isAppNavigation('/icons/icon-192.png')).toBe(false);
  });

  it('keeps API reads but never sign-in, exports or push registrations', () => {
    expect(isCacheableApiRead('/api/posts')).toBe(true);
    expect(isCacheableApiRead('/api/surnames')).toBe(true);
    for (const path of ['/api/auth/session', '/api/account/export', '/api/push/settings', '/api/health']) {
      expect(isCacheableApiRead(path), path).toBe(false);
    }
    expect(isCacheableApiRead('/api/files/abc/preview')).toBe(false);
    expect(isImagePreview('/api/files/abc/preview')).toBe(true);
  });

  it('stores only what the server allows', () => {
    expect(mayStore(new Response('{}', { status: 200 }))).toBe(true);
    expect(
      mayStore(new Response('{}', { status: 200, headers: { 'cache-control': 'private, no-store' } })),
    ).toBe(false);
    expect(mayStore(new Response('{}', { status: 404 }))).toBe(false);
  });

  it('reads the push payload and opens only this site’s pages', () => {
    expect(
      readPushPayload({ kind: 'event_live', title: 'Live', body: 'Now', url: '/event/1', tag: 'event-1' }),
    ).toEqual({
      title: 'Live',
      body: 'Now',
      url: '/event/1',
      tag: 'event-1',
    });
    expect(readPushPayload({ body: 'no title' })).toBeNull();
    expect(notificationTarget('/event/1', 'https://samaj.example')).toBe('https://samaj.example/event/1');
    expect(notificationTarget('https://evil.example/x', 'https://samaj.example')).toBe(
      'https://samaj.example/',
    );
    expect(notificationTarget(undefined, 'https://samaj.example')).toBe('https://samaj.example/');
  });
});
