// The live flag beyond signalling: PUT /api/events/:id/live is rate-limited (issue 30 §1.5), and
// event edits and deletions are domain events published in their transaction (issue 30 §4).
import { uniqueId } from '@samaj/core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { expectError } from '../../../test/api.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createAdmin, createMembers, type TestMember } from '../../../test/members.ts';
import { event } from '../../db/schema/index.ts';
import { WRITE_LIMITS } from '../../platform/rate-limit.ts';
import type { RealtimeMessage } from '../../platform/realtime/index.ts';

async function newEvent(app: FastifyInstance, host: string): Promise<string> {
  const id = uniqueId();
  await app.db.insert(event).values({ id, name: 'Garba night', time: new Date(), host, liveStream: true });
  return id;
}

function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who: TestMember,
  payload?: unknown,
) {
  const options: InjectOptions = { method, url, headers: { cookie: who.cookie } };
  if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
  return app.inject(options);
}

describeEachDatabase('the live flag', (ctx) => {
  let host: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    [host, other] = await createMembers(ctx.app, 2);
  }, 90_000);

  it('toggling live quickly is refused with 429 and Retry-After; another host is not affected', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await call(ctx.app, 'PUT', `/api/events/${id}/live`, host, { live: i % 2 === 0 });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.slice(0, WRITE_LIMITS.live.max)).toEqual(Array(WRITE_LIMITS.live.max).fill(200));
    expect(statuses.slice(WRITE_LIMITS.live.max)).toEqual(Array(20 - WRITE_LIMITS.live.max).fill(429));
    if (!limited) throw new Error('never limited');
    expectError(limited, 429, 'general_rate_limit_exceeded');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const theirs = await newEvent(ctx.app, other.user.id);
    expect((await call(ctx.app, 'PUT', `/api/events/${theirs}/live`, other, { live: true })).statusCode).toBe(
      200,
    );
  });

  it('an edit and a deletion are domain events published in their transaction; open screens still hear of them', async () => {
    const id = await newEvent(ctx.app, host.user.id);
    const published: Array<{ eventId: string; change: string; inTransaction: boolean }> = [];
    ctx.app.events.onTransaction('event.changed', (payload, tx) => {
      published.push({ ...payload, inTransaction: tx !== ctx.app.db });
    });
    const heard: RealtimeMessage[] = [];
    const stop = ctx.app.realtime.subscribe(`event.${id.toLowerCase()}`, (m) => {
      heard.push(m);
    });
    try {
      const staff = await createAdmin(ctx.app);
      const edit = await call(ctx.app, 'PUT', `/api/events/${id}`, staff, {
        name: 'Garba night, edited',
        description: '',
        time: '2026-12-01T18:30:00.000Z',
        location: 'Bhuj',
        liveStream: true,
        host: host.user.id,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await call(ctx.app, 'DELETE', `/api/events/${id}`, staff)).statusCode).toBe(204);
      expect(published).toEqual([
        { eventId: id, change: 'updated', inTransaction: true },
        { eventId: id, change: 'deleted', inTransaction: true },
      ]);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([{ id }, { id }]);
    } finally {
      stop();
    }
  });
});
