import { describe, expect, it } from 'vitest';
import { isPrivateEndpoint, PRIVATE_ADDRESS, publicLookup } from './endpoint.ts';

describe('push endpoints a member may give', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGz',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://8.8.8.8/x',
    'https://[2001:4860:4860::8888]/x',
  ])('%s is a push service on the internet', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(false);
  });

  it.each([
    'https://localhost/x',
    'https://localhost./x',
    'https://api.localhost/x',
    'https://printer.local/x',
    'https://intranet/x',
    'https://127.0.0.1:8443/x',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://10.1.2.3/x',
    'https://172.20.0.1/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
  ])('%s is refused: it points into this machine or a private network', (endpoint) => {
    expect(isPrivateEndpoint(endpoint)).toBe(true);
  });
});

describe('publicLookup', () => {
  it('refuses a name that resolves to this machine, before connecting', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe(PRIVATE_ADDRESS);
  });
});
