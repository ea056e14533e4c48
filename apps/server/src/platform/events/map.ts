// The domain events features publish (docs/conventions.md "Seams"). One entry per event: its name and
// what a subscriber learns. Payloads carry ids and the few facts a subscriber needs (who to notify,
// in which language), never whole documents. A staff decision carries `audit`, which the audit-log
// subscriber writes in the same transaction.
import type { MatrimonyStatus } from '@samaj/core';

/** A staff decision as the audit log records it (platform/audit.ts writes it). */
export interface AuditEntry {
  /** User id of the staff member, or 'cli' for operator commands. */
  actor: string;
  /** What was decided, e.g. 'post.approve', 'label.grant', 'user.block'. */
  action: string;
  /** Table name of the thing decided on, e.g. 'post'. */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/** What every staff decision carries for the audit log. */
export interface Decision {
  audit: AuditEntry;
}

export interface DomainEvents {
  /** Staff approved a post (docs/product/feed.md, "Post status"); the author may be told. */
  'post.approved': Decision & { postId: string; creator: string };
  /** Staff rejected a post, with the reason shown to its author. */
  'post.rejected': Decision & { postId: string; creator: string; reason: string | null };
  /** Staff unlisted a post (it leaves the feed; its images stop being served to others). */
  'post.unlisted': Decision & { postId: string; creator: string };
  /** A member commented on a post; its author may be told (docs/product/inbox.md). */
  'post.commented': { postId: string; commentId: string; creator: string };
  /** A member liked a post (not again: a like already there publishes nothing); its author may be told. */
  'post.liked': { postId: string; creator: string };
  /** Staff dismissed the open reports of a post without changing it. */
  'post.reports_dismissed': Decision & { postId: string };
  /** Staff applied a member's surname submission to the directory. */
  'surname_submission.applied': Decision & { submissionId: string; surname: string; creator: string };
  'surname_submission.rejected': Decision & { submissionId: string; surname: string; creator: string };
  /** Staff approved or rejected a publisher application. */
  'publisher_request.decided': Decision & { requestId: string; creator: string; approved: boolean };
  /** A label was granted or revoked (staff console or operator CLI). */
  'label.changed': Decision & { userId: string; labels: string[] };
  /** Staff (or the operator's CLI) made a one-time password link for a member (docs/product/accounts.md, "Password recovery without mail (staff link)"). */
  'user.reset_link': Decision & { userId: string };
  /** A member was blocked or unblocked by the operator. */
  'user.blocked': Decision & { userId: string; blocked: boolean };
  /** Staff saved or cleared a slide of the tools-home carousel. */
  'slide.changed': Decision & { position: number };
  /** Staff approved, banned or unbanned a matrimony profile; `status` is the new one (the member sees it). */
  'matrimony_profile.decided': Decision & { profileId: string; status: MatrimonyStatus };
  /** Staff dismissed a member's report of a matrimony profile without acting on the profile. */
  'matrimony_report.dismissed': Decision & { reportId: string; profileId: string };
  /** Two members shortlisted each other (a mutual shortlist is a match); each may be told. */
  'matrimony.matched': { members: [string, string] };
  /** A member asked for another's full profile; `owner` (the profile's member) may be told. */
  'matrimony.request_received': { creator: string; owner: string };
  /** The owner accepted a full-profile request; `creator` may now see phone and address. */
  'matrimony.request_accepted': { creator: string; owner: string };
  /** The owner declined a full-profile request; `creator` may be told. */
  'matrimony.request_declined': { creator: string; owner: string };
  /** An event's live flag changed (host pressed Start or END, or the host's connection went away). */
  'event.live': { eventId: string; live: boolean };
  /** Staff edited or deleted an event: its open screens refetch it (a 404 once deleted). */
  'event.changed': { eventId: string; change: 'updated' | 'deleted' };
  /**
   * An event starts within the hour: `members` said they'll attend and were not yet reminded of this
   * start (each member once per start, events/reminders.ts); notifications tells each of them.
   */
  'event.reminder_due': { eventId: string; members: string[] };
  /**
   * A member saved Manage Profile with this date of birth (null: none), changed or not. A subscriber
   * that keeps the same date elsewhere may refuse it by throwing (nothing of the save is then made)
   * or write its own in its place.
   */
  'account.dob_changed': { userId: string; dob: string | null };
  /** A member deleted their account; `files` are the stored files that went with it. */
  'account.deleted': { userId: string; files: string[] };
}

export type DomainEventName = keyof DomainEvents;
