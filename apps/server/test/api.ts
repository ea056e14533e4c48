// Requests as a member would send them, for app.inject: JSON calls, multipart uploads, and the
// one error shape every API error has. The cookie comes from test/members.ts.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { jpegWithGps, multipart, png } from './fixtures/images.ts';
import type { TestMember } from './members.ts';

/** A request as `who` (null: a visitor), with a JSON body when `payload` is given. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who: TestMember | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** Only the status `call` is answered with. */
export async function statusOf(...args: Parameters<typeof call>): Promise<number> {
  return (await call(...args)).statusCode;
}

export type UploadFile = Parameters<typeof multipart>[0][number];

/** A multipart POST as `who` (null: a visitor): image files plus text fields, as the web app's forms send them. */
export function upload(
  app: FastifyInstance,
  url: string,
  who: TestMember | null,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipart(files, fields);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

/**
 * The API's error answer: this status and error type in exactly the `{ message, code, type }` shape
 * (plus what `more` names, e.g. the message or a validation error's field).
 */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  type: string,
  more: { message?: string; field?: string } = {},
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ message: expect.any(String), code: status, type, ...more });
}

export type VisitorCall = readonly [method: InjectOptions['method'], url: string, body?: unknown];

/**
 * A visitor's request to each route gets the 401 error (before any 400 its bad input deserves), and
 * none of the answers carries any of `hidden` (data a visitor must not read).
 */
export async function expectVisitorRefused(
  app: FastifyInstance,
  routes: readonly VisitorCall[],
  hidden: readonly string[] = [],
) {
  for (const [method, url, body] of routes) {
    const res = await call(app, method, url, null, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
    expect(res.json(), `${method} ${url}`).toMatchObject({ code: 401, type: 'user_unauthorized' });
    for (const secret of hidden) expect(res.body, `${method} ${url}`).not.toContain(secret);
  }
}

/** `call` on the suite's app, read at request time (describeEachDatabase fills ctx.app in beforeAll). */
export function caller(ctx: { app: FastifyInstance }) {
  return (method: InjectOptions['method'], url: string, who: TestMember | null, payload?: unknown) =>
    call(ctx.app, method, url, who, payload);
}

/** A post with a photo (carrying GPS EXIF) by `who`, as the feed's form sends it: the created post. */
export async function postWithImage(
  app: FastifyInstance,
  who: TestMember,
): Promise<{ id: string; file: string }> {
  const photo = { filename: 'p.jpg', contentType: 'image/jpeg', data: await jpegWithGps(300, 200) };
  const res = await upload(app, '/api/posts', who, [photo], { description: 'A post with a photo' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** `who` uploads a profile picture: its file id (the new dp). */
export async function setPicture(app: FastifyInstance, who: TestMember): Promise<string> {
  const res = await upload(app, '/api/account/picture', who, [
    { filename: 'me.png', contentType: 'image/png', data: await png(120, 90) },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dp;
}
