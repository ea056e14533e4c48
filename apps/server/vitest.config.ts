import path from 'node:path';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` (a disk that fills midway): a module can only be
 * replaced in a file that imports it first, so these run each in a fresh process.
 */
const MOCKING = ['src/platform/storage/local.test.ts', 'src/platform/outage.test.ts'];

const shared = {
  root: import.meta.dirname,
  test: {
    environment: 'node',
    // PGlite starts slowly under load (seconds); suites build a whole app per engine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Forks, not threads: a library (peer) may leave timers running after app.close(); a fork is
    // killed at the end of the run whatever it holds.
    pool: 'forks',
    // One migrated database per engine for the whole run, copied by each file (test/harness.ts).
    globalSetup: [path.join(import.meta.dirname, 'test/global-setup.ts')],
    teardownTimeout: 10_000,
  },
} satisfies TestProjectInlineConfiguration;

/**
 * The server's tests as two projects (vitest.config.ts at the root lists both). Most files share
 * their worker's modules (`isolate: false`): each file builds its own app and database, and importing
 * the server afresh for each of ~80 files was most of the suite's time (decision 0100).
 */
export const serverProjects: TestProjectInlineConfiguration[] = [
  {
    ...shared,
    test: {
      ...shared.test,
      name: 'server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: MOCKING,
      isolate: false,
    },
  },
  { ...shared, test: { ...shared.test, name: 'server (own process)', include: MOCKING } },
];

// `npx vitest run` inside apps/server: the same files, each in a fresh process.
export default defineProject({
  ...shared,
  test: { ...shared.test, name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
