// A file whose last reference goes (a deleted post, a replaced or cleared slide) is deleted by the
// files.delete job enqueued in the transaction that removed the reference: its row goes with the
// change, its bytes once the job runs, even if the process stops first; a rollback keeps both.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { call, postWithImage, upload } from '../../test/api.ts';
import * as images from '../../test/fixtures/images.ts';
import { acrossRestart, describeEachDatabase, engines } from '../../test/harness.ts';
import { createAdmin, createMember, members, type TestMember } from '../../test/members.ts';
import { realtimeSettled, waitFor } from '../../test/wait.ts';
import { user } from '../db/schema/auth.ts';
import { file } from '../db/schema/files.ts';
import { originalKey } from './images.ts';
import { getStorage } from './storage/index.ts';

const stored = async (app: FastifyInstance, id: string) =>
  (await getStorage(app).get(originalKey(id))) !== null;
const hasRow = async (app: FastifyInstance, id: string) =>
  (await app.db.select({ id: file.id }).from(file).where(eq(file.id, id))).length > 0;
const waiting = async (app: FastifyInstance) => (await app.jobs.queueSizes())['files.delete'];

async function slideImage(app: FastifyInstance, admin: TestMember): Promise<string> {
  const res = await upload(app, '/api/admin/slides/image', admin, [
    { filename: 'slide.png', contentType: 'image/png', data: await images.png(320, 200) },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function saveSlide(app: FastifyInstance, admin: TestMember, position: number, image: string) {
  return call(app, 'PUT', `/api/admin/slides/${position}`, admin, { title: 'Samaj day', image });
}

/** `who` uploads two matrimony photos and applies with the second: the first was never used. */
async function listWithPhoto(app: FastifyInstance, who: TestMember) {
  await app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, who.user.id));
  await realtimeSettled(app);
  const photo = async () => {
    const res = await upload(app, '/api/matrimony/photo', who, [
      { filename: 'me.png', contentType: 'image/png', data: await images.png(300, 400) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().dp as string;
  };
  const unused = await photo();
  const kept = await photo();
  const form = {
    dob: '1998-01-15',
    gender: 'Female',
    description: 'Simple family',
    number: '+91 9876500011',
    address: 'Rajkot',
    education: 'B.Com',
    career: 'Accountant',
    expectation: 'Kind',
    height: 160,
    blood_group: 'O+',
    dp: kept,
  };
  const applied = await call(app, 'POST', '/api/matrimony/profile', who, form);
  expect(applied.statusCode, applied.body).toBe(201);
  return { unused, kept };
}

/** An image uploaded for an event by `who` (an Admin or Publisher). */
async function eventImage(app: FastifyInstance, who: TestMember): Promise<string> {
  const res = await upload(app, '/api/events/images', who, [
    { filename: 'thumb.png', contentType: 'image/png', data: await images.png(320, 200) },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const eventForm = (thumbnail: string) => ({
  name: 'Navratri garba',
  description: 'At the community hall',
  time: '2027-01-10T18:30:00.000Z',
  location: 'Bhuj',
  liveStream: false,
  thumbnail,
});

/** The next files.delete send is written in its transaction, then the transaction fails. */
function failAfterEnqueueing(app: FastifyInstance) {
  const send = app.jobs.send.bind(app.jobs);
  return vi.spyOn(app.jobs, 'send').mockImplementationOnce(async (...args) => {
    await send(...args);
    throw new Error('the process failed after enqueueing');
  });
}

describeEachDatabase('file deletions through the files.delete job', (ctx) => {
  const { author, admin } = members(ctx, { author: 'member', admin: 'admin' });

  it("deleting a post: the image's row goes with it, its bytes once the job has run", async () => {
    const { app } = ctx;
    const created = await postWithImage(app, author);
    expect(await stored(app, created.file)).toBe(true);
    expect((await call(app, 'DELETE', `/api/posts/${created.id}`, author)).statusCode).toBe(204);
    expect(await hasRow(app, created.file)).toBe(false);
    await waitFor(
      async () => !(await stored(app, created.file)) && (await waiting(app)) === 0,
      "the post image's bytes to be deleted",
    );
  });

  it('a post deletion that rolls back enqueues nothing and keeps the post and its image', async () => {
    const { app } = ctx;
    const created = await postWithImage(app, author);
    const spy = failAfterEnqueueing(app);
    try {
      expect((await call(app, 'DELETE', `/api/posts/${created.id}`, author)).statusCode).toBe(500);
      expect(spy).toHaveBeenCalledWith('files.delete', { ids: [created.file] }, expect.anything());
    } finally {
      spy.mockRestore();
    }
    expect(await waiting(app)).toBe(0);
    expect((await call(app, 'GET', `/api/posts/${created.id}`, author)).statusCode).toBe(200);
    expect(await hasRow(app, created.file)).toBe(true);
    expect(await stored(app, created.file)).toBe(true);
  });

  it('replacing and clearing a slide: the image it no longer shows goes by the job; a rollback keeps it', async () => {
    const { app } = ctx;
    const first = await slideImage(app, admin);
    const second = await slideImage(app, admin);
    expect((await saveSlide(app, admin, 4, first)).statusCode).toBe(200);
    expect((await saveSlide(app, admin, 4, second)).statusCode).toBe(200);
    expect(await hasRow(app, first)).toBe(false);
    await waitFor(async () => !(await stored(app, first)), "the replaced slide image's bytes to go");

    const third = await slideImage(app, admin);
    const spy = failAfterEnqueueing(app);
    try {
      expect((await saveSlide(app, admin, 4, third)).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await waiting(app)).toBe(0);
    const shown = (await call(app, 'GET', '/api/slides', null)).json().documents;
    expect(shown.find((s: { position: number }) => s.position === 4)).toMatchObject({ image: second });
    expect(await hasRow(app, second)).toBe(true);
    expect(await stored(app, second)).toBe(true);

    expect((await call(app, 'DELETE', '/api/admin/slides/4', admin)).statusCode).toBe(204);
    expect(await hasRow(app, second)).toBe(false);
    await waitFor(
      async () => !(await stored(app, second)) && (await waiting(app)) === 0,
      "the cleared slide image's bytes to go",
    );
  });

  it("a matrimony listing saved with one photo: the member's other uploads go by the job", async () => {
    const { app } = ctx;
    const { unused, kept } = await listWithPhoto(app, await createMember(app));
    expect(await hasRow(app, unused)).toBe(false);
    expect(await hasRow(app, kept)).toBe(true);
    await waitFor(async () => !(await stored(app, unused)), 'the unused matrimony upload to go');
    expect(await stored(app, kept)).toBe(true);
  });

  it('an event: the image it no longer shows, and its images when deleted, go by the job', async () => {
    const { app } = ctx;
    const first = await eventImage(app, admin);
    const second = await eventImage(app, admin);
    const created = await call(app, 'POST', '/api/events', admin, eventForm(first));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await call(app, 'PUT', `/api/events/${id}`, admin, eventForm(second))).statusCode).toBe(200);
    expect(await hasRow(app, first)).toBe(false);
    expect(await hasRow(app, second)).toBe(true);
    await waitFor(async () => !(await stored(app, first)), "the event's old image to go");
    expect((await call(app, 'DELETE', `/api/events/${id}`, admin)).statusCode).toBe(204);
    expect(await hasRow(app, second)).toBe(false);
    await waitFor(async () => !(await stored(app, second)), "the deleted event's image to go");
  });
});

for (const engine of engines()) {
  describe(`file deletions across a restart [${engine}]`, () => {
    it('a process that stops between the commit and the deletion leaves a job, not an orphan', async () => {
      let postImage = '';
      let slide = '';
      let photo = '';
      let eventThumb = '';
      await acrossRestart(
        engine,
        {},
        {
          // This process runs no workers: it commits the deletions and stops, as if it crashed.
          before: async (app) => {
            const author = await createMember(app);
            const admin = await createAdmin(app);
            const created = await postWithImage(app, author);
            postImage = created.file;
            slide = await slideImage(app, admin);
            expect((await saveSlide(app, admin, 5, slide)).statusCode).toBe(200);
            expect((await call(app, 'DELETE', `/api/posts/${created.id}`, author)).statusCode).toBe(204);
            expect((await call(app, 'DELETE', '/api/admin/slides/5', admin)).statusCode).toBe(204);
            photo = (await listWithPhoto(app, await createMember(app))).unused;
            eventThumb = await eventImage(app, admin);
            const event = await call(app, 'POST', '/api/events', admin, eventForm(eventThumb));
            expect(event.statusCode, event.body).toBe(201);
            expect((await call(app, 'DELETE', `/api/events/${event.json().id}`, admin)).statusCode).toBe(204);
            expect(await waiting(app)).toBe(4);
          },
          between: async (config) => {
            const offline = { config } as FastifyInstance;
            expect(await stored(offline, postImage)).toBe(true);
            expect(await stored(offline, slide)).toBe(true);
            expect(await stored(offline, photo)).toBe(true);
            expect(await stored(offline, eventThumb)).toBe(true);
          },
          after: async (next) => {
            await waitFor(
              async () =>
                !(await stored(next, postImage)) &&
                !(await stored(next, slide)) &&
                !(await stored(next, photo)),
              'the deletions to finish after the restart',
            );
          },
        },
      );
    });
  });
}
