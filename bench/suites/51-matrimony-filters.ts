// Target (docs/product/operations.md, "Performance targets"): suggestions with filters at 100k profiles — p50
// with the narrowest and with the widest filter ÷ p50 unfiltered ≤ 1.3×, on PGlite and PostgreSQL. The
// profiles are 50-matrimony's (its `fill` and `listReader`), given varied birth dates, heights, education,
// cities and photos. The three routes are measured in turn, ROUNDS times, so the machine's other work weighs
// on each.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import {
  CONNECTIONS,
  DURATION,
  freshDatabase,
  loadRoute,
  type Measure,
  meanOf,
  type RunningServer,
  type Section,
  signUpReader,
  startServer,
} from '../lib.ts';
import { fill, listReader } from './50-matrimony.ts';

const PG_BENCH_DB = 'bench_matrimony_filters';
const READER = 'bench_matrimony_reader';
const PROFILES = 100_000;
/** Women who accepted the reader's full-profile request (their height and place count for him). */
const ACCEPTED = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Education values in turn; 'M.Sc' is one profile in 7. */
const EDUCATIONS = ['B.Com', 'B.E.', 'M.B.A.', 'B.Sc', 'M.Sc', 'C.A.', 'Diploma'];

/**
 * What the filters read, spread: birth dates over 40 years (ages ~20–60), heights 145–194 cm,
 * education of seven kinds, a city of 50, a photo on one profile in three. The reader's first
 * ACCEPTED matches accept his request.
 */
export async function vary(databaseUrl: string | null, dataDir: string | null) {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir as string });
  try {
    const run = (text: string) => database.db.execute(sql.raw(text));
    const educations = `array[${EDUCATIONS.map((e) => `'${e}'`).join(', ')}]`;
    await run(`update matrimony_profile p set
        dob = (date '1966-01-01' + (v.n * 7919 % 14600))::text,
        height = 145 + v.n * 31 % 50,
        education = (${educations})[1 + v.n % 7],
        city = 'City ' || (v.n * 13 % 50),
        dp = case when v.n % 3 = 0 then 'bench-photo' end
      from (select id, substr(id, 3)::int as n from matrimony_profile where id like 'mb%') v
      where p.id = v.id`);
    await run(`insert into profile_request (id, creator, profile, state)
      select '${READER}:' || m.other, '${READER}', m.other, 'accepted'
      from (select other from matrimony_match where member = '${READER}' order by other limit ${ACCEPTED}) m
      on conflict do nothing`);
    await run('vacuum analyze');
  } finally {
    await database.close();
  }
}

/** The filters measured, each against the same unfiltered page. */
const FILTERS = {
  unfiltered: '',
  // Every listing passes: the age range covers every age a listing may have.
  widest: 'ageMin=18&ageMax=99',
  // On the card's fields: one year of age, 1 education in 7, with a photo (~1 profile in 850).
  narrowCard: 'ageMin=35&ageMax=35&education=m.sc&withPhoto=true',
  // Every filter: height and place count only where the owner accepted the reader's request.
  narrowest: 'ageMin=20&ageMax=60&heightMin=150&heightMax=190&place=city&education=b&withPhoto=true',
} as const;
type FilterName = keyof typeof FILTERS;

const url = (server: RunningServer, name: FilterName) =>
  `${server.url}/api/matrimony/suggestions${FILTERS[name] ? `?${FILTERS[name]}` : ''}`;

