// The bell's list (docs/product/inbox.md): everything the app tells a member, kept in the app whether
// or not push reaches a device. Each kind can be kept out of the list ("in the app"); push has its
// own switch per kind (schemas/push.ts).
import { z } from 'zod';
import { cursorSchema } from '../cursor.ts';
import { MSG_INVALID_VALUE } from './messages.ts';
import { NOTIFICATION_KINDS } from './push.ts';

/** What an item in the list can be about: every kind push sends, and what push would be too much for. */
export const INBOX_KINDS = [
  ...NOTIFICATION_KINDS,
  /** Members commented on the member's post (one item per post, grouped). */
  'post_commented',
  /** Members liked the member's post (one item per post, grouped). */
  'post_liked',
  /** Others commented on a post the member commented on, not their own (one item per post, grouped). */
  'post_thread_reply',
  /** Staff: work waits in one of the console's queues (one item per queue, with its count). */
  'staff_queue',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Items per page of the list. */
export const INBOX_PAGE_SIZE = 20;
/** Items are deleted this many days after they last changed. */
export const INBOX_KEEP_DAYS = 90;
/** At most one new item per member, kind and thing in this time; what comes sooner joins the last one. */
export const INBOX_GROUP_SECONDS = 60;
/** The names an item shows ("Kiran, Mina and 3 others"); the rest are counted. */
export const INBOX_NAMES_SHOWN = 3;
/**
 * The id put on the member's own realtime channel (`member.<id>`) when their list changes: the
 * bell refetches GET /api/inbox/unread.
 */
export const INBOX_REALTIME_ID = 'inbox';

/** GET /api/inbox */
export const inboxQuerySchema = z.object({ cursor: cursorSchema });

/** PUT /api/inbox/settings: any subset of kinds, true = keep them in the list. Kinds left out keep their value. */
export const inboxSettingsSchema = z.partialRecord(
  z.enum(INBOX_KINDS, { error: MSG_INVALID_VALUE }),
  z.boolean({ error: MSG_INVALID_VALUE }),
);
export type InboxSettingsInput = z.infer<typeof inboxSettingsSchema>;
