// Notifications members want (docs/product/notifications.md: "Subscribing a device",
// "Notification settings"): a browser's Web Push subscription becomes the member's push target in the topic
// 'everyone', each kind can be switched off, and the features' domain events become pushes
// (notify.ts). Push is off when the server has no usable VAPID subject (config.ts).
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  documentIdSchema,
  ERROR_TYPES,
  type NotificationSettingsView,
  notificationSettingsSchema,
  type PushSubscriptionView,
  pushSubscribeSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember, requireUser } from '../../platform/auth/index.ts';
import { AppError, conflict, notFound, SERVER_ERROR_TYPES } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { vapidDetails } from '../../platform/vapid.ts';
import { endpointProblem } from './endpoint.ts';
import { registerNotifications } from './notify.ts';
import {
  eraseSettings,
  eraseSubscriptions,
  exportSubscriptions,
  settingsOf,
  subscribe,
  unsubscribe,
  updateSettings,
} from './queries.ts';

export const MSG_PUSH_OFF =
  'Notifications are not set up on this server. The operator can set VAPID_SUBJECT (or CONTACT_EMAIL) to turn them on.';
export const MSG_PRIVATE_ENDPOINT = 'The push endpoint must be a push service on the internet.';
export const MSG_MALFORMED_ENDPOINT = 'The push endpoint must be a plain https address of a push service.';
export const MSG_ENDPOINT_TAKEN = 'This push endpoint is registered to another member.';
export const MSG_NO_SUBSCRIPTION = 'There is no push subscription with this token for you.';

const tokenParams = z.object({ token: documentIdSchema });
const subscriptionResponse = z.object({
  token: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<PushSubscriptionView>;
const kinds = Object.fromEntries(
  Object.keys(DEFAULT_NOTIFICATION_SETTINGS).map((kind) => [kind, z.boolean()]),
) as Record<keyof typeof DEFAULT_NOTIFICATION_SETTINGS, z.ZodBoolean>;
const settingsResponse = z.object({ kinds: z.object(kinds) }) satisfies z.ZodType<NotificationSettingsView>;

const notifications: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const member = { onRequest: requireMember };
  // Generates the key pair into DATA_DIR on first start, so the public key never changes under a browser.
  const vapid = vapidDetails(app.config);
  if (vapid) registerNotifications(app, vapid);
  else app.log.warn('Web Push is off: set VAPID_SUBJECT to a mailto: address or an https: URL to turn it on');

  app.registry.addMemberData({
    name: 'pushSubscriptions',
    export: exportSubscriptions,
    erase: eraseSubscriptions,
  });
  app.registry.addMemberData({
    name: 'notificationSettings',
    export: settingsOf,
    erase: eraseSettings,
  });

  app.post(
    '/api/push/subscriptions',
    {
      ...member,
      ...writeLimit('push'),
      schema: {
        tags,
        summary: "Store this browser's push subscription as the member's push target (topic 'everyone')",
        body: pushSubscribeSchema,
        response: {
          200: subscriptionResponse,
          201: subscriptionResponse,
          ...errors(400, ...GUARD_ERRORS, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (!vapid) throw new AppError(SERVER_ERROR_TYPES.SERVICE_UNAVAILABLE, MSG_PUSH_OFF);
      const problem = endpointProblem(request.body.endpoint, app.config.pushPrivateEndpoints);
      if (problem) {
        const message = problem === 'private' ? MSG_PRIVATE_ENDPOINT : MSG_MALFORMED_ENDPOINT;
        throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, message, 'endpoint');
      }
      const stored = await subscribe(app.db, me.id, request.body);
      // Never handed over (nor its token shown) to someone who only knows the endpoint.
      if (!stored) throw conflict(MSG_ENDPOINT_TAKEN);
      const { row, created } = stored;
      return reply.code(created ? 201 : 200).send({ token: row.id, createdAt: row.createdAt.toISOString() });
    },
  );

  app.delete(
    '/api/push/subscriptions/:token',
    {
      ...member,
      ...writeLimit('push'),
      schema: {
        tags,
        summary: 'Remove one of the member’s push targets (unsubscribe)',
        params: tokenParams,
        response: { 204: noContent, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      if (!(await unsubscribe(app.db, me.id, request.params.token))) throw notFound(MSG_NO_SUBSCRIPTION);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/push/settings',
    {
      ...member,
      schema: {
        tags,
        summary: 'Which kinds of notification the member wants',
        response: { 200: settingsResponse, ...errors(...GUARD_ERRORS) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return { kinds: await settingsOf(app.db, me.id) };
    },
  );

  app.put(
    '/api/push/settings',
    {
      ...member,
      ...writeLimit('push'),
      schema: {
        tags,
        summary: 'Switch kinds of notification on or off (kinds left out keep their value)',
        body: notificationSettingsSchema,
        response: { 200: settingsResponse, ...errors(400, ...GUARD_ERRORS, 429) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      return { kinds: await app.db.transaction((tx) => updateSettings(tx, me.id, request.body)) };
    },
  );
};

export default notifications;
