// The OpenAPI document (/api/docs) describes every API operation with the answers it can give:
// a success with its shape, and the error shape for the failures a route can produce.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Reads anyone may make that have no failure of the client's to describe. */
const PUBLIC_READS = ['GET /api/health', 'GET /api/health/live', 'GET /api/public-config', 'GET /api/slides'];

describeEachDatabase('OpenAPI document', (ctx) => {
  function operations(): [string, Operation][] {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
    );
  }

  it('describes every API route the router answers', () => {
    // Parameter names do not matter here (the router prints sibling parameters merged, ':a|:b').
    const anyParam = (name: string) => name.replace(/\{\w+\}/g, '{}');
    const described = new Set(operations().map(([name]) => anyParam(name)));
    // The router's own tree: "├── /api/posts (GET, HEAD, POST)", its children indented below
    // ("│   └── /:id (DELETE)"), each child's path relative to its parent's.
    const parents: string[] = [];
    const served: string[] = [];
    for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
      if (!match) continue;
      const [, indent, segment, methods] = match;
      const depth = indent.length / 4;
      parents.length = depth;
      const url = (parents[depth - 1] ?? '') + segment;
      parents[depth] = url;
      if (!url.startsWith('/api/') || url.startsWith('/api/docs') || !methods) continue;
      for (const method of methods.split(', ')) {
        if (method !== 'HEAD' && method !== 'OPTIONS')
          served.push(`${method} ${url.replace(/:[\w|:]+/g, '{}')}`);
      }
    }
    expect(served.length).toBeGreaterThanOrEqual(45);
    expect(served.filter((name) => !described.has(name))).toEqual([]);
  });

  it('gives every operation a success response with a schema (or 204), and errors in the error shape', () => {
    const missing: string[] = [];
    for (const [name, op] of operations()) {
      const codes = Object.keys(op.responses ?? {});
      const success = codes.filter((code) => /^2\d\d$/.test(code));
      if (success.length === 0) {
        missing.push(`${name}: no success response`);
        continue;
      }
      for (const code of success) {
        if (code === '204') continue;
        const content = op.responses?.[code]?.content;
        if (!content || Object.values(content).every((c) => !c.schema))
          missing.push(`${name}: ${code} has no schema`);
      }
      if (!PUBLIC_READS.includes(name) && !codes.some((code) => /^[45]\d\d$/.test(code))) {
        missing.push(`${name}: no error response`);
      }
    }
    expect(missing).toEqual([]);
  });
});
