// Events (docs/product/events.md). Members read the list (newest
// first, 4, then 3 after a cursor) and one event, and press Request Streaming once each. Admins and
// Publishers create events; a Publisher edits and deletes only their own, an Admin any. Only the
// host or an Admin sets `live`. Images go through the media pipeline first (POST /api/events/images)
// and are named by id in the form, like the carousel's. What members plan around
// (docs/product/events.md, "Event details"): the place on the map, "I'll attend" with its count (who said so
// is not shown), the event's .ics; and the live screen's ICE servers with TURN credentials of the member's
// own (docs/product/live-video.md, "TURN").
// Here the feature's seams and sockets; its routes by capability: event-routes.ts (the events
// themselves), live-routes.ts (going live), details-routes.ts (attendance and the calendar).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { event, eventAttendance, eventStreamRequest } from '../../db/schema/index.ts';
import { acceptUploads } from '../../platform/upload.ts';
import detailsRoutes from './details-routes.ts';
import eventRoutes from './event-routes.ts';
import liveRoutes from './live-routes.ts';
import { registerReminders } from './reminders.ts';
import { replayRoutes } from './replay/routes.ts';
import { registerSfu } from './sfu/sfu.ts';
import { eventShareCard } from './share-card.ts';
import { registerSignalling } from './signalling.ts';

const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  // A member's export lists the events they host and their stream requests; deleting the account
  // leaves the events (staff own them) and takes the requests (cascade).
  app.registry.addShareCard('event', eventShareCard(app.config.timeZone));
  app.registry.addMemberData({
    name: 'hostedEvents',
    export: (db, memberId) => db.select().from(event).where(eq(event.host, memberId)),
  });
  app.registry.addMemberData({
    name: 'streamRequests',
    export: (db, memberId) =>
      db.select().from(eventStreamRequest).where(eq(eventStreamRequest.member, memberId)),
  });
  app.registry.addMemberData({
    name: 'eventAttendance',
    export: (db, memberId) => db.select().from(eventAttendance).where(eq(eventAttendance.member, memberId)),
  });

  // The live screen's signalling (PeerJS) on this port under /peerjs.
  registerSignalling(app);
  // SFU mode (JANUS_URL): the live screen's channel to Janus through this server, under /sfu.
  registerSfu(app);
  // The push 60 minutes before the start to the members who said they'll attend
  // (docs/product/events.md, "Reminders").
  registerReminders(app);
  // "Watch again" (docs/product/live-video.md, "Watch again"): the recording job and GET/DELETE
  // /api/events/:id/replay.
  await app.register(replayRoutes);
  await app.register(eventRoutes);
  await app.register(liveRoutes);
  await app.register(detailsRoutes);
};

export default eventsRoutes;
