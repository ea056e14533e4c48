import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite starts slowly under load (seconds); suites build a whole app per engine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Forks, not threads: each file gets its own process, which is killed at the end even when
    // a library (peer) leaves timers running after app.close().
    pool: 'forks',
    // One migrated database per engine for the whole run, copied by each file (test/harness.ts).
    globalSetup: ['test/global-setup.ts'],
    teardownTimeout: 10_000,
  },
});
