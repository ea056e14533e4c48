// The one way the web app talks to the server: JSON in and out, the session cookie always
// sent, and every failure turned into an ApiError carrying the server's { message, code, type }.

export type ApiErrorType = string;

export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the request never reached the server. */
  readonly code: number;
  /** The spec's error type (`user_invalid_credentials`, ...); 'network' when offline. */
  readonly type: ApiErrorType;

  constructor(message: string, code: number, type: ApiErrorType) {
    super(message);
    this.code = code;
    this.type = type;
  }
}

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

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, credentials: 'include' });
  } catch (error) {
    // An abort is the caller's decision, not a failure to report.
    if (signal?.aborted) throw error;
    throw new ApiError('Network request failed', 0, 'network');
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
  if (!response.ok) {
    const message = isRecord(data) && typeof data.message === 'string' ? data.message : response.statusText;
    const type = isRecord(data) && typeof data.type === 'string' ? data.type : 'unknown';
    const code = isRecord(data) && typeof data.code === 'number' ? data.code : response.status;
    throw new ApiError(message || `HTTP ${response.status}`, code, type);
  }
  return data as T;
}
