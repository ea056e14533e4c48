// The bell (docs/product/inbox.md): one list per member of everything the app tells them, written by
// the domain events push uses (sources.ts, in the same transaction), read as its reader may see it
// now (read.ts), kept 90 days. Push (features/notifications) is unchanged beside it.
import {
  documentIdSchema,
  INBOX_KINDS,
  type InboxItemView,
  type InboxKind,
  type InboxSettingsView,
  type InboxUnreadView,
  inboxQuerySchema,
  inboxSettingsSchema,
} from '@samaj/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { event } from '../../db/schema/index.ts';
import { requireMember, requireUser } from '../../platform/auth/index.ts';
import { notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent, pageResponse, userSummary } from '../../platform/responses.ts';
import {
  eraseItems,
  exportItems,
  inboxPage,
  inboxSettingsOf,
  markAllRead,
  markRead,
  pruneOld,
  unreadCount,
  updateInboxSettings,
} from './queries.ts';
import { recordForMembers } from './record.ts';
import { announce, registerSources } from './sources.ts';
import { registerQueueSweep } from './staff.ts';

export const MSG_NO_ITEM = 'There is no item with this id in your list.';

/** "Is live" again within this time adds nothing to a list (as push: features/notifications/notify.ts). */
const EVENT_LIVE_ONCE_SECONDS = 6 * 60 * 60;
/** How often a process asks for the 90-day sweep (one job runs it, whichever process asked). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const itemResponse = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  subject: z
    .object({
      type: z.enum(['post', 'event', 'surname', 'publisher_request', 'member', 'queue']),
      id: z.string(),
      name: z.string().nullable(),
      nameGu: z.string().nullable(),
    })
    .nullable(),
  actors: z.array(userSummary),
  others: z.number(),
  approved: z.boolean().nullable(),
  count: z.number().nullable(),
  url: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<InboxItemView>;
const unreadResponse = z.object({ unread: z.number() }) satisfies z.ZodType<InboxUnreadView>;
const kinds = Object.fromEntries(INBOX_KINDS.map((kind) => [kind, z.boolean()])) as Record<
  InboxKind,
  z.ZodBoolean
>;
const settingsResponse = z.object({ kinds: z.object(kinds) }) satisfies z.ZodType<InboxSettingsView>;
const itemParams = z.object({ id: documentIdSchema });

const inbox: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inbox'];
  const member = { onRequest: requireMember };

  registerSources(app);
  registerQueueSweep(app);

  void app.jobs.work(
    'inbox.everyone',
    async ({ kind, subject }) => {
      const [live] = await app.db.select({ host: event.host }).from(event).where(eq(event.id, subject));
      if (!live) return;
      await recordForMembers(app.db, { kind, subject }, sql`u.id <> ${live.host}`, EVENT_LIVE_ONCE_SECONDS);
    },
    { pollingIntervalSeconds: 0.5 },
  );
  void app.jobs.work('inbox.prune', async () => {
    const deleted = await pruneOld(app.db);
    if (deleted > 0) app.log.info({ deleted }, 'inbox: items past their 90 days deleted');
  });
  let pruneTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const ask = () =>
      app.jobs
        .send('inbox.prune', {}, { singletonKey: 'inbox.prune' })
        .catch((err) => app.log.error({ err }, 'inbox: could not ask for the 90-day sweep'));
    pruneTimer = setInterval(ask, PRUNE_EVERY_MS);
    pruneTimer.unref();
  });
  app.addHook('preClose', async () => clearInterval(pruneTimer));

  app.registry.addMemberData({ name: 'inbox', export: exportItems, erase: eraseItems });
  app.registry.addMemberData({ name: 'inboxSettings', export: inboxSettingsOf });

  app.get(
    '/api/inbox',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's list, newest first (keyset-paged)",
        querystring: inboxQuerySchema,
        response: { 200: pageResponse(itemResponse), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => inboxPage(app, await requireUser(request), request.query.cursor),
  );

  app.get(
    '/api/inbox/unread',
    {
      ...member,
      schema: {
        tags,
        summary: 'How many items of the member are unread (the bell’s count)',
        response: { 200: unreadResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, (await requireUser(request)).id) }),
  );

  app.post(
    '/api/inbox/:id/read',
    {
      ...member,
      ...writeLimit('inbox'),
      schema: {
        tags,
        summary: 'Mark one item read',
        params: itemParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (!(await markRead(app.db, me.id, request.params.id))) throw notFound(MSG_NO_ITEM);
      await announce(app, me.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/inbox/read',
    {
      ...member,
      ...writeLimit('inbox'),
      schema: {
        tags,
        summary: 'Mark every item read',
        response: { 204: noContent, ...errors(...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if ((await markAllRead(app.db, me.id)) > 0) await announce(app, me.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/inbox/settings',
    {
      ...member,
      schema: {
        tags,
        summary: 'Which kinds the member keeps in their list ("in the app")',
        response: { 200: settingsResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => ({ kinds: await inboxSettingsOf(app.db, (await requireUser(request)).id) }),
  );

  app.put(
    '/api/inbox/settings',
    {
      ...member,
      ...writeLimit('push'),
      schema: {
        tags,
        summary: 'Keep kinds in the list or not (kinds left out keep their value)',
        body: inboxSettingsSchema,
        response: { 200: settingsResponse, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return { kinds: await app.db.transaction((tx) => updateInboxSettings(tx, me.id, request.body)) };
    },
  );
};

export default inbox;
