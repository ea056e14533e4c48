// The local store writes a temp file and renames it into place: a write that fails part-way (a full
// disk) must leave nothing behind, not even the temp file, exactly when space is short.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../../test/harness.ts';
import { LocalStorage } from './local.ts';

const failNextWrite = vi.hoisted(() => ({ after: -1 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    // With `after` set, writes that many bytes, then fails as a full disk does.
    writeFile: async (file: string, data: Buffer) => {
      if (failNextWrite.after < 0) return real.writeFile(file, data);
      const half = data.subarray(0, failNextWrite.after);
      failNextWrite.after = -1;
      await real.writeFile(file, half);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
});

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local storage', () => {
  afterEach(() => {
    failNextWrite.after = -1;
  });

  it('stores a file whole under its key', async () => {
    const root = tempDir();
    const store = new LocalStorage(root);
    await store.put('abc/original.jpg', Buffer.from('bytes'), 'image/jpeg');
    expect(filesUnder(root)).toEqual([path.join('abc', 'original.jpg')]);
    expect((await store.get('abc/original.jpg'))?.toString()).toBe('bytes');
  });

  it('leaves no temp file (and no file) when the write fails midway', async () => {
    const root = tempDir();
    const store = new LocalStorage(root);
    failNextWrite.after = 4;
    await expect(store.put('abc/original.jpg', Buffer.alloc(64, 1), 'image/jpeg')).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(filesUnder(root)).toEqual([]);
    expect(await store.get('abc/original.jpg')).toBeNull();
  });
});
