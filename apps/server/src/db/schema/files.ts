import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { memberRef } from './auth.ts';
import { oneOf } from './check.ts';
import { createdAt, id } from './columns.ts';

/**
 * What a stored image is for; 'slide' is a carousel image staff uploaded. 'matrimony' photos are
 * never served by the preview route (their feature answers 'hidden'), only by the matrimony photo
 * route, which checks the viewer on every request.
 */
export const FILE_KINDS = ['profile', 'post', 'event', 'slide', 'matrimony'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * An uploaded image, already re-encoded (platform/images.ts). The bytes live in storage
 * under `<id>/original`, with cached previews beside it; this row says who uploaded it and why.
 */
export const file = pgTable(
  'file',
  {
    id: id(),
    // Account deletion hands a member's files to the files.delete job (rows and bytes,
    // platform/files-cleanup.ts); the cascade only catches rows that path missed.
    owner: memberRef('owner'),
    kind: text('kind').$type<FileKind>().notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('file_owner_idx').on(t.owner), check('file_kind_check', oneOf(t.kind, FILE_KINDS))],
);
