import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.config.ts';

// One run covers core, the server (PGlite always, PostgreSQL when TEST_DATABASE_URL is set)
// and web components. Four workers on the machines' two cores: many server tests wait on timers,
// leases, job retries, child processes and sockets rather than compute, and the server suite on PGlite
// took 460 s with four against 613 s with two on a 2-core Xeon (run back to back, 2026-11-28).
export default defineConfig({
  test: {
    projects: ['packages/core', ...serverProjects, 'apps/web'],
    maxWorkers: 4,
  },
});
