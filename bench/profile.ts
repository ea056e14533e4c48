// Where a request spends its time: a V8 CPU profile of the server under load (`node --cpu-prof`),
// its samples' self time summed by where the code comes from — our server, each library, Node
// itself, the garbage collector — so a slow route's cost can be read without a flame graph.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from './lib.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package name, our server, Node's internals, or V8's own work. */
function origin({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  // Native calls by name: on a small VM the socket writes (writev) can outweigh all JavaScript.
  if (!url)
    return functionName === 'writev' ? 'socket writes (writev system calls)' : 'V8 and native built-ins';
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (its WebAssembly)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'Node.js (http, streams, crypto…)';
  if (url.includes('/apps/server/dist/')) return 'Samaj server (routes, views, session)';
  return url;
}

/** Self time by origin, in % of the busy time (idle excluded), largest first. */
export function summarize(profile: CpuProfile): Array<{ origin: string; percent: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, origin(n.callFrame)]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const where = byId.get(id) ?? '?';
    totals.set(where, (totals.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  totals.delete('idle');
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals]
    .map(([where, micros]) => ({ origin: where, percent: (100 * micros) / busy }))
    .sort((a, b) => b.percent - a.percent);
}

/** Starts the server with the profiler, lets `load` run against it, and reads the profile at exit. */
export async function profileServer(
  env: Record<string, string>,
  load: (server: RunningServer) => Promise<unknown>,
): Promise<Array<{ origin: string; percent: number }>> {
  const dir = mkdtempSync(join(tmpdir(), 'samaj-prof-'));
  const server = await startServer(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  await load(server);
  await server.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  return summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
}
