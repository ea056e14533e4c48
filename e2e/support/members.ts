import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let counter = 0;

export interface Member {
  username: string;
  name: string;
  email: string;
  password: string;
}

/** A unique, valid member (username 6–32 of a-z 0-9 _ -). */
export function newMember(prefix = 'member'): Member {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = `${prefix}_${tag}`.toLowerCase().slice(0, 32);
  return {
    username,
    name: `Test ${prefix} ${counter}`,
    email: `${username}@example.com`,
    password: 'correct horse 42',
  };
}

/**
 * Signs a member up through the API. With `page.request` the browser context is logged in afterwards
 * (the session cookie lands in the context's cookie jar).
 */
export async function signUp(
  request: APIRequestContext,
  member = newMember(),
  surname = 'Patel',
): Promise<Member> {
  const res = await request.post('/api/account/signup', { data: { ...member, surname } });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

export async function logIn(request: APIRequestContext, member: Member): Promise<void> {
  const res = await request.post('/api/account/login', {
    data: { email: member.email, password: member.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The operator's CLI, as an operator would run it while the server is up (it goes through the server). */
export function cli(...args: string[]): string {
  // The compiled commands, as `npm run cli` runs them: the suite runs after the build.
  return execFileSync(process.execPath, [join(root, 'apps/server/dist/cli.js'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

export function grant(username: string, label: 'Verified' | 'Founder' | 'Admin' | 'Publisher'): void {
  cli('grant', username, label);
}
