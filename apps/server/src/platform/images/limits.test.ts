// Image work must not starve the server (docs/product/errors.md, "Uploads"). Images whose decoding would cost
// too much are refused from their header (before any decoding), image jobs wait in a bounded queue that
// answers 503 with Retry-After when full, and uploads are rate-limited per member.
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, upload } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createMember, type TestMember } from '../../../test/members.ts';
import { file } from '../../db/schema/index.ts';
import { MSG_IMAGE_ASPECT, MSG_IMAGE_TOO_DEEP } from '../images.ts';
import { WRITE_LIMITS } from '../rate-limit.ts';
import { IMAGE_CONCURRENCY, IMAGE_QUEUE_WAITING, ImageQueue, imageQueue, MSG_IMAGE_BUSY } from './queue.ts';

/** A PNG with this header; `idat` is the compressed pixel data (whole, or only its start). */
function png(
  header: { width: number; height: number; depth: number; colour: number; interlace: 0 | 1 },
  idat: Buffer,
) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = header.depth;
  ihdr[9] = header.colour;
  ihdr[12] = header.interlace;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    images.pngChunk('IHDR', ihdr),
    images.pngChunk('IDAT', idat),
    images.pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The finding's image: a complete, valid RGB PNG of 2 × 19,000,000 pixels (tens of KB). */
function longPng(): Buffer {
  const width = 2;
  const height = 19_000_000;
  // Each row: filter byte 0, then 2 black RGB pixels; all zeros deflate to almost nothing.
  return png({ width, height, depth: 8, colour: 2, interlace: 0 }, deflateSync(Buffer.alloc(height * 7)));
}

/** A 16-bit interlaced 6300 × 6300 RGB PNG (under 40 MP, ~238 MB decoded); only its first rows. */
function deepPng(): Buffer {
  return png(
    { width: 6300, height: 6300, depth: 16, colour: 2, interlace: 1 },
    deflateSync(Buffer.alloc(64 * (1 + 6300 * 6))),
  );
}

describe('ImageQueue', () => {
  it('runs at most `concurrency` jobs, queues `waiting` more, and refuses the rest at once', async () => {
    const queue = new ImageQueue({ concurrency: 2, waiting: 1 });
    const releases: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const job = () =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'done';
      });
    const accepted = [job(), job(), job()];
    await expect(job()).rejects.toMatchObject({ status: 503, type: 'general_service_unavailable' });
    expect(queue.size).toEqual({ running: 2, waiting: 1 });
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});

describeEachDatabase('image work cannot starve the server', (ctx) => {
  let app: FastifyInstance;
  let member: TestMember;

  beforeAll(async () => {
    app = ctx.app;
    member = await createMember(app);
  }, 60_000);

  const asPng = (data: Buffer) => [{ filename: 'p.png', contentType: 'image/png', data }];
  const uploadPicture = (who: TestMember, data: Buffer) =>
    upload(app, '/api/account/picture', who, asPng(data));
  const uploadPost = (who: TestMember, data: Buffer) =>
    upload(app, '/api/posts', who, asPng(data), { description: 'A picture' });

  const fileCount = async () => (await app.db.select({ id: file.id }).from(file)).length;

  it('refuses a 2 × 19,000,000 pixel PNG from its header, storing nothing', async () => {
    const long = longPng();
    expect(long.length).toBeLessThan(200_000);
    const before = await fileCount();
    for (const res of [await uploadPicture(member, long), await uploadPost(member, long)]) {
      expectError(res, 415, 'storage_file_type_unsupported', { message: MSG_IMAGE_ASPECT });
    }
    expect(await fileCount()).toBe(before);
    // Nothing waited in the image queue for it.
    expect(imageQueue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a 16-bit interlaced 6300 × 6300 PNG (under 40 MP, ~238 MB decoded)', async () => {
    const before = await fileCount();
    for (const res of [await uploadPicture(member, deepPng()), await uploadPost(member, deepPng())]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: MSG_IMAGE_TOO_DEEP, code: 413, type: 'storage_file_too_large' });
    }
    expect(await fileCount()).toBe(before);
  });

  describe('when the image queue is full', () => {
    // Slow jobs that hold the queue until the gate opens (waiting ones pass straight through then).
    let open: () => void = () => {};
    let blockers: Promise<unknown>[] = [];

    async function drain() {
      open();
      await Promise.allSettled(blockers);
      blockers = [];
    }

    afterEach(drain);

    function fillQueue() {
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      for (let i = 0; i < IMAGE_CONCURRENCY + IMAGE_QUEUE_WAITING; i++) {
        blockers.push(imageQueue.run(() => gate));
      }
      expect(imageQueue.size).toEqual({ running: IMAGE_CONCURRENCY, waiting: IMAGE_QUEUE_WAITING });
    }

    it('answers 503 with Retry-After to uploads and stores nothing; works again once it drains', async () => {
      const picture = await images.png(64, 48);
      fillQueue();
      const before = await fileCount();
      for (const res of [await uploadPicture(member, picture), await uploadPost(member, picture)]) {
        expectError(res, 503, 'general_service_unavailable', { message: MSG_IMAGE_BUSY });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await fileCount()).toBe(before);

      await drain();
      const res = await uploadPicture(member, picture);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers 503 with Retry-After to a preview that is not rendered yet', async () => {
      const picture = await images.png(64, 48);
      const dp = (await uploadPicture(member, picture)).json().dp;
      fillQueue();
      const res = await app.inject({ method: 'GET', url: `/api/files/${dp}/preview?width=80` });
      expect(res.statusCode).toBe(503);
      expect(res.json().type).toBe('general_service_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
    });
  });

  it('limits picture uploads per member with 429 and Retry-After; another member is not affected', async () => {
    const busy = await createMember(app);
    const other = await createMember(app);
    const tiny = await images.png(16, 16);
    for (let i = 0; i < WRITE_LIMITS.upload.max; i++) {
      expect((await uploadPicture(busy, tiny)).statusCode).toBe(200);
    }
    const limited = await uploadPicture(busy, tiny);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().type).toBe('general_rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadPicture(other, tiny)).statusCode).toBe(200);
  });
});
