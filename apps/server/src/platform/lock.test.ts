import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/harness.ts';
import { acquireLock, LOCK_FILE, LockError } from './lock.ts';

describe('DATA_DIR lock', () => {
  it('refuses a second holder while the first process lives, naming its pid', async () => {
    const dir = tempDir();
    // Another live process holds the lock.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(
        path.join(dir, LOCK_FILE),
        JSON.stringify({ pid: child.pid, startedAt: new Date().toISOString(), holder: 'server' }),
      );
      expect(() => acquireLock(dir)).toThrow(LockError);
      expect(() => acquireLock(dir)).toThrow(
        `Another Samaj server (pid ${child.pid}) is using DATA_DIR ${dir}. Stop it first, or run this command through it.`,
      );
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock left by a dead process, and releases it', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: 2 ** 22 + 12345, startedAt: '2020-01-01T00:00:00Z', holder: 'server' }),
    );
    const lock = acquireLock(dir);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a half-written lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    const lock = acquireLock(dir);
    lock.release();
  });
});
