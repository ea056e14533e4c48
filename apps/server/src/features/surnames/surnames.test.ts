import { SURNAME_LIST_LIMIT } from '@samaj/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { realtimeSettled } from '../../../test/wait.ts';
import { auditLog, surname } from '../../db/schema/index.ts';
import { seedSurnames } from './seed.ts';

describeEachDatabase('surname directory', (ctx) => {
  let member: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    await seedSurnames(ctx.app.db);
    // More than one page: a community may have more than the spec's 100.
    await ctx.app.db
      .insert(surname)
      .values(
        Array.from({ length: 8 }, (_, i) => ({ id: `Zz${i}test`, name: `Zz${i}test`, name_guj: `ઝ${i}` })),
      );
    member = await createMember(ctx.app, { surname: 'Patel' });
    admin = await createAdmin(ctx.app, { surname: 'Patel' });
  }, 60_000);

  const call = caller(ctx);
  const submit = (name: string, payload: Record<string, unknown>, who: TestMember | null = null) =>
    call('POST', `/api/surnames/${encodeURIComponent(name)}/submissions`, who, payload);

  describe('reading', () => {
    it('lets a visitor page through every surname, 100 at a time, in name order', async () => {
      const first = await call('GET', '/api/surnames', null);
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.documents).toHaveLength(SURNAME_LIST_LIMIT);
      expect(page1.nextCursor).toBe(page1.documents.at(-1).name);
      const patel = page1.documents.find((d: { name: string }) => d.name === 'Patel');
      expect(patel).toMatchObject({ id: 'Patel', name_guj: 'પટેલ', user_count: 2, gam: '', description: '' });

      const second = (
        await call('GET', `/api/surnames?cursor=${encodeURIComponent(page1.nextCursor)}`, null)
      ).json();
      expect(second.nextCursor).toBeNull();
      const names = [...page1.documents, ...second.documents].map((d: { name: string }) => d.name);
      const total = (await ctx.app.db.select({ id: surname.id }).from(surname)).length;
      expect(names).toHaveLength(total);
      expect(new Set(names).size).toBe(total);
      expect(names).toContain('Zz7test');
    });

    it('answers a repeated list request with 304 until something changes', async () => {
      const first = await call('GET', '/api/surnames?limit=5', null);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await ctx.app.inject({
        url: '/api/surnames?limit=5',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const firstName = first.json().documents[0].name;
      await ctx.app.db.update(surname).set({ gotra: 'Changed' }).where(eq(surname.id, firstName));
      // A change straight in the database (an operator's command, another process) is heard first.
      await realtimeSettled(ctx.app);
      const changed = await ctx.app.inject({
        url: '/api/surnames?limit=5',
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json().documents[0].gotra).toBe('Changed');
    });

    it('refuses a limit above 100 instead of serving more', async () => {
      const res = await call('GET', '/api/surnames?limit=101', null);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('general_argument_invalid');
    });

    it('shows one surname to a visitor, and a clear 404 for an unknown name', async () => {
      const res = await call('GET', '/api/surnames/Patel', null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Patel', name_guj: 'પટેલ' });
      expect(Date.parse(res.json().updatedAt)).not.toBeNaN();

      const missing = await call('GET', '/api/surnames/Nosuchname', null);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, type: 'document_not_found' });
    });
  });

  describe('submitting', () => {
    it('turns a visitor away with 401', async () => {
      const res = await submit('Shah', { gam: 'Surat' });
      expect(res.statusCode).toBe(401);
      expect(res.json().type).toBe('user_unauthorized');
    });

    it('records a member submission as pending and shows it in their own list', async () => {
      const res = await submit('Shah', { gam: 'Surat', kuldevta: 'Ambaji', description: 'Traders.' }, member);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        surname: 'Shah',
        creator: member.user.id,
        gam: 'Surat',
        status: 'pending',
      });

      const mine = await call('GET', '/api/surname-submissions/mine?surname=Shah', member);
      expect(mine.json().documents.map((d: { id: string }) => d.id)).toContain(res.json().id);
      // Nothing is published before review.
      expect((await call('GET', '/api/surnames/Shah', null)).json().gam).toBe('');
    });

    it('refuses an empty submission, an unknown surname and an overlong field', async () => {
      const empty = await submit('Shah', { gam: '  ', description: '<script>x</script>' }, member);
      expect(empty.statusCode).toBe(400);
      expect((await submit('Nosuchname', { gam: 'Surat' }, member)).statusCode).toBe(404);
      expect((await submit('Shah', { gam: 'x'.repeat(101) }, member)).statusCode).toBe(400);
    });

    it('keeps a visitor out of the own-submissions list', async () => {
      expect((await call('GET', '/api/surname-submissions/mine', null)).statusCode).toBe(401);
    });
  });

  describe('staff review', () => {
    it('refuses review to a member without the Admin label (403) and to a visitor (401)', async () => {
      const id = (await submit('Desai', { gam: 'Navsari' }, member)).json().id;
      const list = await call('GET', '/api/admin/surname-submissions', member);
      expect(list.statusCode).toBe(403);
      expect(list.json().type).toBe('user_forbidden');
      for (const action of ['apply', 'reject']) {
        const res = await call('POST', `/api/admin/surname-submissions/${id}/${action}`, member, {});
        expect(res.statusCode).toBe(403);
        const visitor = await call('POST', `/api/admin/surname-submissions/${id}/${action}`, null, {});
        expect(visitor.statusCode).toBe(401);
      }
      expect(
        (await call('GET', '/api/surname-submissions/mine?surname=Desai', member)).json().documents[0].status,
      ).toBe('pending');
    });

    it('lists pending submissions oldest first beside the current values', async () => {
      const res = await call('GET', '/api/admin/surname-submissions?status=pending', admin);
      expect(res.statusCode).toBe(200);
      const docs = res.json().documents as {
        surname: string;
        createdAt: string;
        current: { name_guj: string };
      }[];
      expect(docs.length).toBeGreaterThanOrEqual(2);
      const times = docs.map((d) => Date.parse(d.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(docs[0]).toMatchObject({ surname: 'Shah', current: { name_guj: 'શાહ', gam: '' } });
    });

    it('applies a submission to the surname and writes who, what, before and after to the audit log', async () => {
      const created = await submit(
        'Mehta',
        { gam: 'Vadnagar', kuldevta: '', description: '<p>Old family.</p>' },
        member,
      );
      const id = created.json().id;
      const beforeRow = (await call('GET', '/api/surnames/Mehta', null)).json();

      const res = await call('POST', `/api/admin/surname-submissions/${id}/apply`, admin, {});
      expect(res.statusCode).toBe(200);
      const after = (await call('GET', '/api/surnames/Mehta', null)).json();
      expect(after).toMatchObject({
        gam: 'Vadnagar',
        description: '<p>Old family.</p>',
        kuldevta: beforeRow.kuldevta,
      });
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(beforeRow.updatedAt));

      const [entry] = await ctx.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'surname'), eq(auditLog.entityId, 'Mehta')));
      expect(entry).toMatchObject({ actor: admin.user.id, action: 'surname_submission.apply' });
      expect(entry.before).toMatchObject({ submission: id, status: 'pending', gam: '' });
      expect(entry.after).toMatchObject({ submission: id, status: 'applied', gam: 'Vadnagar' });
      expect(entry.createdAt).toBeInstanceOf(Date);

      const mine = await call('GET', '/api/surname-submissions/mine?surname=Mehta', member);
      expect(mine.json().documents[0].status).toBe('applied');

      const twice = await call('POST', `/api/admin/surname-submissions/${id}/apply`, admin, {});
      expect(twice.statusCode).toBe(409);
      const pending = (await call('GET', '/api/admin/surname-submissions', admin)).json();
      expect(pending.documents.map((d: { id: string }) => d.id)).not.toContain(id);
    });

    it('publishes the values staff edited rather than the proposal', async () => {
      const id = (await submit('Joshi', { gam: 'Wrong place', kuldevta: 'Chamunda' }, member)).json().id;
      const res = await call('POST', `/api/admin/surname-submissions/${id}/apply`, admin, {
        gam: 'Right place',
      });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/surnames/Joshi', null)).json()).toMatchObject({
        gam: 'Right place',
        kuldevta: 'Chamunda',
      });
    });

    it('rejects a submission without touching the surname, and tells the member', async () => {
      const id = (await submit('Trivedi', { gam: 'Nowhere' }, member)).json().id;
      const res = await call('POST', `/api/admin/surname-submissions/${id}/reject`, admin, {
        note: 'No source',
      });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/surnames/Trivedi', null)).json().gam).toBe('');
      const mine = (await call('GET', '/api/surname-submissions/mine?surname=Trivedi', member)).json();
      expect(mine.documents[0]).toMatchObject({ status: 'rejected', reviewNote: 'No source' });
      const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, 'Trivedi'));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: admin.user.id,
        action: 'surname_submission.reject',
        note: 'No source',
      });

      const unknown = await call('POST', '/api/admin/surname-submissions/nosuchid/reject', admin, {});
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('HTML safety', () => {
    it('stores and serves descriptions with script, event handlers, javascript: links, iframes and styles made inert', async () => {
      const payload = [
        '<p>Keep <b>bold</b> and <a href="https://example.org/history">a link</a>.</p>',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '<p onclick="alert(3)">click</p>',
        '<a href="javascript:alert(4)">bad link</a>',
        '<a href="JaVaScRiPt&colon;alert(5)">encoded</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<style>body{display:none}</style>',
        '<p style="background:url(javascript:alert(6))">styled</p>',
      ].join('');
      const created = await submit('Bhatt', { description: payload }, member);
      expect(created.statusCode).toBe(201);
      // Even the staff preview of the proposal is already clean.
      expect(created.json().description).not.toMatch(
        /<script|onerror|onclick|javascript:|<iframe|<style|style=/i,
      );

      await call('POST', `/api/admin/surname-submissions/${created.json().id}/apply`, admin, {});
      const html: string = (await call('GET', '/api/surnames/Bhatt', null)).json().description;
      for (const bad of [
        /<script/i,
        /alert\(1\)/,
        /onerror/i,
        /onclick/i,
        /javascript:/i,
        /<iframe/i,
        /<style/i,
        /style=/i,
        /display:none/,
      ]) {
        expect(html).not.toMatch(bad);
      }
      expect(html).toContain('<b>bold</b>');
      expect(html).toMatch(/<a href="https:\/\/example.org\/history"[^>]*>a link<\/a>/);
      expect(html).toContain('click');

      // Staff edits go through the same wall.
      const second = (await submit('Bhatt', { gam: 'Patan' }, member)).json().id;
      await call('POST', `/api/admin/surname-submissions/${second}/apply`, admin, {
        description: '<p>Edited</p><svg onload="alert(7)"></svg>',
      });
      expect((await call('GET', '/api/surnames/Bhatt', null)).json().description).toBe('<p>Edited</p>');
    });
  });
});
