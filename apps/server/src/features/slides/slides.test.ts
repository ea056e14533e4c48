import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, upload } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { members, type TestMember } from '../../../test/members.ts';
import { auditLog, file } from '../../db/schema/index.ts';

describeEachDatabase('carousel slides', (ctx) => {
  const { admin, member } = members(ctx, { admin: 'admin', member: 'member' });

  const uploadImage = async (who: TestMember | null) => {
    return upload(ctx.app, '/api/admin/slides/image', who, [
      { filename: 'slide.png', contentType: 'image/png', data: await images.png(320, 200) },
    ]);
  };
  const audits = (position: number) =>
    ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'slide'), eq(auditLog.entityId, String(position))))
      .orderBy(auditLog.id);

  it('nobody filled a slide yet: the list is empty for everyone', async () => {
    const res = await call(ctx.app, 'GET', '/api/slides', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ documents: [] });
  });

  it('visitors get 401 and members 403 on every staff route, even with a bad body or position', async () => {
    for (const [who, status] of [
      [null, 401],
      [member, 403],
    ] as const) {
      for (const [method, url, body] of [
        ['PUT', '/api/admin/slides/1', { title: 'ok' }],
        ['PUT', '/api/admin/slides/9', { title: '', link: 'javascript:alert(1)' }],
        ['DELETE', '/api/admin/slides/1', undefined],
        ['DELETE', '/api/admin/slides/x', undefined],
        ['POST', '/api/admin/slides/image', { nope: true }],
      ] as const) {
        const res = await call(ctx.app, method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(res.json().type).toBe(status === 401 ? 'user_unauthorized' : 'user_forbidden');
      }
    }
    const upload403 = await uploadImage(member);
    expect(upload403.statusCode).toBe(403);
  });

  it('staff upload an image, save a slide with it, and everyone reads it; audited', async () => {
    const up = await uploadImage(admin);
    expect(up.statusCode, up.body).toBe(201);
    const { id } = up.json();
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    const [row] = await ctx.app.db.select().from(file).where(eq(file.id, id));
    expect(row.kind).toBe('slide');

    const body = { title: ' Samaj day ', subtitle: 'Join us', link: '/posts', image: id };
    const saved = await call(ctx.app, 'PUT', '/api/admin/slides/2', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      position: 2,
      title: 'Samaj day',
      subtitle: 'Join us',
      link: '/posts',
      image: id,
    });
    expect(Date.parse(saved.json().updatedAt)).not.toBeNaN();

    const text = await call(ctx.app, 'PUT', '/api/admin/slides/1', admin, {
      title: 'Welcome',
      link: 'https://example.org/about',
    });
    expect(text.json()).toEqual({
      position: 1,
      image: null,
      title: 'Welcome',
      subtitle: '',
      link: 'https://example.org/about',
      updatedAt: text.json().updatedAt,
    });

    const list = await call(ctx.app, 'GET', '/api/slides', null);
    expect(list.json().documents.map((s: { position: number }) => s.position)).toEqual([1, 2]);
    expect((await call(ctx.app, 'GET', `/api/files/${id}/preview?width=300`, null)).statusCode).toBe(200);

    const [entry] = await audits(2);
    expect(entry).toMatchObject({
      actor: admin.user.id,
      action: 'slide.save',
      before: null,
      after: { title: 'Samaj day', subtitle: 'Join us', link: '/posts', image: id },
    });

    // Editing keeps one row per position and records before and after.
    const edited = await call(ctx.app, 'PUT', '/api/admin/slides/2', admin, {
      ...body,
      title: 'Samaj day 2',
    });
    expect(edited.json().title).toBe('Samaj day 2');
    const entries = await audits(2);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ before: { title: 'Samaj day' }, after: { title: 'Samaj day 2' } });
  });

  it('a bad link, a long title, an unknown image or a position outside 1..5 is refused with 400', async () => {
    for (const [url, body] of [
      ['/api/admin/slides/3', { title: 'x', link: 'javascript:alert(1)' }],
      ['/api/admin/slides/3', { title: 'x', link: '//evil.example/' }],
      ['/api/admin/slides/3', { title: 'x', link: 'http://example.org/' }],
      ['/api/admin/slides/3', { title: 'x'.repeat(81) }],
      ['/api/admin/slides/3', { title: '   ' }],
      ['/api/admin/slides/3', { title: 'x', subtitle: 'y'.repeat(161) }],
      ['/api/admin/slides/3', { title: 'x', image: '0123456789abcdef0123' }],
      ['/api/admin/slides/3', { title: 'x', image: 'newuser' }],
      ['/api/admin/slides/0', { title: 'x' }],
      ['/api/admin/slides/6', { title: 'x' }],
    ] as const) {
      const res = await call(ctx.app, 'PUT', url, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    }
    expect((await call(ctx.app, 'GET', '/api/slides', null)).json().documents).toHaveLength(2);
    expect(await audits(3)).toHaveLength(0);
  });

  it('uploading without a file is a 400, a non-image a 415', async () => {
    const none = await call(ctx.app, 'POST', '/api/admin/slides/image', admin, { file: 'x' });
    expect(none.statusCode).toBe(400);
    const html = await upload(ctx.app, '/api/admin/slides/image', admin, [
      { filename: 'a.html', contentType: 'text/html', data: images.htmlBytes },
    ]);
    expect(html.statusCode).toBe(415);
  });

  it('clearing a slide removes it for everyone, deletes its image and is audited; an empty one is 404', async () => {
    const [before] = (await call(ctx.app, 'GET', '/api/slides', null))
      .json()
      .documents.filter((s: { position: number }) => s.position === 2);
    const res = await call(ctx.app, 'DELETE', '/api/admin/slides/2', admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const left = (await call(ctx.app, 'GET', '/api/slides', null)).json().documents;
    expect(left.map((s: { position: number }) => s.position)).toEqual([1]);
    expect((await call(ctx.app, 'GET', `/api/files/${before.image}/preview`, null)).statusCode).toBe(404);
    const entries = await audits(2);
    expect(entries.at(-1)).toMatchObject({
      action: 'slide.clear',
      after: null,
      before: { title: 'Samaj day 2' },
    });

    const again = await call(ctx.app, 'DELETE', '/api/admin/slides/2', admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().type).toBe('document_not_found');
  });

  it('the OpenAPI document describes the slide routes and their statuses', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json', null)).json();
    expect(Object.keys(doc.paths['/api/admin/slides/{position}'].put.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
    ]);
    expect(Object.keys(doc.paths['/api/admin/slides/image'].post.responses)).toContain('201');
  });
});
