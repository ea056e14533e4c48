// The carousel's slides (docs/product/moderation.md, "Carousel editor"): one row per filled position, saved
// and cleared by staff with an audit entry (the `slide.changed` event).
import type { SlideData, SlideView } from '@samaj/core';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { file, slide } from '../../db/schema/index.ts';
import { deleteFilesWith } from '../../platform/files-cleanup.ts';

type Row = typeof slide.$inferSelect;

export function slideView(row: Row): SlideView {
  return {
    position: row.position,
    image: row.image,
    title: row.title,
    subtitle: row.subtitle,
    link: row.link,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a slide (no bookkeeping). */
function content(row: Row | undefined) {
  return row ? { title: row.title, subtitle: row.subtitle, link: row.link, image: row.image } : null;
}

export async function listSlides(db: Executor): Promise<SlideView[]> {
  const rows = await db.select().from(slide).orderBy(asc(slide.position));
  return rows.map(slideView);
}

/** Whether `id` is a carousel image that was uploaded through the slide route. */
export async function isSlideImage(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: file.id })
    .from(file)
    .where(and(eq(file.id, id), eq(file.kind, 'slide')));
  return !!row;
}

async function lockSlide(tx: Executor, position: number): Promise<Row | undefined> {
  const [row] = await tx.select().from(slide).where(eq(slide.position, position)).for('update');
  return row;
}

/** An image no slide shows any more is deleted with the change (its bytes by the files.delete job). */
async function dropImage(
  app: FastifyInstance,
  tx: Executor,
  image: string | null | undefined,
): Promise<void> {
  if (image && !(await imageInUse(tx, image))) await deleteFilesWith(app, tx, [image]);
}

/** Saves one position; the image it no longer shows goes with the change. */
export async function saveSlide(
  app: FastifyInstance,
  input: { position: number; actor: string; data: SlideData },
): Promise<SlideView> {
  return app.events.transaction(async (tx) => {
    const before = await lockSlide(tx, input.position);
    const values = { ...input.data, updatedAt: new Date(), updatedBy: input.actor };
    const [after] = await tx
      .insert(slide)
      .values({ position: input.position, ...values })
      .onConflictDoUpdate({ target: slide.position, set: values })
      .returning();
    await app.events.publish(tx, 'slide.changed', {
      position: input.position,
      audit: {
        actor: input.actor,
        action: 'slide.save',
        entity: 'slide',
        entityId: String(input.position),
        before: content(before),
        after: content(after),
      },
    });
    if (before?.image !== after.image) await dropImage(app, tx, before?.image);
    return slideView(after);
  });
}

/** Clears one position, and the image it showed goes with it; false when it was empty. */
export async function clearSlide(
  app: FastifyInstance,
  input: { position: number; actor: string },
): Promise<boolean> {
  return app.events.transaction(async (tx) => {
    const before = await lockSlide(tx, input.position);
    if (!before) return false;
    await tx.delete(slide).where(eq(slide.position, input.position));
    await app.events.publish(tx, 'slide.changed', {
      position: input.position,
      audit: {
        actor: input.actor,
        action: 'slide.clear',
        entity: 'slide',
        entityId: String(input.position),
        before: content(before),
        after: null,
      },
    });
    await dropImage(app, tx, before.image);
    return true;
  });
}

/** Whether another position still shows `image` (staff may reuse one image on two slides). */
export async function imageInUse(db: Executor, image: string): Promise<boolean> {
  const [row] = await db.select({ position: slide.position }).from(slide).where(eq(slide.image, image));
  return !!row;
}
