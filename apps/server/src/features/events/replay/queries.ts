// The event columns "Watch again" reads and writes (docs/product/live-video.md, "Watch again"): whether
// an event asked for a replay, the stored replay's key and size, and naming or forgetting it.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { eventLiveNow } from '../../../db/live.ts';
import { event } from '../../../db/schema/index.ts';

/** Whether the event asked for "record for replay" (false when it is gone). */
export async function recordsReplay(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ recordReplay: event.recordReplay })
    .from(event)
    .where(eq(event.id, eventId))
    .limit(1);
  return !!row?.recordReplay;
}

/** The event's stored replay (key null when it has none), or undefined when the event is gone. */
export async function storedReplay(db: Executor, eventId: string) {
  const [row] = await db
    .select({ key: event.replayKey, size: event.replayBytes })
    .from(event)
    .where(eq(event.id, eventId))
    .limit(1);
  return row;
}

/** Who manages the event (for mayManage) and its replay's key, or undefined when the event is gone. */
export async function replayManagement(db: Executor, eventId: string) {
  const [row] = await db
    .select({ host: event.host, createdBy: event.createdBy, key: event.replayKey })
    .from(event)
    .where(eq(event.id, eventId))
    .limit(1);
  return row;
}

/** Whether the event streams now and its replay's key, or undefined when the event is gone. */
export async function replayMaking(db: Executor, eventId: string) {
  const [row] = await db
    .select({ live: eventLiveNow, replayKey: event.replayKey })
    .from(event)
    .where(eq(event.id, eventId))
    .limit(1);
  return row;
}

/** Names the event's replay; false when the event was deleted meanwhile. */
export async function nameReplay(
  tx: Executor,
  eventId: string,
  replay: { key: string; bytes: number; seconds: number },
): Promise<boolean> {
  const [updated] = await tx
    .update(event)
    .set({ replayKey: replay.key, replayBytes: replay.bytes, replaySeconds: replay.seconds })
    .where(eq(event.id, eventId))
    .returning({ id: event.id });
  return !!updated;
}

/** The event no longer has a replay (its bytes go by a job). */
export async function forgetReplay(tx: Executor, eventId: string): Promise<void> {
  await tx
    .update(event)
    .set({ replayKey: null, replayBytes: null, replaySeconds: null })
    .where(eq(event.id, eventId));
}
