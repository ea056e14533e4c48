// One compact line per request at `info` (docs/product/operations.md, "Logs"): Fastify's own pair of lines
// ("incoming request" and "request completed", ~600 bytes each with headers) gives way to one line with
// method, url, status, milliseconds and the request id once the answer is sent (app.ts: `logController`). The
// url never carries a secret: query values are kept only for names known to be harmless (a page cursor, a
// size), and a route parameter named like a secret (`/api/push/subscriptions/:token`) is logged as its name.
// Requests the server makes to itself (a page's data asked in-process by platform/ssr.ts through `inject`,
// which has no network socket) are logged at `debug`: the page's line says enough.
import { Socket } from 'node:net';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Query parameters whose values are logged; every other value becomes `…`. */
const SHOWN_QUERY = new Set(['cursor', 'limit', 'w', 'width', 'size', 'format', 'kind', 'lang', 'v']);
const SECRET_PARAM = /token|secret|key|password|code|sig/i;

/** The request's url as logged: secret-looking route parameters and unknown query values hidden. */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'params' | 'routeOptions'>): string {
  const raw = request.url;
  const q = raw.indexOf('?');
  let path = q === -1 ? raw : raw.slice(0, q);
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (pattern) {
    for (const [name, value] of Object.entries(params)) {
      if (SECRET_PARAM.test(name) && typeof value === 'string' && value) {
        path = path
          .split('/')
          .map((part) => (safeDecode(part) === value ? `:${name}` : part))
          .join('/');
      }
    }
  }
  if (q === -1) return path;
  const query = raw
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq === -1 || SHOWN_QUERY.has(safeDecode(name)) ? pair : `${name}=…`;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: loggedUrl(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (!(request.raw.socket instanceof Socket)) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}
