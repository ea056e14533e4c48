// The job queue on both databases, proven with the one real job it runs today: deleting the files
// of a deleted account. Each test waits for the worker with a bounded poll.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { postWithImage, setPicture } from '../../../test/api.ts';
import { acrossRestart, describeEachDatabase, engines } from '../../../test/harness.ts';
import { createMember } from '../../../test/members.ts';
import { sleep, waitFor } from '../../../test/wait.ts';
import { originalKey } from '../images.ts';
import { getStorage } from '../storage/index.ts';

declare module './map.ts' {
  interface JobMap {
    'test.flaky': { label: string };
    'test.prompt': { label: string };
  }
}

const stored = async (app: FastifyInstance, id: string) =>
  (await getStorage(app).get(originalKey(id))) !== null;

describeEachDatabase('jobs', (ctx) => {
  it("deleting an account deletes its picture's and its post image's stored files", async () => {
    const { app } = ctx;
    const member = await createMember(app);
    const picture = await setPicture(app, member);
    const image = (await postWithImage(app, member)).file;
    expect(await stored(app, picture)).toBe(true);
    expect(await stored(app, image)).toBe(true);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: member.password },
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(204);
    await waitFor(
      async () =>
        !(await stored(app, picture)) &&
        !(await stored(app, image)) &&
        (await app.jobs.queueSizes())['files.delete'] === 0,
      'the files to be deleted and the queue to be empty',
    );
  });

  it('a rolled-back transaction enqueues nothing', async () => {
    const { app } = ctx;
    const member = await createMember(app);
    const picture = await setPicture(app, member);
    await expect(
      app.events.transaction(async (tx) => {
        await app.events.publish(tx, 'account.deleted', { userId: member.user.id, files: [picture] });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await app.jobs.queueSizes())['files.delete']).toBe(0);
    // Longer than a worker's polling interval: nothing was there to run.
    await sleep(2500);
    expect(await stored(app, picture)).toBe(true);
  });

  it('a failing job is retried with a growing delay, and the process lives on', async () => {
    const { app } = ctx;
    const attempts: { at: number; retryCount: number }[] = [];
    await app.jobs.work(
      'test.flaky',
      async (_data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
      },
      { retryLimit: 3, retryDelay: 1, retryBackoff: true, pollingIntervalSeconds: 0.5 },
    );
    expect(await app.jobs.send('test.flaky', { label: 'x' })).toMatch(/[0-9a-f-]{36}/);
    await waitFor(async () => attempts.length >= 3, 'three attempts');
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff with jitter: the first retry waits 1–2 s, the second 2–4 s.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1900);
    await sleep(1000);
    expect(attempts).toHaveLength(3);
    expect(await app.jobs.queueSizes()).toMatchObject({ 'files.delete': 0, 'test.flaky': 0 });
  });

  it("a job sent here is taken at once by this process's idle worker, not at its next look", async () => {
    const { app } = ctx;
    const taken: number[] = [];
    await app.jobs.work('test.prompt', async () => void taken.push(Date.now()), {
      pollingIntervalSeconds: 30,
    });
    // The worker's first look (at its start) has found nothing: it now sleeps for 30 s.
    await sleep(1000);
    const sent = Date.now();
    await app.jobs.send('test.prompt', { label: 'now' });
    await waitFor(async () => taken.length === 1, 'the job to run', 10_000);
    expect(taken[0] - sent).toBeLessThan(5_000);
  });

  it('refuses a job for a queue nobody works, before anything is written', async () => {
    // @ts-expect-error: not a queue of the JobMap
    await expect(ctx.app.jobs.send('nobody.works', {})).rejects.toThrow(/no worker/);
  });
});

for (const engine of engines()) {
  describe(`jobs across a restart [${engine}]`, () => {
    it('a job enqueued before a restart runs after it', async () => {
      let picture = '';
      await acrossRestart(
        engine,
        {},
        {
          // The first process sends the job but runs no workers, then stops.
          before: async (app) => {
            const member = await createMember(app);
            picture = await setPicture(app, member);
            await app.events.transaction((tx) => app.jobs.send('files.delete', { ids: [picture] }, { tx }));
            expect((await app.jobs.queueSizes())['files.delete']).toBe(1);
          },
          between: async (config) => {
            expect(await stored({ config } as FastifyInstance, picture)).toBe(true);
          },
          after: async (next) => {
            await waitFor(async () => !(await stored(next, picture)), 'the job to run after the restart');
          },
        },
      );
    });
  });
}
