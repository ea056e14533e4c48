import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testConfig } from '../../test/harness.ts';
import { VAPID_FILE, vapidDetails } from './vapid.ts';

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, owner-only, and the same pair is used after a restart', () => {
    const dataDir = tempDir();
    const config = testConfig({ DATA_DIR: dataDir, CONTACT_EMAIL: 'help@samaj.example' });
    const first = vapidDetails(config);
    expect(first).toMatchObject({ subject: 'mailto:help@samaj.example' });
    expect(first?.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const file = path.join(dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      publicKey: first?.publicKey,
      privateKey: first?.privateKey,
    });
    // Another process on the same DATA_DIR (nothing cached) reads the same pair.
    const copy = tempDir();
    fs.copyFileSync(file, path.join(copy, VAPID_FILE));
    expect(vapidDetails(testConfig({ DATA_DIR: copy, CONTACT_EMAIL: 'help@samaj.example' }))).toEqual(first);
  });

  it('given in the environment, are used as they are and nothing is written', () => {
    const dataDir = tempDir();
    const keys = {
      VAPID_PUBLIC_KEY:
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      VAPID_PRIVATE_KEY: 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls',
    };
    const details = vapidDetails(
      testConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'https://samaj.example.org', ...keys }),
    );
    expect(details).toEqual({
      subject: 'https://samaj.example.org',
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(fs.existsSync(path.join(dataDir, VAPID_FILE))).toBe(false);
  });

  it('without a usable subject push is off and no keys are made', () => {
    const dataDir = tempDir();
    expect(vapidDetails(testConfig({ DATA_DIR: dataDir }))).toBeNull();
    expect(fs.existsSync(path.join(dataDir, VAPID_FILE))).toBe(false);
  });
});
