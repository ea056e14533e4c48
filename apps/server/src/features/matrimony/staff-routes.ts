// The staff console's matrimony routes (Admins): the verification queue, decisions, reports.
import {
  banProfileSchema,
  documentIdSchema,
  matrimonyCursorSchema,
  staffProfileSchema,
  staffProfilesQuerySchema,
  staffReportSchema,
} from '@samaj/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../platform/auth/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { errors, GUARD_ERRORS, pageResponse } from '../../platform/responses.ts';
import {
  AlreadyDecided,
  countOpenReports,
  countRequested,
  decide,
  dismissReport,
  listProfiles,
  listReports,
  type StaffDecision,
} from './staff.ts';

export const MSG_NO_PROFILE = 'Matrimony profile with the requested ID could not be found.';
export const MSG_NO_REPORT = 'Report with the requested ID could not be found.';
export const MSG_ALREADY_DECIDED = 'This profile is not in a state this decision applies to.';
export const MSG_REPORT_DECIDED = 'This report has already been handled.';

const idParams = z.object({ id: documentIdSchema });

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['matrimony', 'admin'];
  const admin = { onRequest: requireAdmin };

  app.registry.addWaitingCount({ name: 'matrimonyProfiles', count: countRequested });
  app.registry.addWaitingCount({ name: 'matrimonyReports', count: countOpenReports });

  app.get(
    '/api/admin/matrimony/profiles',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Matrimony profiles in one status, oldest first, with the phone number to call (Admin)',
        querystring: staffProfilesQuerySchema,
        response: { 200: pageResponse(staffProfileSchema), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => listProfiles(app.db, request.query.status, request.query.cursor),
  );

  const decisions: [StaffDecision, string][] = [
    ['approve', 'Approve a requested profile: it becomes active (Admin)'],
    ['ban', 'Ban a profile with a reason the member sees (Admin)'],
    ['unban', 'Unban: active again if it was verified, else back to review (Admin)'],
  ];
  for (const [decision, summary] of decisions) {
    app.post(
      `/api/admin/matrimony/profiles/:id/${decision}`,
      {
        ...admin,
        schema: {
          tags,
          summary,
          params: idParams,
          ...(decision === 'ban' ? { body: banProfileSchema } : {}),
          response: { 200: staffProfileSchema, ...errors(400, ...GUARD_ERRORS, 404, 409) },
        },
      },
      async (request) => {
        const me = await requireUser(request);
        const reason =
          decision === 'ban' ? (request.body as z.infer<typeof banProfileSchema>).reason : undefined;
        try {
          const view = await decide(app, { id: request.params.id, actor: me.id, decision, reason });
          if (!view) throw notFound(MSG_NO_PROFILE);
          return view;
        } catch (error) {
          if (error instanceof AlreadyDecided) throw conflict(MSG_ALREADY_DECIDED);
          throw error;
        }
      },
    );
  }

  app.get(
    '/api/admin/matrimony/reports',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Open reports of matrimony profiles, oldest first (Admin)',
        querystring: matrimonyCursorSchema,
        response: { 200: pageResponse(staffReportSchema), ...errors(400, ...GUARD_ERRORS) },
      },
    },
    async (request) => listReports(app.db, request.query.cursor),
  );

  app.post(
    '/api/admin/matrimony/reports/:id/dismiss',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Dismiss a report without acting on the profile (Admin)',
        params: idParams,
        response: { 200: staffReportSchema, ...errors(400, ...GUARD_ERRORS, 404, 409) },
      },
    },
    async (request) => {
      const me = await requireUser(request);
      try {
        const view = await dismissReport(app, request.params.id, me.id);
        if (!view) throw notFound(MSG_NO_REPORT);
        return view;
      } catch (error) {
        if (error instanceof AlreadyDecided) throw conflict(MSG_REPORT_DECIDED);
        throw error;
      }
    },
  );
};

export default staffRoutes;
