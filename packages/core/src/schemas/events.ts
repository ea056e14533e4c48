// Creating and editing events (docs/product/events.md, "An event"), for Admins and Publishers. The web form
// validates with these schemas and the server with the same ones (POST /api/events, PUT /api/events/:id).
import { z } from 'zod';
import { UNIQUE_ID_PATTERN } from '../ids.ts';
import { isIsoDate, requiredText, textOrEmpty, typeError } from './common.ts';
import { MSG_INVALID_DATE, MSG_INVALID_NUMBER, MSG_INVALID_VALUE } from './messages.ts';

/** Not in spec: an event's text limits. */
export const EVENT_NAME_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LOCATION_MAX = 200;

/** An uploaded image's id (POST /api/events/images answers it), or null for none. */
const imageId = z
  .string({ error: MSG_INVALID_VALUE })
  .regex(UNIQUE_ID_PATTERN, MSG_INVALID_VALUE)
  .nullish()
  .transform((v) => v ?? null);

/** A moment with its offset, as `Date.toISOString()` writes it ('2026-12-01T18:30:00.000Z'). */
export const eventTimeSchema = z
  .string({ error: typeError })
  .min(1, MSG_INVALID_DATE)
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
      isIsoDate(v.slice(0, 10)) &&
      !Number.isNaN(Date.parse(v)),
    MSG_INVALID_DATE,
  );

const degrees = (limit: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? typeError(iss) : MSG_INVALID_NUMBER) })
    .min(-limit, MSG_INVALID_VALUE)
    .max(limit, MSG_INVALID_VALUE);

/**
 * Where the event is on the community map (WGS 84 degrees, as the map's tiles take them); one value
 * so that a place has both or neither (docs/product/events.md, "An event").
 */
export const eventCoordinatesSchema = z.object(
  { latitude: degrees(90), longitude: degrees(180) },
  { error: MSG_INVALID_VALUE },
);
export type EventCoordinates = z.infer<typeof eventCoordinatesSchema>;

/** The event form: the whole event on create (POST) and on edit (PUT). */
export const eventSchema = z.object({
  name: requiredText(EVENT_NAME_MAX),
  description: textOrEmpty(EVENT_DESCRIPTION_MAX),
  /** Shown in the list and on the live screen; the web shows 'newuser' when null. */
  thumbnail: imageId,
  /** Cover image for share previews. */
  file: imageId,
  time: eventTimeSchema,
  location: textOrEmpty(EVENT_LOCATION_MAX),
  /** Its place on the community map; absent or null: none (the location's text may still say where). */
  coordinates: eventCoordinatesSchema.nullish().transform((v) => v ?? null),
  /** The hosting member's id (username); absent or empty: the member creating the event. */
  host: z
    .string({ error: MSG_INVALID_VALUE })
    .trim()
    .regex(/^[a-z0-9_-]{0,64}$/, MSG_INVALID_VALUE)
    .nullish()
    .transform((v) => v || null),
  /** Whether the event will be streamed (the list's 'No live stream' when false). */
  liveStream: z.boolean({ error: MSG_INVALID_VALUE }).default(false),
  /**
   * "Record for replay" (docs/product/live-video.md, "Watch again"): in SFU mode the server records the
   * stream and offers members "Watch again" after END. In peer-to-peer mode there is no server copy (the form
   * says so).
   */
  recordReplay: z.boolean({ error: MSG_INVALID_VALUE }).default(false),
});
export type EventInput = z.input<typeof eventSchema>;
export type EventData = z.output<typeof eventSchema>;

/** PUT /api/events/:id/live: Start (true) and END (false); only the host or an Admin. */
export const eventLiveSchema = z.object({ live: z.boolean({ error: typeError }) });

/** PUT /api/events/:id/attendance: "I'll attend" (true) or not any more (false); any member. */
export const eventAttendanceSchema = z.object({ attending: z.boolean({ error: typeError }) });
