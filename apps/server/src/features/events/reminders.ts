// The reminder 60 minutes before an event starts (docs/product/events.md, "Reminders"), to the members who
// said "I'll attend".
//
// A periodic sweep rather than a job scheduled per event: it reads the event's time as it is now, so
// an event moved (or a member who answers within the hour) needs nothing rescheduled, and a process
// that was down when the hour began sends on its next sweep, as long as the event has not started.
// Each process sweeps; the claim is one UPDATE of the member's attendance row (`reminded_for` = the
// start it was reminded of), so a member is reminded once per start whichever process, or how many,
// sweep — PostgreSQL re-reads a row another transaction just updated and skips it — and the claim
// commits with the `event.reminder_due` domain event that makes notifications send the push job, or
// neither does (a crash between them loses nothing and sends nothing twice).
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { event, eventAttendance } from '../../db/schema/index.ts';

/** How long before the start the reminder goes out. */
export const REMINDER_LEAD_MINUTES = 60;
/** How often each process looks for events starting within the hour. */
export const REMINDER_SWEEP_MS = 30_000;

/**
 * Claims every due reminder (an attendee of an event starting within the hour, not yet reminded of
 * this start) and publishes one `event.reminder_due` per event. Returns what it claimed.
 */
export async function sendDueReminders(app: FastifyInstance): Promise<Map<string, string[]>> {
  return app.events.transaction(async (tx) => {
    const claimed = await tx
      .update(eventAttendance)
      .set({ remindedFor: sql`${event.time}` })
      .from(event)
      .where(
        and(
          eq(eventAttendance.event, event.id),
          eq(eventAttendance.attending, true),
          gt(event.time, sql`now()`),
          lte(event.time, sql`now() + make_interval(mins => ${REMINDER_LEAD_MINUTES})`),
          or(isNull(eventAttendance.remindedFor), ne(eventAttendance.remindedFor, event.time)),
        ),
      )
      .returning({ event: eventAttendance.event, member: eventAttendance.member });
    const byEvent = new Map<string, string[]>();
    for (const { event: id, member } of claimed) byEvent.set(id, [...(byEvent.get(id) ?? []), member]);
    for (const [eventId, members] of byEvent) {
      members.sort();
      await app.events.publish(tx, 'event.reminder_due', { eventId, members });
    }
    return byEvent;
  });
}

/** Sweeps while the app runs (from ready to close); a failed sweep is logged and the next one tries again. */
export function registerReminders(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const sweep = () => {
    if (running || closing) return;
    running = sendDueReminders(app)
      .catch((err) => app.log.error({ err }, 'event reminders: sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  // The app's own onReady (the job queue) runs before a feature's.
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, REMINDER_SWEEP_MS);
    timer.unref();
    sweep();
  });
  // Stopped while the database and the queue are still open.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
