// The durable jobs the server runs (docs/conventions.md "Seams"). One entry per queue: its name
// and what its worker receives. Data is stored as JSON in the database until the job is done, so
// it carries ids, never whole documents or secrets.

/**
 * What a notification is about: its kind and the ids its text and link are made from (the text is
 * written when it is sent, in each subscription's language). See features/notifications.
 */
export type NotificationMessage =
  | { kind: 'event_live'; eventId: string }
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

export interface JobMap {
  /** Delete stored files (rows and bytes) that outlived what they belonged to: a deleted account's. */
  'files.delete': { ids: string[] };
  /** Tell one member (each of their devices), unless they switched the kind off. */
  'push.notify': { member: string; message: NotificationMessage };
  /** Tell a topic's subscribers, one batch after `afterId` per job (a big fan-out goes in steps). */
  'push.topic': { topic: string; message: NotificationMessage; afterId: string | null };
  /** Deliver once more to one subscription a send could not reach (retried with backoff). */
  'push.send': { subscriptionId: string; message: NotificationMessage };
}

export type JobName = keyof JobMap;
