// PGlite's statements kept parsed, the way PostgreSQL drivers keep theirs (pgx's statement cache,
// postgres.js `prepare: true`): each text drizzle sends is parsed once per database as a named
// statement; after that a run is only Bind, Describe, Execute and Sync — in one call into PGlite's
// WebAssembly backend, where its own `query` makes six and parses (and plans) the text every time.
// Same locks, same results (PGlite's own result parser), same errors as `query`.
import { PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

/**
 * Statements kept per database; the least recently used is closed beyond this. Enough for every
 * statement the server runs often (a few dozen); texts that differ by a list's length cycle through.
 */
const KEPT = 200;

/** PostgreSQL's "prepared statement does not exist" and "cached plan must not change result type". */
const STALE = new Set(['26000', '0A000']);

export interface Statements {
  /**
   * `text` with `params`, as `PGlite.query` answers it. `generic`: plan it once for any values — only
   * for a statement whose plan does not depend on them (db/prepared.ts); PostgreSQL would otherwise
   * keep planning it for each run's values.
   */
  query<T>(text: string, params: unknown[], options?: QueryOptions, generic?: boolean): Promise<Results<T>>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const { serialize } = protocol;
const GENERIC_ON = serialize.query('set plan_cache_mode = force_generic_plan');
const GENERIC_OFF = serialize.query('reset plan_cache_mode');

function statementsFor(client: PGlite, keep: number): Statements {
  /** Statements dropped from `kept`, closed with the next run. */
  let closing: Uint8Array[] = [];
  /** Statement name by text, with its parameters' type oids; the least recently used is closed. */
  const kept = new LRUCache<string, { name: string; types: number[] }>({
    max: keep,
    dispose: ({ name }) => closing.push(serialize.close({ type: 'S', name })),
  });
  let counter = 0;

  async function prepared(text: string) {
    const found = kept.get(text);
    if (found) return found;
    const name = `s${++counter}`;
    const described = await client.execProtocolStream(
      concat([
        ...closing,
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    closing = [];
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    generic: boolean,
  ) {
    const { name, types } = await prepared(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      concat([
        ...closing,
        ...(generic ? [GENERIC_ON] : []),
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
        ...(generic ? [GENERIC_OFF] : []),
      ]),
      { syncToFs: false },
    );
    closing = [];
    // The caller's parsers over PGlite's, by prototype: PGlite's parseResults would copy its whole
    // table (a parser for every array type, hundreds) into a new object on every query.
    const parsers = options?.parsers
      ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
      : client.parsers;
    const rows = options?.rowMode ? { rowMode: options.rowMode } : undefined;
    return parse.parseResults(messages, parsers, rows)[generic ? 1 : 0] as Results<T>;
  }

  return {
    async query<T>(text: string, params: unknown[], options?: QueryOptions, generic = false) {
      await client._checkReady();
      // Both of PGlite's locks, as `query` takes them: nothing else runs between these messages, and
      // nothing runs inside another caller's open transaction (whose uncommitted rows it must not see).
      return client._runExclusiveTransaction(() =>
        client.runExclusive(async () => {
          try {
            try {
              return await run<T>(text, params, options, generic);
            } catch (err) {
              // Gone from the session (a DEALLOCATE, a reset) or its columns changed: parse it again.
              if (!STALE.has((err as { code?: string }).code ?? '')) throw err;
              kept.delete(text);
              return await run<T>(text, params, options, generic);
            }
          } catch (err) {
            // As PGlite's own `query` reports a failed statement: with its text and values.
            Object.assign(err as object, { query: text, params, queryOptions: options });
            throw err;
          } finally {
            await client.syncToFs();
          }
        }),
      );
    },
  };
}

/** The statement cache behind each client `withStatements` made. */
const caches = new WeakMap<object, Statements>();

/**
 * `client` for drizzle, its `query` answered by the statement cache (the rest is PGlite's own).
 * Queries with a blob (COPY), explicit parameter types or a notice listener go to PGlite's own `query`.
 */
export function withStatements(client: PGlite, keep = KEPT): PGlite {
  const statements = statementsFor(client, keep);
  const bound = new Map<PropertyKey, unknown>();
  const query = (text: string, params: unknown[] = [], options?: QueryOptions) =>
    options?.blob || options?.paramTypes || options?.onNotice
      ? client.query(text, params, options)
      : statements.query(text, params, options);
  const proxy = new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // PGlite's methods use private fields: they must run on the client itself, not the proxy.
      let method = bound.get(key);
      if (!method) {
        method = value.bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
  caches.set(proxy, statements);
  return proxy;
}

/** The statement cache of a client `withStatements` made (drizzle's session holds it), if it is one. */
export function statementsOf(client: unknown): Statements | undefined {
  return client instanceof PGlite ? caches.get(client) : undefined;
}
