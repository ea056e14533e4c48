// Text PostgreSQL cannot store never reaches a handler: a NUL character (U+0000) in a path id, a
// query value, a JSON string (or key) or a multipart field is refused with a 400 naming the field.
// PostgreSQL's text and jsonb reject NUL, so before this check such input answered 500.
import { ERROR_TYPES } from '@samaj/core';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { AppError } from './errors.ts';

const NUL = '\u0000';

/** The dotted name of the first string (or object key) inside `value` that holds a NUL, if any. */
export function findNul(value: unknown, prefix = ''): string | undefined {
  // A stack rather than recursion: a deeply nested body must not overflow the call stack.
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path || 'body';
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries = Array.isArray(current) ? current.entries() : Object.entries(current);
    const children: [unknown, string][] = [];
    for (const [key, child] of entries) {
      const name = path ? `${path}.${key}` : String(key);
      if (typeof key === 'string' && key.includes(NUL)) return path || 'body';
      children.push([child, name]);
    }
    // Reversed so the first field of the input is reported first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [unknown, string]);
  }
  return undefined;
}

export function nulError(field: string): AppError {
  // A page's address is the page route's wildcard parameter (`*`): named as what the reader typed.
  if (field === '*') {
    return new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, 'This address contains a NUL character.');
  }
  return new AppError(
    ERROR_TYPES.GENERAL_ARGUMENT_INVALID,
    `Invalid \`${field}\` param: it contains a NUL character.`,
    field.replaceAll(NUL, ''),
  );
}

function assertNoNul(value: unknown): void {
  const field = findNul(value);
  if (field !== undefined) throw nulError(field);
}

interface MultipartPart {
  type?: string;
  fieldname?: string;
  value?: unknown;
  fields?: Record<string, unknown>;
}

type PartsFn = (options?: unknown) => AsyncIterableIterator<MultipartPart>;
type FileFn = (options?: unknown) => Promise<MultipartPart | undefined>;

function checkPart(part: MultipartPart): void {
  if (part.fieldname?.includes(NUL)) throw nulError(part.fieldname);
  if (part.type === 'field' && typeof part.value === 'string' && part.value.includes(NUL)) {
    throw nulError(part.fieldname ?? 'body');
  }
}

function checkFields(part: MultipartPart | undefined): void {
  for (const entry of Object.values(part?.fields ?? {})) {
    for (const field of Array.isArray(entry) ? entry : [entry]) checkPart(field as MultipartPart);
  }
}

/**
 * Multipart fields are read by the handler itself (`request.parts()` / `request.file()`), after
 * every hook: wrap this request's readers so each field is checked as it arrives.
 */
function guardMultipart(request: FastifyRequest): void {
  const target = request as unknown as { parts?: PartsFn; file?: FileFn; files?: PartsFn };
  const { parts, file, files } = target;
  if (parts) {
    target.parts = async function* (options?: unknown) {
      for await (const part of parts.call(request, options)) {
        checkPart(part);
        yield part;
      }
    };
  }
  if (files) {
    target.files = async function* (options?: unknown) {
      for await (const part of files.call(request, options)) {
        checkFields(part);
        checkPart(part);
        yield part;
      }
    };
  }
  if (file) {
    target.file = async (options?: unknown) => {
      const part = await file.call(request, options);
      checkFields(part);
      return part;
    };
  }
}

/**
 * Wraps the schema validator: a NUL anywhere in params, query or body fails validation, before the
 * schema reads it (so the answer names the field even where a stricter rule would also fail). It
 * runs where validation runs, after the route's onRequest guard: a visitor still learns 401.
 */
export function withNulCheck<T>(compiler: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compiler(route);
    if (route.httpPart === 'headers') return validate;
    return (data: unknown) => {
      const field = findNul(data);
      if (field !== undefined) return { error: nulError(field) };
      return validate(data);
    };
  };
}

/**
 * Behind validation, for what no schema covers (a route without one, multipart fields). An app-level preHandler: it runs after every route's onRequest guard (so a visitor still
 * learns 401 first) and after schema validation, and before the route's own preHandlers (rate
 * limits) and the handler.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    assertNoNul(request.params);
    assertNoNul(request.query);
    assertNoNul(request.body);
    const maybeMultipart = request as unknown as { isMultipart?: () => boolean };
    if (maybeMultipart.isMultipart?.()) guardMultipart(request);
  });
}
