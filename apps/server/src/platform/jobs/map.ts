// The durable jobs the server runs (docs/conventions.md "Seams"). One entry per queue: its name
// and what its worker receives. Data is stored as JSON in the database until the job is done, so
// it carries ids, never whole documents or secrets.

/**
 * What a notification is about: its kind and the ids its text and link are made from (the text is
 * written when it is sent, in each subscription's language). See features/notifications.
 */
export type NotificationMessage =
  | { kind: 'event_live'; eventId: string }
  /** Sent 60 minutes before the start to the members who said they'll attend (events/reminders.ts). */
  | { kind: 'event_reminder'; eventId: string }
  | { kind: 'post_decided'; postId: string; approved: boolean }
  | { kind: 'surname_submission_applied'; surname: string }
  | { kind: 'publisher_request_decided'; approved: boolean }
  | {
      kind:
        | 'matrimony_match'
        | 'matrimony_request_received'
        | 'matrimony_request_accepted'
        | 'matrimony_request_declined';
      other: string;
    };

/**
 * A mail to a member (features/accounts/mail.ts). It carries no secret: the worker makes the link's
 * token when it sends, so a token exists only in the mail and, hashed or signed, in the database.
 */
export type AccountMail =
  /** "Forgot password?": the address as typed; nothing is sent when no member has it. */
  | { kind: 'password_reset'; email: string; language: 'gu' | 'en' }
  /** Confirm the member's current address (after signup, or "send again"). */
  | { kind: 'email_confirm'; member: string; language: 'gu' | 'en' }
  /** Confirm a new address: the change takes effect when this mail's link is opened. */
  | { kind: 'email_change'; member: string; newEmail: string; language: 'gu' | 'en' }
  /** Tell the old address that a change to `newEmail` was asked for. */
  | {
      kind: 'email_change_notice';
      member: string;
      oldEmail: string;
      newEmail: string;
      language: 'gu' | 'en';
    };

export interface JobMap {
  /** Write one item into every member's bell (an event went live: features/inbox). */
  'inbox.everyone': { kind: 'event_live'; subject: string };
  /** Delete bell items past their 90 days (features/inbox). */
  'inbox.prune': Record<string, never>;
  /** Delete stored files (rows and bytes) that outlived what they belonged to: a deleted account's. */
  'files.delete': { ids: string[] };
  /** Tell one member (each of their devices), unless they switched the kind off. */
  'push.notify': { member: string; message: NotificationMessage };
  /** Tell a topic's subscribers, one batch after `afterId` per job (a big fan-out goes in steps). */
  'push.topic': { topic: string; message: NotificationMessage; afterId: string | null };
  /** Deliver once more to one subscription a send could not reach (retried with backoff). */
  'push.send': { subscriptionId: string; message: NotificationMessage };
  /** Send one mail to a member (only with SMTP_URL); retried with backoff while the SMTP server is away. */
  'mail.send': AccountMail;
  /** Turn an event's stream recordings (Janus .mjr files) into its replay, once it is no longer live. */
  'replay.make': { eventId: string };
  /** Delete an event's replay: the stored `key`, or (null) everything it recorded (a deleted event). */
  'replay.delete': { eventId: string; key: string | null };
}

export type JobName = keyof JobMap;
