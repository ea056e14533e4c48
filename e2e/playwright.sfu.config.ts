// Live events in SFU mode (docs/product/live-video.md) against a real Janus and a real coturn: the server
// runs with JANUS_URL, TURN_URLS and TURN_SECRET, which the main suite's server must not have (its
// live.spec.ts is peer-to-peer). Playwright starts Janus, coturn and then the compiled server on ports chosen
// here, and stops all three after the specs. `npm run test -w @samaj/e2e` runs this config after the main
// one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, freePort, QUIET_ARGS, WEBRTC_ARGS } from '../scripts/test-browser.mjs';
import { appServer } from './support/app-server';
import { machineAddress, writeSfuServers } from './support/sfu-servers';

// Chosen once in the runner; its workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'samaj-e2e-sfu-'));
process.env.E2E_SFU_JANUS_PORT ??= String(await freePort());
process.env.E2E_SFU_TURN_PORT ??= String(await freePort());
process.env.E2E_SFU_RELAY_FROM ??= String(50_000 + Math.floor(Math.random() * 10_000));
const address = machineAddress();
if (!address)
  throw new Error('SFU specs need a non-loopback IPv4 address: Janus gathers no candidates on loopback');
process.env.E2E_SFU_ADDRESS = address;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
// The servers' configs are written by the runner only (workers read the addresses from the env).
const servers = process.env.TEST_WORKER_INDEX
  ? undefined
  : writeSfuServers(
      join(process.env.E2E_DATA_DIR, 'media'),
      {
        janus: Number(process.env.E2E_SFU_JANUS_PORT),
        turn: Number(process.env.E2E_SFU_TURN_PORT),
        relayFrom: Number(process.env.E2E_SFU_RELAY_FROM),
      },
      address,
    );
if (servers) process.env.E2E_SFU_TURN_URL = servers.turnUrl;

export default defineConfig({
  testDir: './tests',
  // Live events and their replays (replay.spec.ts skips itself under the main config's peer mode).
  testMatch: ['live-sfu.spec.ts', 'replay.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results/sfu',
  use: {
    baseURL,
    // Recording a trace of every test costs ~10 % of the suite's CPU on a 2-core machine: in CI only a
    // retry (a test that failed once) is recorded.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    locale: 'gu-IN',
    launchOptions: { executablePath: CHROMIUM, args: [...QUIET_ARGS, ...WEBRTC_ARGS, '--lang=gu-IN'] },
  },
  projects: [{ name: 'chromium-sfu', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: servers
    ? [
        {
          command: servers.janusCommand,
          port: servers.janusPort,
          reuseExistingServer: false,
          timeout: 30_000,
        },
        {
          command: servers.turnCommand,
          port: servers.turnPort,
          reuseExistingServer: false,
          timeout: 30_000,
          stdout: 'ignore',
          // coturn tries IPv6 sockets this machine may not have ("Protocol not supported").
          stderr: 'ignore',
        },
        appServer(port, {
          // SFU mode; LIVE_MAX_VIEWERS unset (500 in this mode).
          JANUS_URL: servers.janusUrl,
          JANUS_API_SECRET: servers.janusApiSecret,
          TURN_URLS: servers.turnUrl,
          TURN_SECRET: servers.turnSecret,
        }),
      ]
    : undefined,
});
