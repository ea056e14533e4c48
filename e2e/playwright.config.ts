import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, freePort, QUIET_ARGS, WEBRTC_ARGS } from '../scripts/test-browser.mjs';
import { appServer } from './support/app-server';
import { startMailSink } from './support/mail-sink';

// The real server on a free port with a throw-away DATA_DIR (embedded PGlite). Workers inherit the
// chosen port and directory through the environment, so every process agrees on one server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'samaj-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

// The mail the server sends (password recovery, email confirmation: docs/product/accounts.md) goes to a local
// SMTP sink started here, once, before the server; the specs read it from E2E_MAIL_DIR
// (support/mail-sink.ts).
if (!process.env.E2E_SMTP_URL) {
  process.env.E2E_MAIL_DIR = mkdtempSync(join(tmpdir(), 'samaj-e2e-mail-'));
  process.env.E2E_SMTP_URL = await startMailSink(process.env.E2E_MAIL_DIR);
}

export const TILE_HOST = 'tiles.samaj.test';

export default defineConfig({
  testDir: './tests',
  // SFU mode needs a server with JANUS_URL and TURN: playwright.sfu.config.ts runs it.
  testIgnore: ['**/live-sfu.spec.ts', '**/replay.spec.ts'],
  fullyParallel: false,
  // Two workers, in CI too (Playwright's default is half the cores: one here): the browser suite waits
  // more than it computes (one worker kept the 2 cores ~40 % busy in a11y.spec); with two it took 11.6
  // min against 17.8 with one on a 2-core Xeon (93 % busy). The specs share the one server and are
  // written for it (each signs up its own members).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    // Recording a trace of every test costs ~10 % of the suite's CPU on a 2-core machine: in CI only a
    // retry (a test that failed once) is recorded.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker answers API reads itself, out of reach of page.route(); specs that test the
    // worker (pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    // Members' browsers ask for Gujarati: pages are rendered in the language a browser asks for
    // (apps/server platform/language.ts), and the specs read the Gujarati interface. `--lang` covers
    // contexts a spec opens itself.
    locale: 'gu-IN',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...QUIET_ARGS, ...WEBRTC_ARGS, '--lang=gu-IN'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: appServer(port, {
    TILE_URL: `http://${TILE_HOST}/{z}/{x}/{y}.png`,
    // Web Push on (keys generated into DATA_DIR); push services need a mailto: or https: subject.
    VAPID_SUBJECT: 'mailto:operator@example.org',
    SMTP_URL: process.env.E2E_SMTP_URL,
    MAIL_FROM: 'Samaj <no-reply@samaj.test>',
    // Small, so tests/live.spec.ts can show the viewer past the cap the 'stream is full' message.
    LIVE_MAX_VIEWERS: '2',
  }),
});
