// Matrimony: the member's own listing (apply, edit, hide or activate), its settings and partner preferences.
import {
  matrimonyProfileSchema,
  matrimonySettingsSchema,
  myProfileSchema,
  partnerPreferencesSchema,
  partnerPreferencesViewSchema,
  profileStatusChangeSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetSessionUser, requireMember, requireUser } from '../../platform/auth/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { writeLimit } from '../../platform/rate-limit.ts';
import { errors, GUARD_ERRORS, noContent } from '../../platform/responses.ts';
import { answer, eligibleUser, MSG_BANNED, MSG_NO_PROFILE } from './policy.ts';
import { clearPreferences, preferencesOf, savePreferences } from './preferences.ts';
import { apply, changeStatus, edit, myProfile, StatusChangeRefused, saveSettings } from './profile.ts';

const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony'];
  const member = { onRequest: requireMember };

  app.get(
    '/api/matrimony/profile',
    {
      ...member,
      schema: {
        tags,
        summary: "The member's own profile with its status (null when they have none)",
        response: { 200: myProfileSchema.nullable(), ...errors(...GUARD_ERRORS) },
      },
    },
    // Having no listing is the usual state, not an error: a 404 showed in every browser console.
    async (request, reply) => {
      const me = await requireUser(request);
      return reply.send(await myProfile(app.db, me.id));
    },
  );

  /** Applying: unmarried members only (the server checks), one profile each, reviewed by staff. */
  app.post(
    '/api/matrimony/profile',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Apply: create the matrimony profile (status requested)',
        body: matrimonyProfileSchema,
        response: { 201: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = await eligibleUser(request);
      const created = await answer(() => apply(app, me, request.body));
      forgetSessionUser(request);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/matrimony/profile',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Edit the own profile (a changed date of birth, gender or phone goes back to review)',
        body: matrimonyProfileSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await answer(async () => {
        try {
          return await edit(app, me, request.body);
        } catch (error) {
          if (error instanceof StatusChangeRefused) throw forbidden(MSG_BANNED);
          throw error;
        }
      });
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.post(
    '/api/matrimony/profile/status',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Hide (inactive) or Activate (active) the own verified profile',
        body: profileStatusChangeSchema,
        response: { 200: myProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => {
      // Hiding stays open to a member who married since: it only takes the listing further away.
      const me = request.body.status === 'active' ? await eligibleUser(request) : await requireUser(request);
      const saved = await answer(() => changeStatus(app, me.id, request.body.status));
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.put(
    '/api/matrimony/settings',
    {
      ...member,
      ...writeLimit('submission'),
      schema: {
        tags,
        summary: 'Matrimony settings: the own-gotra filter on suggestions',
        body: matrimonySettingsSchema,
        response: { 200: matrimonySettingsSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await saveSettings(app.db, me.id, request.body);
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.get(
    '/api/matrimony/preferences',
    {
      ...member,
      schema: {
        tags,
        summary: 'My partner preferences (null when none are saved)',
        response: { 200: partnerPreferencesViewSchema.nullable(), ...errors(...GUARD_ERRORS) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      return reply.send(await preferencesOf(app.db, me.id));
    },
  );

  app.put(
    '/api/matrimony/preferences',
    {
      ...member,
      // Saved as often as a member adjusts the filters: a toggle's limit, not a form's.
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Save my partner preferences: my suggestions take them when I name no filter',
        body: partnerPreferencesSchema,
        response: { 200: partnerPreferencesViewSchema, ...errors(400, ...GUARD_ERRORS, 404, 429) },
      },
    },
    async (request) => {
      const me = await eligibleUser(request);
      const saved = await savePreferences(app.db, me.id, request.body);
      if (!saved) throw notFound(MSG_NO_PROFILE);
      return saved;
    },
  );

  app.delete(
    '/api/matrimony/preferences',
    {
      ...member,
      ...writeLimit('like'),
      schema: {
        tags,
        summary: 'Clear my partner preferences (suggestions as before any were saved)',
        response: { 204: noContent, ...errors(...GUARD_ERRORS, 429) },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      await clearPreferences(app.db, me.id);
      return reply.code(204).send(null);
    },
  );
};

export default listingRoutes;
