// Members for tests: signed up through the real API, so every suite exercises
// the same path a person does. The cookie goes straight into app.inject.

import type { AccountView } from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import { surname as surnameTable, user as userTable } from '../src/db/schema/index.ts';
import { realtimeSettled } from './wait.ts';

export interface TestMember {
  user: AccountView;
  /** `name=value; ...` for the `cookie` header of app.inject. */
  cookie: string;
  password: string;
}

export interface MemberOverrides {
  surname?: string;
  phone?: string;
  username?: string;
  name?: string;
  email?: string;
  password?: string;
}

let sequence = 0;

/** A username the spec accepts (lowercase, 6–32) that no other test uses. */
export function uniqueUsername(prefix = 'member'): string {
  sequence += 1;
  return `${prefix}_${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${sequence}`.slice(0, 32);
}

/** The session cookies a response sets, as a request `cookie` header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Some surname to sign up with: the first one in the table, or a test surname made on the spot. */
export async function anySurname(app: FastifyInstance): Promise<string> {
  const [row] = await app.db.select({ id: surnameTable.id }).from(surnameTable).limit(1);
  if (row) return row.id;
  await app.db
    .insert(surnameTable)
    .values({ id: 'Testsurname', name: 'Testsurname', name_guj: 'ટેસ્ટ' })
    .onConflictDoNothing();
  return 'Testsurname';
}

function fail(what: string, response: LightMyRequestResponse): never {
  throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
}

/** Signs a new member up through POST /api/account/signup. */
export async function createMember(
  app: FastifyInstance,
  overrides: MemberOverrides = {},
): Promise<TestMember> {
  const username = overrides.username ?? uniqueUsername();
  const password = overrides.password ?? 'correct horse battery';
  const payload = {
    surname: overrides.surname ?? (await anySurname(app)),
    username,
    name: overrides.name ?? `Member ${username}`,
    email: overrides.email ?? `${username.replace(/_/g, '.')}@example.com`,
    password,
    ...(overrides.phone ? { phone: overrides.phone } : {}),
  };
  const response = await app.inject({ method: 'POST', url: '/api/account/signup', payload });
  if (response.statusCode !== 201) fail('createMember', response);
  return { user: response.json().user as AccountView, cookie: cookieFrom(response), password };
}

/** Gives an existing member a label directly in the database. */
export async function grantLabel(app: FastifyInstance, username: string, label: string): Promise<void> {
  await app.db
    .update(userTable)
    .set({ labels: sql`array_append(array_remove(${userTable.labels}, ${label}), ${label})` })
    .where(eq(userTable.id, username));
  // The app may hold this member's session from an earlier request: it hears of the change first.
  await realtimeSettled(app);
}

/** A member carrying the Admin label. */
/** `count` members, one after another (signups share the password hasher; in parallel they only queue). */
export async function createMembers(app: FastifyInstance, count: number): Promise<TestMember[]> {
  const members: TestMember[] = [];
  for (let i = 0; i < count; i += 1) members.push(await createMember(app));
  return members;
}

export async function createAdmin(
  app: FastifyInstance,
  overrides: MemberOverrides = {},
): Promise<TestMember> {
  const member = await createMember(app, {
    username: overrides.username ?? uniqueUsername('admin'),
    ...overrides,
  });
  await grantLabel(app, member.user.id, 'Admin');
  return { ...member, user: { ...member.user, labels: [...member.user.labels, 'Admin'] } };
}

/** Logs in through POST /api/account/login; returns the response and its cookie. */
export async function login(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
  });
  return { response, cookie: cookieFrom(response) };
}

/**
 * The suite's cast, signed up once in `beforeAll`: `members(ctx, { author: 'member', admin: 'admin' })`.
 * Each one is an object filled in place (like ctx), so it can be destructured while the suite is declared.
 */
export function members<Name extends string>(
  ctx: { app: FastifyInstance },
  cast: Record<Name, 'member' | 'admin'>,
): Record<Name, TestMember> {
  const people = Object.fromEntries(Object.keys(cast).map((name) => [name, {}])) as Record<Name, TestMember>;
  beforeAll(async () => {
    for (const [name, role] of Object.entries(cast) as [Name, 'member' | 'admin'][]) {
      Object.assign(people[name], await (role === 'admin' ? createAdmin : createMember)(ctx.app));
    }
  }, 60_000);
  return people;
}
