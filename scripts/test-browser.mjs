// What the end-to-end suite (e2e/) and the benchmarks (bench/) share about the machine they drive:
// the system Chromium (never a downloaded one), the flags that keep it quiet and let two of its pages
// talk WebRTC over loopback with a fake camera, and a free port for a server of their own.
import { createServer } from 'node:net';

export const CHROMIUM = '/usr/bin/chromium';

/** No sandbox (containers), no GPU, nothing phoning home or updating itself during a run. */
export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Live video between pages of one browser: loopback candidates, a fake camera, no permission prompt. */
export const WEBRTC_ARGS = [
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
