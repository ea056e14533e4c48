// A list's cursor as the server makes it: the keyset values of the last row a page showed (its
// sort time to the microsecond and its id), base64url-encoded. A client passes `nextCursor` back
// unchanged and never builds one. The server looks nothing up with it: the next page is the rows
// the viewer may see after that point, so a cursor written by hand (with someone's username in it)
// can only move where a list of visible rows starts, never tell whether anything else exists.

import { z } from 'zod';
import { isIsoDate } from './schemas/common.ts';
import { MSG_INVALID_VALUE } from './schemas/messages.ts';

/** The keyset values of one row: its sort time as PostgreSQL keeps it (UTC, microseconds) and its id. */
export interface KeysetPosition {
  /** '2026-12-02T04:20:39.123456Z' */
  at: string;
  id: string;
}

/** At most this long: a time (27), a separator and an id (64), in base64. */
export const CURSOR_MAX = 128;

const AT = /^([12]\d{3}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The characters a cursor is written in (base64url), up to CURSOR_MAX of them. */
const CURSOR_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${CURSOR_MAX}}$`);

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeCursor(position: KeysetPosition): string {
  return toBase64Url(`${position.at}~${position.id}`);
}

/** The position a cursor names, or null when it is not one the server could have made. */
export function decodeCursor(cursor: string): KeysetPosition | null {
  if (!CURSOR_PATTERN.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const cut = text.indexOf('~');
  const at = text.slice(0, cut);
  const id = text.slice(cut + 1);
  const time = AT.exec(at);
  if (cut < 0 || !time || !isIsoDate(time[1]) || !ID.test(id)) return null;
  return { at, id };
}

/** A list's `cursor` query parameter: a `nextCursor` the server answered, or absent. */
export const cursorSchema = z
  .string({ error: MSG_INVALID_VALUE })
  // The pattern is what the API's description shows (and what tests recognise a cursor by); the
  // refinement is what decides.
  .regex(CURSOR_PATTERN, MSG_INVALID_VALUE)
  .refine((v) => decodeCursor(v) !== null, MSG_INVALID_VALUE)
  .optional();
