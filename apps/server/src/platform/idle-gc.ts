// Giving memory back once the server falls quiet. A burst of page renders (a link shared in a WhatsApp
// group) grows V8's heap: what each render leaves is garbage within milliseconds, but with the small
// young generation this server runs with (scripts/server-command.mjs) much of it is promoted first, and
// the old generation grows to hold it. V8 gives the space back only through its memory reducer, which
// waits for a low allocation rate — and an idle server still allocates for its job queue's polling,
// near V8's threshold: measured, a server idled 40 s after a burst with 244 MB of heap reserved for
// 133 MB in use (RSS 377 MB, budget 320), and the reducer ran in one quiet spell out of three. Once requests have stopped for a while, one
// compacting full collection gives the pages back at once: RSS 20 s after the burst 209–214 MB in
// three runs. bench/RESULTS.md "Pages rendered on the server" measures it;
// docs/decisions/0052-idle-gc-after-a-burst.md says why it is done here.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';

/** How long without a request before the server counts as quiet. */
export const QUIET_MS = 10_000;
/** Heap reserved beyond what the last tidy left that makes a collection worth its ~250 ms. */
export const GROWTH_BYTES = 32 * 1024 * 1024;
const CHECK_EVERY_MS = 2_000;

type Collect = () => void;

/**
 * V8's full collection, compacting, as a function — without starting Node with `--expose-gc`
 * (operators' own service files and containers keep their flags): the flag set at run time exposes
 * `gc` to contexts created afterwards, as the `expose-gc` package does. Compacting: after a burst the
 * survivors are scattered over the old generation's pages, and a plain full collection frees the
 * garbage but keeps nearly every page (measured: 71 MB in use, 210 MB kept); moved together, the
 * pages come free (75 MB kept). The pause is longer (~250 ms instead of ~75 on a 2-core EPYC), once,
 * with nobody waiting.
 */
export function fullCollection(): Collect {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as Collect;
  return () => {
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

const reserved = () => v8.getHeapStatistics().total_heap_size;

export interface IdleTidy {
  /** A request was answered: the server is not quiet. */
  busy(): void;
  /** Collects when the server has been quiet for `quietMs` and the heap grew since; true when it did. */
  check(): boolean;
}

export function createIdleTidy({
  collect = fullCollection(),
  quietMs = QUIET_MS,
  growthBytes = GROWTH_BYTES,
  now = Date.now,
  heapReserved = reserved,
}: {
  collect?: Collect;
  quietMs?: number;
  growthBytes?: number;
  now?: () => number;
  heapReserved?: () => number;
} = {}): IdleTidy {
  let lastRequest = 0;
  let pending = false;
  let baseline = heapReserved();
  return {
    busy() {
      lastRequest = now();
      pending = true;
    },
    check() {
      if (!pending || now() - lastRequest < quietMs) return false;
      pending = false;
      if (heapReserved() - baseline < growthBytes) return false;
      collect();
      baseline = heapReserved();
      return true;
    },
  };
}

/** The running server's tidy: every request is activity; quiet is checked every 2 s. */
export function tidyWhenQuiet(app: FastifyInstance): void {
  const tidy = createIdleTidy();
  // The HTTP server's own event: the app is ready (its hooks closed) by the time it listens.
  app.server.on('request', () => tidy.busy());
  const timer = setInterval(() => {
    const before = reserved();
    if (tidy.check()) {
      app.log.debug({ heapBefore: before, heapAfter: reserved() }, 'quiet: heap collected');
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  app.server.on('close', () => clearInterval(timer));
}
