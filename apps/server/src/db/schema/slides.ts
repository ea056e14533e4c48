import { CAROUSEL_SLIDES } from '@samaj/core';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { file } from './files.ts';

/**
 * One slide of the tools-home carousel as staff filled it (docs/product/moderation.md, "Carousel editor");
 * the position (1..CAROUSEL_SLIDES) is the key, so a slide is edited in place and an empty position has no
 * row.
 */
export const slide = pgTable(
  'slide',
  {
    position: integer('position').primaryKey(),
    // A file whose row goes (its uploader's account was deleted) leaves a text-only slide.
    image: text('image').references(() => file.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    link: text('link'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** The staff member who saved it last. */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    check('slide_position_check', sql`${t.position} between 1 and ${sql.raw(String(CAROUSEL_SLIDES))}`),
  ],
);
