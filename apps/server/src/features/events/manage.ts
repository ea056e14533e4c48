// Who may change an event and what its form may name (docs/product/events.md, "Who may do what"): a
// Publisher edits and deletes only the events they created, an Admin any; the host is a member, and the
// images were uploaded through the event image route (a Publisher's own).
import { ERROR_TYPES, type EventData } from '@samaj/core';
import type { Executor } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { MSG_EVENT_NOT_FOUND } from './answers.ts';
import { type Actor, isAdmin, mayManage } from './policy.ts';
import { findEvent, isEventImage, memberExists } from './queries.ts';
import type { EventRow } from './view.ts';

export const MSG_NOT_EVENT_MANAGER = 'Only an Admin or the Publisher who created this event may change it.';
export const MSG_UNKNOWN_HOST = 'No member with this username.';
export const MSG_EVENT_IMAGE_UNKNOWN = 'Upload the image through the event image route first.';

/** Checks the form's host and images; returns the values to store. */
export async function checkForm(db: Executor, me: Actor, data: EventData, before?: EventRow) {
  const host = data.host ?? before?.host ?? me.id;
  if (host !== before?.host && !(await memberExists(db, host))) {
    throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_UNKNOWN_HOST, 'host');
  }
  for (const field of ['thumbnail', 'file'] as const) {
    const id = data[field];
    if (!id || id === before?.thumbnail || id === before?.file) continue;
    // A Publisher names only images they uploaded; an Admin any event image.
    if (!(await isEventImage(db, id, isAdmin(me) ? null : me.id))) {
      throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_EVENT_IMAGE_UNKNOWN, field);
    }
  }
  return { ...data, host };
}

/** The event, when `me` may change it. */
export async function managedEvent(db: Executor, me: Actor, id: string): Promise<EventRow> {
  const row = await findEvent(db, id);
  if (!row) throw notFound(MSG_EVENT_NOT_FOUND);
  if (!mayManage(me, row)) throw forbidden(MSG_NOT_EVENT_MANAGER);
  return row;
}
