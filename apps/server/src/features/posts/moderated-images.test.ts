// A post image follows its post (docs/product/feed.md, "Post images"). Once staff reject or unlist the post,
// its preview is the author's and staff's only (never stored by shared caches); everyone else gets the 404 an
// unknown file gets. An approved post's image stays public, cached for an hour at most.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { postWithImage, setPicture } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { members, type TestMember } from '../../../test/members.ts';

describeEachDatabase('post images follow their post', (ctx) => {
  const { author, member, admin } = members(ctx, { author: 'member', member: 'member', admin: 'admin' });
  let app: FastifyInstance;
  beforeAll(() => {
    app = ctx.app;
  });

  function decide(id: string, status: 'approved' | 'rejected' | 'unlisted') {
    return app.inject({
      method: 'POST',
      url: `/api/admin/posts/${id}/decision`,
      payload: { status, reason: status === 'approved' ? null : 'Not for this feed' },
      headers: { cookie: admin.cookie },
    });
  }

  function preview(file: string, who: TestMember | null, width = 490) {
    return app.inject({
      method: 'GET',
      url: `/api/files/${file}/preview?width=${width}`,
      headers: { accept: 'image/webp', ...(who ? { cookie: who.cookie } : {}) },
    });
  }

  const unknownFile = '0123456789abcdef0123';

  it('an approved post image is public, cacheable for an hour (not immutable)', async () => {
    const { id, file } = await postWithImage(app, author);
    expect((await decide(id, 'approved')).statusCode).toBe(200);
    for (const who of [null, member, author]) {
      const res = await preview(file, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
  });

  for (const decision of ['rejected', 'unlisted'] as const) {
    it(`once staff mark the post ${decision}, only its author and staff see the image, uncached`, async () => {
      const { id, file } = await postWithImage(app, author);
      expect((await decide(id, 'approved')).statusCode).toBe(200);
      // Seen (and rendered into storage) while it was public.
      expect((await preview(file, null)).statusCode).toBe(200);

      expect((await decide(id, decision)).statusCode).toBe(200);
      const unknown = await preview(unknownFile, member);
      for (const who of [null, member]) {
        for (const width of [490, 100]) {
          const res = await preview(file, who, width);
          expect(res.statusCode, `${decision} ${who ? 'member' : 'visitor'} ${width}`).toBe(404);
          // Exactly the answer an unknown id gets: nothing tells the file exists.
          expect(res.json()).toEqual(unknown.json());
          expect(res.headers['cache-control'] ?? '').not.toMatch(/public|immutable/);
        }
        // A conditional request with the ETag seen before must not get a 304 either.
        const conditional = await app.inject({
          method: 'GET',
          url: `/api/files/${file}/preview?width=490`,
          headers: { accept: 'image/webp', 'if-none-match': `"${file}-490-webp"` },
        });
        expect(conditional.statusCode).toBe(404);
      }
      for (const who of [author, admin]) {
        const res = await preview(file, who);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    });
  }

  it('a post still under review shows its image to the author and staff only', async () => {
    const { id, file } = await postWithImage(app, author);
    expect((await preview(file, null)).statusCode).toBe(404);
    expect((await preview(file, member)).statusCode).toBe(404);
    expect((await preview(file, author)).headers['cache-control']).toBe('private, no-store');
    expect((await preview(file, admin)).statusCode).toBe(200);
    // Approving it makes it public.
    expect((await decide(id, 'approved')).statusCode).toBe(200);
    expect((await preview(file, null)).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('profile pictures stay public and cached forever', async () => {
    const res = await preview(await setPicture(app, member), null, 100);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
