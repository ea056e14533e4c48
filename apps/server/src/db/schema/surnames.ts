import { SUBMISSION_STATUSES, type SubmissionStatus } from '@samaj/core';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from './check.ts';
import { at, createdAt, id, reviewed } from './columns.ts';

/*
 * Naming: TypeScript keys use the spec's field names (name_guj, user_count, ...) so a row is already
 * the API shape; bookkeeping fields we add ourselves are camelCase. Columns are snake_case.
 */

/** A surname (atak). The id is the Latin name itself (docs/product/surnames.md, "A surname"). */
export const surname = pgTable('surname', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  name_guj: text('name_guj').notNull(),
  gotra: text('gotra').notNull().default(''),
  pronounce: text('pronounce').notNull().default(''),
  gam: text('gam').notNull().default(''),
  kuldevta: text('kuldevta').notNull().default(''),
  /** Sanitized HTML: sanitize before every write. */
  description: text('description').notNull().default(''),
  /** Denormalised count of members with this surname, kept in step by the accounts feature. */
  user_count: integer('user_count').notNull().default(0),
  createdAt: createdAt(),
  // The "last updated" members see: set when the surname's details change (a staff decision, an import),
  // not when the member count moves.
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A member's proposed details for a surname, reviewed by staff before they are published. */
export const surnameSubmission = pgTable(
  'surname_submission',
  {
    id: id(),
    surname: text('surname')
      .notNull()
      .references(() => surname.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    creator: text('creator').notNull(),
    description: text('description').notNull().default(''),
    gam: text('gam').notNull().default(''),
    kuldevta: text('kuldevta').notNull().default(''),
    status: text('status').$type<SubmissionStatus>().notNull().default('pending'),
    ...reviewed(),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('surname_submission_status_created_idx').on(t.status, t.createdAt),
    index('surname_submission_creator_idx').on(t.creator),
    check('surname_submission_status_check', oneOf(t.status, SUBMISSION_STATUSES)),
  ],
);
