// docs/product/operations.md, "Performance targets": the surname list (a page of 100, the spec's limit) and
// one surname's detail, p50 latency and throughput, against GET /api/health — the smallest JSON route of the
// same server — measured in the same run, so the ratio says what the directory itself costs.
import autocannon from 'autocannon';
import { type Section, startServer } from '../lib.ts';

const CONNECTIONS = 10;
const DURATION_S = 10;

interface Measure {
  name: string;
  path: string;
  p50: number;
  p99: number;
  rps: number;
  kbPerReq: number;
  non2xx: number;
}

async function measure(
  name: string,
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Measure> {
  // A short warm-up so the first JIT and connection costs are not in the figures.
  await autocannon({ url: url + path, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({
    url: url + path,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  return {
    name,
    path,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    kbPerReq: result.throughput.average / Math.max(1, result.requests.average) / 1024,
    non2xx: result.non2xx,
  };
}

export async function run(): Promise<Section> {
  const server = await startServer();
  try {
    const list = await (await fetch(`${server.url}/api/surnames`)).json();
    const etag = (await fetch(`${server.url}/api/surnames`)).headers.get('etag') ?? '';
    const count: number = list.documents.length;

    const results: Measure[] = [];
    results.push(await measure('baseline: GET /api/health', server.url, '/api/health'));
    results.push(await measure(`list: first page (${count} surnames)`, server.url, '/api/surnames'));
    results.push(
      await measure('list: conditional GET (If-None-Match → 304)', server.url, '/api/surnames', {
        'if-none-match': etag,
      }),
    );
    results.push(await measure('detail: GET /api/surnames/Patel', server.url, '/api/surnames/Patel'));

    const base = results[0];
    const rows = results.map(
      (r) =>
        `| ${r.name} | ${r.p50} ms | ${r.p99} ms | ${Math.round(r.rps)} | ${r.kbPerReq.toFixed(1)} KB | ` +
        `${r === base ? '—' : `×${(r.p50 / Math.max(base.p50, 1)).toFixed(1)} latency, ${(r.rps / base.rps).toFixed(2)}× throughput`} |`,
    );
    const markdown = [
      `Data: the built-in seed (${count} surnames on the first page). autocannon, ${CONNECTIONS} connections, ` +
        `${DURATION_S} s per route after a 2 s warm-up, server and load generator on the same 2-core machine ` +
        '(PGlite, NODE_ENV=production). Bodies are gzip-free (autocannon sends no Accept-Encoding).',
      '',
      '| route | p50 | p99 | req/s | body per request | against the baseline |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      results.some((r) => r.path.startsWith('/api/surnames') && r.non2xx > 0 && !r.name.includes('304'))
        ? '**Some requests did not answer 2xx: the figures are not valid.**'
        : 'Every request answered as expected (the conditional GET answers 304 with no body).',
    ].join('\n');
    return { title: 'Surname directory: list and detail', markdown };
  } finally {
    await server.stop();
  }
}
