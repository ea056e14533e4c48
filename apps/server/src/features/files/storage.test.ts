import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as images from '../../../test/fixtures/images.ts';
import { cleanImage, MSG_UPLOAD_TYPE_UNSUPPORTED } from '../../platform/images.ts';
import { LocalStorage } from '../../platform/storage/index.ts';
import { S3Storage } from '../../platform/storage/s3.ts';

describe('local storage', () => {
  const storage = new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'samaj-storage-')));

  it('keeps, returns and deletes a file with its previews', async () => {
    await storage.put('abc/original', Buffer.from('one'), 'image/jpeg');
    await storage.put('abc/w300.webp', Buffer.from('two'), 'image/webp');
    await storage.put('abd/original', Buffer.from('three'), 'image/jpeg');
    expect((await storage.get('abc/original'))?.toString()).toBe('one');
    await storage.deletePrefix('abc/');
    expect(await storage.get('abc/original')).toBeNull();
    expect(await storage.get('abc/w300.webp')).toBeNull();
    expect((await storage.get('abd/original'))?.toString()).toBe('three');
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put('a/../../b', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.deletePrefix('/')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('S3 storage', () => {
  // A stand-in for the bucket that answers the SDK commands the adapter sends.
  function fakeBucket() {
    const objects = new Map<string, Buffer>();
    const client = {
      async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
        const input = command.input;
        switch (command.constructor.name) {
          case 'PutObjectCommand':
            objects.set(input.Key as string, input.Body as Buffer);
            return {};
          case 'GetObjectCommand': {
            const body = objects.get(input.Key as string);
            if (!body)
              throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
            return { Body: { transformToByteArray: async () => new Uint8Array(body) } };
          }
          case 'ListObjectsV2Command': {
            // One key a page, to exercise the continuation; the token is the last key returned.
            const after = (input.ContinuationToken as string | undefined) ?? '';
            const keys = [...objects.keys()]
              .filter((k) => k.startsWith(input.Prefix as string) && k > after)
              .sort();
            return {
              Contents: keys.slice(0, 1).map((Key) => ({ Key })),
              IsTruncated: keys.length > 1,
              NextContinuationToken: keys[0],
            };
          }
          case 'DeleteObjectsCommand':
            for (const { Key } of (input.Delete as { Objects: { Key: string }[] }).Objects)
              objects.delete(Key);
            return {};
        }
        throw new Error(`unexpected ${command.constructor.name}`);
      },
    };
    return { objects, client: client as unknown as S3Client };
  }

  const config = {
    endpoint: 'http://127.0.0.1:9000',
    bucket: 'b',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
  };

  it('puts, gets (null when absent) and deletes every object under a prefix', async () => {
    const { objects, client } = fakeBucket();
    const storage = new S3Storage(config, client);
    for (const key of ['abc/original', 'abc/w80.jpeg', 'abc/w490.webp', 'abd/original']) {
      await storage.put(key, Buffer.from(key), 'image/jpeg');
    }
    expect((await storage.get('abc/w80.jpeg'))?.toString()).toBe('abc/w80.jpeg');
    expect(await storage.get('zzz/original')).toBeNull();
    await storage.deletePrefix('abc/');
    expect([...objects.keys()]).toEqual(['abd/original']);
  });
});

describe('image cleaning beyond profile pictures', () => {
  it('accepts WebP and GIF (first frame) for other uploads, as JPEG', async () => {
    for (const input of [await images.webp(320, 240), await images.gif(320, 240)]) {
      const clean = await cleanImage(input);
      expect(clean).toMatchObject({ mime: 'image/jpeg', width: 320, height: 240 });
      expect((await sharp(clean.data).metadata()).format).toBe('jpeg');
    }
  });

  it('keeps transparency as WebP', async () => {
    const transparent = await sharp({
      create: { width: 50, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const clean = await cleanImage(transparent);
    expect(clean.mime).toBe('image/webp');
    expect((await sharp(clean.data).metadata()).hasAlpha).toBe(true);
  });

  it('says which types are accepted when refusing', async () => {
    await expect(cleanImage(images.svgBytes)).rejects.toMatchObject({
      status: 415,
      message: MSG_UPLOAD_TYPE_UNSUPPORTED,
    });
  });
});
