// The one way the web app talks to the server: JSON in and out, the session cookie always
// sent, and every failure turned into an ApiError carrying the server's { message, code, type,
// field }. Screens explain a failure by its type (lib/errors.ts), never by the English message.

export type ApiErrorType = string;

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the request never reached the server. */
  readonly code: number;
  /** The spec's error type (`user_invalid_credentials`, ...); 'network' when offline. */
  readonly type: ApiErrorType;
  /** For a validation error, the input it is about (`email`, `title`, ...). */
  readonly field: string | null;

  constructor(message: string, code: number, type: ApiErrorType, field: string | null = null) {
    super(message);
    this.code = code;
    this.type = type;
    this.field = field;
  }
}

/** The ApiError of a failed response's status and parsed body (also for XHR uploads). */
export function errorFromResponse(status: number, statusText: string, data: unknown): ApiError {
  const body = isRecord(data) ? data : {};
  const message = typeof body.message === 'string' ? body.message : statusText;
  const type = typeof body.type === 'string' ? body.type : 'unknown';
  const code = typeof body.code === 'number' ? body.code : status;
  const field = typeof body.field === 'string' && body.field ? body.field : null;
  return new ApiError(message || `HTTP ${status}`, code, type, field);
}

export const networkError = () => new ApiError('Network request failed', 0, 'network');

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData (uploads) goes as is so the browser sets the boundary. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What `api` reads of an answer: a fetch `Response` has it, and so has the server's in-process answer
 * without being one (a Response built around a string costs ~0.1 ms to build and read back, four
 * times a page).
 */
export type ApiAnswer = Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>;

/** How a request reaches the server: the browser's fetch, or the server's own in-process answer. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<ApiAnswer>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * On the server (entry-server.tsx) a page's queries are answered in-process, as that viewer: the
 * same query functions run on both sides, only the way to the server differs.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');

  let response: ApiAnswer;
  try {
    response = await transport(path, { method, headers, body: payload, signal, credentials: 'include' });
  } catch (error) {
    // An abort is the caller's decision, not a failure to report.
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const text = await response.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, data);
  return data as T;
}

/** A read for which one error status is an answer (logged out, nothing yet): null instead of a throw. */
export async function apiOrNull<T>(
  path: string,
  nullOn: number,
  options: ApiOptions = {},
): Promise<T | null> {
  try {
    return await api<T>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.code === nullOn) return null;
    throw error;
  }
}
