import { defineConfig } from 'vitest/config';

// One run covers core, the server (PGlite always, PostgreSQL when TEST_DATABASE_URL is set)
// and web components. Two workers at most: the machines have two cores.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    maxWorkers: 2,
  },
});
