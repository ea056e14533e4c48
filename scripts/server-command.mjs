// How the compiled server is started, shared by `npm start`, the browser tests and the benchmarks,
// so that all of them run what operators run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = join(root, 'apps/server/dist/main.js');
/** The operator's commands, compiled beside the server (`npm run cli`, scripts/cli.mjs). */
export const cliEntry = join(root, 'apps/server/dist/cli.js');

/**
 * V8 flags for the one-machine setup (embedded PGlite), measured in bench/RESULTS.md: PGlite is
 * PostgreSQL compiled to WebAssembly, and V8's optimising tier adds ~50 MB of machine code for it
 * (Liftoff's baseline code serves it within a few percent); a small young generation keeps the idle
 * heap small. Together: idle memory ~290 → ~200 MB for ~6 % of peak throughput. 8 MB rather than the
 * 2 MB it was under the old 200 MB budget: a rendered page allocates several MB, and at 2 MB its
 * collections cost the member's feed ~0.5–1.5 ms a page, for +10–15 MB idle (docs/decisions/0017-idle-memory-on-pglite.md).
 * With DATABASE_URL there is no WebAssembly, and the server keeps V8's defaults.
 */
export function serverFlags(env = process.env) {
  return env.DATABASE_URL ? [] : ['--liftoff-only', '--max-semi-space-size=8'];
}

/**
 * glibc's allocator settings for the server process, measured in bench/RESULTS.md. Image work
 * (libvips, through sharp) allocates tens of MB per photo from its own threads; glibc kept the freed
 * memory in per-thread arenas and raised its mmap threshold as large blocks were freed, so a server
 * that had taken 10 photos idled at ~305 MB instead of ~195. One arena, and blocks over 64 KB mapped
 * (and given back) rather than kept, with the heap's free top trimmed past 64 KB: ~185–195 MB. Other
 * C libraries ignore these; an operator's own settings win.
 */
export function serverEnv(env = process.env) {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '1',
    GLIBC_TUNABLES:
      env.GLIBC_TUNABLES ?? 'glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=65536',
  };
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether `built` is older than any of `sources` (paths relative to the project root). */
export function isStale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newest(join(root, s))));
}

export const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/core/src',
];
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/scripts',
  // A new migration or dependency: the build's empty database (db/template.ts) is made again.
  'apps/server/drizzle',
  'apps/server/package.json',
  'package-lock.json',
  'packages/core/src',
];