/** How many cards each filter's first page holds (a filter that finds nothing measures nothing useful). */
async function firstPages(server: RunningServer, cookie: string): Promise<Record<FilterName, number>> {
  const counts = {} as Record<FilterName, number>;
  for (const name of Object.keys(FILTERS) as FilterName[]) {
    const res = await fetch(url(server, name), { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    counts[name] = ((await res.json()) as { documents: unknown[] }).documents.length;
  }
  return counts;
}

interface Row {
  engine: string;
  pages: Record<FilterName, number>;
  measures: Record<FilterName, Measure>;
}

async function engineRun(engine: 'PGlite' | 'PostgreSQL', databases: Array<{ drop(): Promise<void> }>) {
  const database = engine === 'PostgreSQL' ? await freshDatabase(PG_BENCH_DB) : null;
  if (database) databases.push(database);
  const databaseUrl = database?.url ?? null;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const first = await startServer(env);
  const cookie = await signUpReader(first, {
    username: READER,
    name: 'Bench Reader',
    email: 'bench.matrimony@example.com',
  });
  await first.stop();
  const dataDir = databaseUrl ? null : first.dataDir;
  if (dataDir) env.DATA_DIR = dataDir;
  await fill(databaseUrl, dataDir, 0, PROFILES);
  await listReader(databaseUrl, dataDir, PROFILES);
  await vary(databaseUrl, dataDir);
  const results = new Map<FilterName, Measure[]>();
  let pages = {} as Record<FilterName, number>;
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startServer(env);
    try {
      pages = await firstPages(server, cookie);
      await loadRoute(url(server, 'unfiltered'), { cookie, duration: 2 });
      // Alternately: unfiltered, then a filter, so each ratio's two sides share the machine's moment.
      for (const name of ['widest', 'narrowCard', 'narrowest'] as const) {
        for (const measured of ['unfiltered', name] as const) {
          const list = results.get(measured) ?? [];
          list.push(await loadRoute(url(server, measured), { cookie }));
          results.set(measured, list);
        }
      }
    } finally {
      await server.stop();
    }
  }
  const measures = {} as Record<FilterName, Measure>;
  for (const name of Object.keys(FILTERS) as FilterName[]) measures[name] = meanOf(results.get(name) ?? []);
  return { engine, pages, measures } satisfies Row;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function run(): Promise<Section> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const databases: Array<{ drop(): Promise<void> }> = [];
  for (const engine of ['PGlite', 'PostgreSQL'] as const) {
    try {
      rows.push(await engineRun(engine, databases));
    } catch (error) {
      notes.push(`${engine} runs failed: ${(error as Error).message}`);
    }
  }
  for (const database of databases) await database.drop().catch(() => {});
  const lines = [
    `Data: ${PROFILES / 1000}k profiles as in the section above (bench/suites/50-matrimony.ts), then (51-matrimony-filters.ts) birth dates over 40 years, heights 145–194 cm, seven kinds of education, 50 cities and a photo on one profile in three; ${ACCEPTED} of the reader's matches accepted his request. Filters: **widest** \`${FILTERS.widest}\` (every listing passes); **narrow on the card** \`${FILTERS.narrowCard}\` (about 1 profile in 850); **narrowest** \`${FILTERS.narrowest}\` (every filter; height and place count only on listings whose owner accepted the reader's request, visibility.ts \`detailsOpenTo\`).`,
    `Load: autocannon, ${CONNECTIONS} connections × ${DURATION} s per route, with the reader's session, after a 2 s warm-up; unfiltered and each filter measured alternately, ${ROUNDS} rounds, each figure the mean over its runs.`,
    '',
    '| engine | profiles | filter | cards on page 1 | p50 / p99 | req/s | p50 ÷ unfiltered | target | |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const base = r.measures.unfiltered;
    for (const name of Object.keys(FILTERS) as FilterName[]) {
      const m = r.measures[name];
      // autocannon reports whole milliseconds; under 1 ms both sides count as 1 ms.
      const ratio = Math.max(m.p50, 1) / Math.max(base.p50, 1);
      const judged = name === 'unfiltered' ? '| — | |' : `| ≤ 1.3× | ${ratio <= 1.3 ? 'met' : 'MISSED'} |`;
      lines.push(
        `| ${r.engine} | ${PROFILES / 1000}k | ${name} | ${r.pages[name]} | ${ms(m.p50)} / ${ms(m.p99)} | ${m.rps.toFixed(0)} | ${name === 'unfiltered' ? '1.00×' : `${ratio.toFixed(2)}×`} ${judged}${m.errors ? ` (${m.errors} errors)` : ''}`,
      );
    }
  }
  lines.push(
    '',
    "The queries themselves, by EXPLAIN ANALYZE on PostgreSQL at 100k profiles (2026-11-27, this data): unfiltered and widest are the same backward scan of `matrimony_profile_listing_idx` stopped after 4 rows (0.36 / 0.12 ms); narrow on the card walks that index past ~3,900 listings the filter leaves out (1.6 ms); narrowest reads the reader's 20 accepted requests first (`profile_request_creator_created_idx`), fetches those profiles by primary key and sorts them (0.45 ms) — before that change (`id in (subquery)`, tested row by row in date order) it walked the whole index: 6.0× (PGlite) and 6.7× (PostgreSQL) unfiltered over HTTP in the first run of this suite. Planning takes 1.6–11 ms, more than any of these. The HTTP figures above were measured while other work (browser tests, builds) ran on the same 2 cores, hence their size next to the section above; the ratios compare runs taken alternately.",
  );
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return { title: 'Matrimony: suggestions with filters at 100k profiles', markdown: lines.join('\n') };
}
