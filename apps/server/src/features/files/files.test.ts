import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PICTURE_ID, PREVIEW_WIDTHS, UPLOAD_MAX_BYTES } from '@samaj/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, upload } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createMember, type TestMember } from '../../../test/members.ts';
import { waitFor } from '../../../test/wait.ts';
import { user } from '../../db/schema/auth.ts';
import { file } from '../../db/schema/files.ts';
import { getStorage, LocalStorage } from '../../platform/storage/index.ts';

const PICTURE = '/api/account/picture';

describeEachDatabase('media pipeline and profile pictures', (context) => {
  let app: FastifyInstance;
  let gpsJpeg: Buffer;

  beforeAll(async () => {
    app = context.app;
    gpsJpeg = await images.jpegWithGps();
  });

  function uploadPicture(
    member: TestMember | null,
    data: Buffer,
    filename = 'photo.jpg',
    contentType = 'image/jpeg',
  ) {
    return upload(app, PICTURE, member, [{ filename, contentType, data }]);
  }

  function preview(id: string, query = '', accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8') {
    return app.inject({ method: 'GET', url: `/api/files/${id}/preview${query}`, headers: { accept } });
  }

  async function dpOf(member: TestMember): Promise<string> {
    const [row] = await app.db.select({ dp: user.dp }).from(user).where(eq(user.id, member.user.id));
    return row.dp;
  }

  const stored = (id: string) => getStorage(app).get(`${id}/original`);
  const rowsOf = (member: TestMember) => app.db.select().from(file).where(eq(file.owner, member.user.id));

  it('refuses an upload from a visitor with 401 and stores nothing', async () => {
    const before = await app.db.select().from(file);
    const response = await uploadPicture(null, gpsJpeg);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await app.db.select().from(file)).toHaveLength(before.length);
  });

  it('stores a JPEG with GPS EXIF without any metadata, and serves it without any', async () => {
    expect((await sharp(gpsJpeg).metadata()).exif).toBeDefined(); // the fixture really carries EXIF
    const member = await createMember(app);
    const response = await uploadPicture(member, gpsJpeg);
    expect(response.statusCode).toBe(200);
    const { dp } = response.json();
    expect(dp).toMatch(/^[0-9a-f]{20}$/);
    expect(await dpOf(member)).toBe(dp);

    const [row] = await rowsOf(member);
    expect(row).toMatchObject({ id: dp, kind: 'profile', mime: 'image/jpeg', width: 1200, height: 900 });

    const original = (await stored(dp)) as Buffer;
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(original.includes(Buffer.from('Secret Phone 9'))).toBe(false);

    for (const accept of ['image/webp', 'image/jpeg']) {
      const served = await preview(dp, '?width=490', accept);
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Secret Phone 9'))).toBe(false);
    }
  });

  it('turns a picture upright by its EXIF orientation before dropping the EXIF', async () => {
    const member = await createMember(app);
    const response = await uploadPicture(member, await images.jpegRotated(400, 200));
    expect(response.statusCode).toBe(200);
    const meta = await sharp((await stored(response.json().dp)) as Buffer).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
  });

  it('accepts a PNG named photo.jpg (it is an image) and re-encodes it', async () => {
    const member = await createMember(app);
    const png = await images.png(640, 480);
    const response = await uploadPicture(member, png, 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const original = (await stored(response.json().dp)) as Buffer;
    expect(original.equals(png)).toBe(false);
    expect((await sharp(original).metadata()).format).toBe('jpeg');
  });

  it('caps the longest side at 2048 px', async () => {
    const member = await createMember(app);
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const response = await uploadPicture(member, big);
    expect(response.statusCode).toBe(200);
    const meta = await sharp((await stored(response.json().dp)) as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
  });

  describe('refused uploads leave the picture and storage as they were', () => {
    let member: TestMember;
    beforeAll(async () => {
      member = await createMember(app);
    });

    async function expectRefused(
      response: Awaited<ReturnType<typeof uploadPicture>>,
      code: number,
      type: string,
    ) {
      expect(response.statusCode).toBe(code);
      expect(response.json()).toMatchObject({ code, type });
      expect(response.json().message).not.toMatch(/at .*\.ts|Error:/);
      expect(await dpOf(member)).toBe(DEFAULT_PICTURE_ID);
      expect(await rowsOf(member)).toHaveLength(0);
    }

    it('HTML bytes named photo.jpg → 415', async () => {
      const response = await uploadPicture(member, images.htmlBytes, 'photo.jpg', 'image/jpeg');
      await expectRefused(response, 415, 'storage_file_type_unsupported');
      expect(response.json().message).toBe('Only JPEG or PNG images can be used as a profile picture.');
    });

    it('SVG → 415, even declared as an image', async () => {
      await expectRefused(
        await uploadPicture(member, images.svgBytes, 'a.svg', 'image/svg+xml'),
        415,
        'storage_file_type_unsupported',
      );
      await expectRefused(
        await uploadPicture(member, images.svgBytes, 'a.png', 'image/png'),
        415,
        'storage_file_type_unsupported',
      );
    });

    it('PDF and text → 415', async () => {
      await expectRefused(
        await uploadPicture(member, images.pdfBytes, 'a.jpg'),
        415,
        'storage_file_type_unsupported',
      );
      await expectRefused(
        await uploadPicture(member, Buffer.from('hello'), 'a.png', 'image/png'),
        415,
        'storage_file_type_unsupported',
      );
    });

    it('a WebP or GIF profile picture → 415 (profile pictures are JPEG or PNG)', async () => {
      await expectRefused(
        await uploadPicture(member, await images.webp(), 'a.webp', 'image/webp'),
        415,
        'storage_file_type_unsupported',
      );
      await expectRefused(
        await uploadPicture(member, await images.gif(), 'a.gif', 'image/gif'),
        415,
        'storage_file_type_unsupported',
      );
    });

    it('a file over 10 MB → 413 with a clear message', async () => {
      const oversize = Buffer.concat([gpsJpeg, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - gpsJpeg.length)]);
      const response = await uploadPicture(member, oversize);
      await expectRefused(response, 413, 'storage_file_too_large');
      expect(response.json().message).toBe('The file is too large: images can be at most 10 MB.');
    });

    it('a decompression bomb (a tiny PNG declaring 20000 × 20000) → 413 with a clear message', async () => {
      const bomb = images.pngBomb(20000);
      expect(bomb.length).toBeLessThan(100_000);
      const response = await uploadPicture(member, bomb, 'photo.png', 'image/png');
      await expectRefused(response, 413, 'storage_file_too_large');
      expect(response.json().message).toMatch(/too large to process: at most 40 megapixels/);
    });

    it('a damaged JPEG → 400', async () => {
      await expectRefused(
        await uploadPicture(member, gpsJpeg.subarray(0, 3000)),
        400,
        'general_argument_invalid',
      );
    });

    it('no file field → 400 Missing required parameter: "file"', async () => {
      const response = await upload(app, PICTURE, member, [
        { field: 'picture', filename: 'a.jpg', contentType: 'image/jpeg', data: gpsJpeg },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Missing required parameter: "file"');
      const json = await call(app, 'POST', PICTURE, member, {});
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe('Missing required parameter: "file"');
    });
  });

  describe('previews', () => {
    let id: string;
    beforeAll(async () => {
      const member = await createMember(app);
      id = (await uploadPicture(member, gpsJpeg)).json().dp;
    });

    it.each(PREVIEW_WIDTHS)('width=%i gives a preview that wide', async (width) => {
      const response = await preview(id, `?width=${width}`);
      expect(response.statusCode).toBe(200);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
    });

    it('defaults to 300 px', async () => {
      const response = await preview(id);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(300);
    });

    it('refuses widths outside the spec with 400', async () => {
      for (const width of ['200', '2048', 'abc', '300.5']) {
        const response = await preview(id, `?width=${width}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
        expect(response.json().message).toBe('Invalid width: use one of 490, 300, 100, 80.');
      }
    });

    it('is WebP when Accept allows it and JPEG otherwise', async () => {
      const webp = await preview(id, '?width=100', 'image/avif,image/webp,*/*');
      expect(webp.headers['content-type']).toBe('image/webp');
      expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
      for (const accept of ['image/jpeg,image/png,*/*', '*/*', '', 'image/webp;q=0']) {
        const jpeg = await preview(id, '?width=100', accept);
        expect(jpeg.headers['content-type']).toBe('image/jpeg');
        expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
      }
      expect(webp.headers.vary).toMatch(/accept/i);
    });

    it('is cacheable forever, with an ETag that answers 304', async () => {
      const first = await preview(id, '?width=80');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await app.inject({
        method: 'GET',
        url: `/api/files/${id}/preview?width=80`,
        headers: { accept: 'image/webp', 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('is made once and then kept in storage', async () => {
      await preview(id, '?width=490', 'image/webp');
      const cached = await getStorage(app).get(`${id}/w490.webp`);
      expect(cached).not.toBeNull();
      const served = await preview(id, '?width=490', 'image/webp');
      expect(served.rawPayload.equals(cached as Buffer)).toBe(true);
    });

    it('serves the default picture for newuser at every width', async () => {
      for (const width of PREVIEW_WIDTHS) {
        const response = await preview(DEFAULT_PICTURE_ID, `?width=${width}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
      }
      const jpeg = await preview(DEFAULT_PICTURE_ID, '', 'image/jpeg');
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
    });

    it('answers 404 JSON for an unknown id, 400 for text that can never be an id', async () => {
      for (const unknown of ['0123456789abcdef0123', 'nope']) {
        const response = await preview(unknown);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 404, type: 'storage_file_not_found' });
        expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
      }
      const traversal = await preview('..%2F..%2Fetc%2Fpasswd');
      expect(traversal.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
      expect(traversal.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    });
  });

  describe('replacing and removing a picture', () => {
    it('replacing deletes the old file (its bytes by the files.delete job), cached previews included', async () => {
      const member = await createMember(app);
      const first = (await uploadPicture(member, gpsJpeg)).json().dp;
      expect((await preview(first, '?width=100', 'image/webp')).statusCode).toBe(200);
      expect(await getStorage(app).get(`${first}/w100.webp`)).not.toBeNull();

      const second = (await uploadPicture(member, await images.png(), 'b.png', 'image/png')).json().dp;
      expect(second).not.toBe(first);
      expect(await dpOf(member)).toBe(second);
      expect((await preview(first)).statusCode).toBe(404);
      await waitFor(
        async () => !(await stored(first)) && !(await getStorage(app).get(`${first}/w100.webp`)),
        "the old picture's bytes to go",
      );
      expect((await rowsOf(member)).map((r) => r.id)).toEqual([second]);
      expect((await preview(second)).statusCode).toBe(200);
    });

    it('removing deletes the file and sets dp back to newuser', async () => {
      const member = await createMember(app);
      const id = (await uploadPicture(member, gpsJpeg)).json().dp;
      const response = await call(app, 'DELETE', PICTURE, member);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ dp: DEFAULT_PICTURE_ID });
      expect(await dpOf(member)).toBe(DEFAULT_PICTURE_ID);
      expect(await rowsOf(member)).toHaveLength(0);
      await waitFor(async () => !(await stored(id)), "the picture's bytes to go");
      expect((await preview(id)).statusCode).toBe(404);
      const account = await call(app, 'GET', '/api/account', member);
      expect(JSON.stringify(account.json())).toContain('"dp":"newuser"');
    });

    it('a visitor cannot remove a picture', async () => {
      const response = await call(app, 'DELETE', PICTURE, null);
      expect(response.statusCode).toBe(401);
    });

    it("another member's DELETE only ever affects their own picture", async () => {
      const me = await createMember(app);
      const other = await createMember(app);
      const mine = (await uploadPicture(me, gpsJpeg)).json().dp;
      const response = await call(app, 'DELETE', PICTURE, other);
      expect(response.statusCode).toBe(200);
      expect(await dpOf(me)).toBe(mine);
      expect(await stored(mine)).not.toBeNull();
      expect((await preview(mine)).statusCode).toBe(200);
    });

    it("pointing one's dp at someone else's file never deletes that file", async () => {
      const me = await createMember(app);
      const other = await createMember(app);
      const mine = (await uploadPicture(me, gpsJpeg)).json().dp;
      await app.db.update(user).set({ dp: mine }).where(eq(user.id, other.user.id));
      await uploadPicture(other, await images.png());
      await call(app, 'DELETE', PICTURE, other);
      expect(await stored(mine)).not.toBeNull();
      expect(await rowsOf(me)).toHaveLength(1);
    });

    it('when saving the new id fails, the new file is deleted and the old picture stays', async () => {
      const member = await createMember(app);
      const old = (await uploadPicture(member, gpsJpeg)).json().dp;
      // Only the picture's swap fails (swapPicture's own frame on the stack; the cleanup after it
      // runs): a background task (the event reminders' sweep) may open a transaction of its own
      // meanwhile, and must neither take the failure nor be failed by it.
      const transaction = app.db.transaction.bind(app.db);
      let failed = false;
      const spy = vi.spyOn(app.db, 'transaction').mockImplementation(((
        ...args: Parameters<typeof transaction>
      ) => {
        if (failed || !new Error().stack?.includes('swapPicture')) return transaction(...args);
        failed = true;
        return Promise.reject(new Error('database went away'));
      }) as typeof transaction);
      try {
        const response = await uploadPicture(member, await images.png());
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ code: 500 });
        expect(failed).toBe(true);
      } finally {
        spy.mockRestore();
      }
      expect(await dpOf(member)).toBe(old);
      expect((await rowsOf(member)).map((r) => r.id)).toEqual([old]);
      expect(await stored(old)).not.toBeNull();
      const storage = getStorage(app);
      if (storage instanceof LocalStorage) {
        const root = path.join(app.config.dataDir, 'files');
        // Every folder in storage belongs to a file that exists once the unused upload's job ran:
        // nothing was left behind.
        await waitFor(async () => {
          const ids = await readdir(root);
          const rows = await app.db.select({ id: file.id }).from(file);
          return ids.every((dir) => rows.some((r) => r.id === dir));
        }, 'the unused upload to be deleted');
      }
    });
  });
});
