// The bell's list as the web app reads it (docs/product/inbox.md). An item says only what its reader
// may see when they read it: what it is about, and who, are decided then, not when it was written.
import type { InboxKind } from '../schemas/inbox.ts';
import type { UserSummary } from './common.ts';

/** What an item is about, as the reader may see it now. */
export interface InboxSubject {
  type: 'post' | 'event' | 'surname' | 'publisher_request' | 'member' | 'queue';
  /** The post, event, surname, member id or queue name ('posts', 'surnameSubmissions'…). */
  id: string;
  /** The event's or surname's name, a few words of the post; null when there is none to show. */
  name: string | null;
  /** The surname's Gujarati spelling; null for other things. */
  nameGu: string | null;
}

export interface InboxItemView {
  id: string;
  kind: InboxKind;
  /** Null when the thing is gone or the reader may no longer see it: the item stays, saying less. */
  subject: InboxSubject | null;
  /** The members who did it, newest first, as many as INBOX_NAMES_SHOWN; only those the reader may see now. */
  actors: UserSummary[];
  /** How many more members did it than `actors` shows. */
  others: number;
  /** A decision's outcome (post, publisher application); null for other kinds. */
  approved: boolean | null;
  /** Staff queues: how many wait now; null for other kinds or when the reader is no longer staff. */
  count: number | null;
  /** The screen tapping it opens, a path of this site; null when there is nothing to open. */
  url: string | null;
  read: boolean;
  /** When it last happened (a grouped item moves up when more join it). */
  createdAt: string;
}

/** GET /api/inbox/unread */
export interface InboxUnreadView {
  unread: number;
}

/** GET/PUT /api/inbox/settings: every kind, true = kept in the list. */
export interface InboxSettingsView {
  kinds: Record<InboxKind, boolean>;
}
