// The matrimony API (apps/server/src/features/matrimony): every request body and every answer, as
// zod schemas the server validates with and the web reads. The most private data the app holds:
// a card, a match, a request or a staff list of SOMEONE ELSE never carries phone (`number`) or
// address; only `MyProfile` (the owner), `StaffProfile` (Admins) and a `FullProfile` whose request
// the owner accepted and has not revoked do.
//
// Paths (all under /api; member routes need a signed-in member, admin routes the Admin label):
//   GET    /matrimony/profile                       MyProfile, or null when none yet
//   POST   /matrimony/profile                       MatrimonyProfileInput → 201 MyProfile (apply)
//   PUT    /matrimony/profile                       MatrimonyProfileInput → MyProfile (edit)
//   POST   /matrimony/profile/status                { status: active | inactive } → MyProfile (hide / Activate)
//   PUT    /matrimony/settings                      MatrimonySettings → MatrimonySettings
//   POST   /matrimony/photo                         multipart `file` → 201 { dp } (then send dp in the form)
//   GET    /matrimony/profiles/:id/photo?width=&index= image (index 0 main, 1–3 the others), private, no-store (404 when not allowed)
//   PUT    /matrimony/photos                        MatrimonyPhotosInput → MyProfile (order, main first; who sees them)
//   GET    /matrimony/profiles/:id                  FullProfile (404 when the viewer may not see it)
//   GET    /matrimony/suggestions?cursor=&<filters> Page<ProfileCard>, 3 a page (SuggestionsQuery: no filter given → my saved preferences)
//   GET    /matrimony/preferences                   PartnerPreferences, or null when none saved
//   PUT    /matrimony/preferences                   PartnerPreferencesInput → PartnerPreferences
//   DELETE /matrimony/preferences                   204 (suggestions as before any were saved)
//   GET    /matrimony/shortlisted-me?cursor=        Page<ProfileCard>, 30 a page, newest first (who shortlisted me)
//   GET    /matrimony/requests/sent?cursor=         Page<SentRequest>, 30 a page, newest first (requests I sent, with state)
//   GET    /matrimony/matches?cursor=               Page<MatchCard>, 30 a page, newest match first
//   GET    /matrimony/matches/news                  MatchNews (new matches and answers since I last looked)
//   POST   /matrimony/matches/seen                  204 (I opened the Matches tab)
//   GET    /matrimony/shortlists?cursor=            Page<ProfileCard>, 30 a page, newest first (mine only)
//   POST   /matrimony/shortlists                    { profile } → ShortlistResult
//   DELETE /matrimony/shortlists/:profile           204 (the match, and requests between the two, end)
//   GET    /matrimony/requests?cursor=              Page<IncomingRequest>, 30 a page, newest first (to me only)
//   GET    /matrimony/requests/count                RequestCount
//   POST   /matrimony/requests                      { profile } → 201 OutgoingRequest (needs a match)
//   DELETE /matrimony/requests/:id                  204 (withdraw my request to profile :id)
//   POST   /matrimony/requests/:id/accept           IncomingRequest (:id = who asked me)
//   POST   /matrimony/requests/:id/revoke           IncomingRequest
//   POST   /matrimony/requests/:id/decline          IncomingRequest
//   POST   /matrimony/not-interested                { profile } → 204
//   POST   /matrimony/blocks                        { profile } → 204
//   POST   /matrimony/reports                       { profile, reason } → 204 (also blocks)
//   GET    /matrimony/hidden                        HiddenProfile[] (my Not interested and Block marks, newest first)
//   DELETE /matrimony/not-interested/:profile       204 (back in my suggestions)
//   DELETE /matrimony/blocks/:profile               204 (my block lifted; a report stays with staff)
//   GET    /admin/matrimony/profiles?status=&cursor= Page<StaffProfile>, oldest first, 20 a page
//   POST   /admin/matrimony/profiles/:id/approve    StaffProfile
//   POST   /admin/matrimony/profiles/:id/ban        { reason } → StaffProfile
//   POST   /admin/matrimony/profiles/:id/unban      StaffProfile
//   GET    /admin/matrimony/reports?cursor=         Page<StaffReport>, open reports oldest first, 20 a page
//   POST   /admin/matrimony/reports/:id/dismiss     StaffReport
import { z } from 'zod';
import {
  BLOOD_GROUPS,
  GENDERS,
  MODERATION_REASON_MAX,
  PREVIEW_WIDTHS,
  REPORT_REASON_MAX,
} from '../constants.ts';
import { cursorSchema } from '../cursor.ts';
import { requiredText } from '../schemas/common.ts';
import {
  DIETS,
  INCOME_RANGES,
  MANGLIK_CHOICES,
  MATRIMONY_PHOTOS_MAX,
  PHOTO_VISIBILITIES,
  RASHIS,
} from '../schemas/matrimony.ts';
import { documentIdSchema } from '../schemas/posts.ts';
import { MATRIMONY_STATUSES } from '../status.ts';

/** Suggestions a page (docs/product/matrimony.md, "Dashboard"). */
export const MATRIMONY_SUGGESTIONS_PAGE_SIZE = 3;
/**
 * Shortlists, matches and requests a page, newest first
 * (docs/product/matrimony.md, "Shortlists and matches").
 */
export const MATRIMONY_LIST_PAGE_SIZE = 30;
/** Not in spec: staff queues a page. */
export const MATRIMONY_STAFF_PAGE_SIZE = 20;

/** The first name shown on a card: the display name up to its first space. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * Where a profile's photo is served (checked per request; never /api/files/:id/preview): `index` 0 is
 * the main photo, 1–3 the others in the owner's order.
 */
export function matrimonyPhotoPath(
  profileId: string,
  width: (typeof PREVIEW_WIDTHS)[number] = 300,
  index = 0,
): string {
  const path = `/api/matrimony/profiles/${encodeURIComponent(profileId)}/photo?width=${width}`;
  return index === 0 ? path : `${path}&index=${index}`;
}

const id = documentIdSchema;
const isoDateTime = z.string();
const nullableText = z.string().nullable();

/** `{ profile }`: the other member's id (= their profile id). */
export const profileRefSchema = z.object({ profile: id });

export const reportProfileSchema = z.object({
  profile: id,
  reason: requiredText(REPORT_REASON_MAX),
});

/** Hide (inactive) or Activate (active) one's own verified profile. */
export const profileStatusChangeSchema = z.object({ status: z.enum(['active', 'inactive']) });

/** Matrimony settings: leave out profiles of my own gotra from suggestions (default on). */
export const matrimonySettingsSchema = z.object({ gotraFilter: z.boolean() });
export type MatrimonySettings = z.infer<typeof matrimonySettingsSchema>;

export const banProfileSchema = z.object({ reason: requiredText(MODERATION_REASON_MAX) });

export const matrimonyCursorSchema = z.object({ cursor: cursorSchema });

export const staffProfilesQuerySchema = z.object({
  status: z.enum(MATRIMONY_STATUSES).default('requested'),
  cursor: id.optional(),
});

export const photoQuerySchema = z.object({
  width: z.coerce
    .number()
    .refine(
      (w) => (PREVIEW_WIDTHS as readonly number[]).includes(w),
      `Invalid width: use one of ${PREVIEW_WIDTHS.join(', ')}.`,
    )
    .default(300),
  /** Which photo: 0 the main one, 1–3 the others in the owner's order. */
  index: z.coerce
    .number()
    .int('Invalid photo index')
    .min(0, 'Invalid photo index')
    .max(MATRIMONY_PHOTOS_MAX - 1, 'Invalid photo index')
    .default(0),
});

/** The uploaded photo's file id, to send as `dp` with the form. */
export const photoUploadSchema = z.object({ dp: z.string() });
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/** Phone and address, shown only to the owner, staff and an accepted, unrevoked requester. */
export const contactSchema = z.object({ number: z.string(), address: z.string() });
export type MatrimonyContact = z.infer<typeof contactSchema>;

/** What anyone allowed to see a profile sees on a card: never phone or address. */
export const profileCardSchema = z.object({
  /** The member's id = the profile id (also the cursor). */
  id: z.string(),
  firstName: z.string(),
  /** Core's formula (ageFromDob) on the server's clock. */
  age: z.number().int(),
  gender: z.enum(GENDERS),
  education: z.string(),
  career: z.string(),
  /** The "about" text (max 150). */
  description: z.string(),
  /** matrimonyPhotoPath(id) when there is a photo I may see, else null. */
  photo: z.string().nullable(),
  /**
   * There is a photo, but its owner shows photos only to members whose request they accepted: show a
   * locked placeholder. Always sent; optional only for clients written before it.
   */
  photoLocked: z.boolean().optional(),
  /** Whether I shortlisted this profile. */
  shortlisted: z.boolean(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

/** A match: a card plus the state of MY request for their full profile. */
/**
 * A full-profile request: waiting, accepted (contact visible), revoked (accepted, then taken back) or
 * declined (never accepted). A revoked or declined request stands until its owner accepts it: the
 * requester can neither withdraw it nor ask again (docs/product/matrimony.md, "Full-profile requests").
 */
export const MATRIMONY_REQUEST_STATES = ['pending', 'accepted', 'revoked', 'declined'] as const;
export type RequestState = (typeof MATRIMONY_REQUEST_STATES)[number];
/** The owner's answers that stand against the requester. */
export const REFUSED_REQUEST_STATES = ['revoked', 'declined'] as const satisfies readonly RequestState[];
/** My request as I see it: `none` when I have not asked. */
const myRequestSchema = z.enum(['none', ...MATRIMONY_REQUEST_STATES]);

export const matchCardSchema = profileCardSchema.extend({
  /** When the mutual shortlist happened. */
  matchedAt: isoDateTime,
  /** My request for their full profile: none, or its state. */
  request: myRequestSchema,
  /** Their phone and address: only while they have accepted my request and not revoked it. */
  contact: contactSchema.nullable(),
});
export type MatchCard = z.infer<typeof matchCardSchema>;

/** A request someone sent me (never the ones I sent). `id` = the requester's id (also the cursor). */
export const incomingRequestSchema = z.object({
  id: z.string(),
  state: z.enum(MATRIMONY_REQUEST_STATES),
  createdAt: isoDateTime,
  /** The requester's card (no contact). */
  profile: profileCardSchema,
});
export type IncomingRequest = z.infer<typeof incomingRequestSchema>;

/** A request I sent. */
export const outgoingRequestSchema = z.object({
  profile: z.string(),
  state: z.enum(MATRIMONY_REQUEST_STATES),
  createdAt: isoDateTime,
});
export type OutgoingRequest = z.infer<typeof outgoingRequestSchema>;

export const requestCountSchema = z.object({
  /** Incoming requests waiting for my answer (the Requests tab's count). */
  pending: z.number().int(),
});
export type RequestCount = z.infer<typeof requestCountSchema>;

/**
 * What is new on my Matches tab since I last opened it (docs/product/matrimony.md, "Dashboard"): matches
 * made, and answers (accepted or declined) to my full-profile requests.
 */
export const matchNewsSchema = z.object({
  matches: z.number().int(),
  answers: z.number().int(),
});
export type MatchNews = z.infer<typeof matchNewsSchema>;

/**
 * A profile I marked Not interested or blocked, in my matrimony settings to undo
 * (docs/product/matrimony.md, "Safety"): its id and first name only (I saw its card before).
 */
export const hiddenProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  kind: z.enum(['not_interested', 'blocked']),
  createdAt: isoDateTime,
});
export type HiddenProfile = z.infer<typeof hiddenProfileSchema>;
/** Not in spec: the most hidden profiles the settings list. */
export const MATRIMONY_HIDDEN_MAX = 200;

export const shortlistResultSchema = z.object({
  profile: z.string(),
  shortlisted: z.boolean(),
  /** Whether the two now shortlist each other. */
  matched: z.boolean(),
});
export type ShortlistResult = z.infer<typeof shortlistResultSchema>;

/**
 * What the full profile adds to the card once its owner accepted my request (the screen shows them
 * only then): physical attributes and partner expectation.
 */
export const fullDetailsSchema = z.object({
  height: z.number().nullable(),
  weight: z.number().nullable(),
  eye_color: nullableText,
  hair_color: nullableText,
  complexion: nullableText,
  blood_group: z.enum(BLOOD_GROUPS).nullable(),
  disability: nullableText,
  expectation: z.string(),
});
export type FullDetails = z.infer<typeof fullDetailsSchema>;

/**
 * A listing's family details (docs/product/matrimony.md, "Family details"): what the member gave (null when
 * not), with gam and gotra from their surname. Shown with the other details: to the owner, staff, and a
 * member whose request the owner accepted and has not revoked.
 */
export const familyDetailsSchema = z.object({
  fatherName: nullableText,
  fatherOccupation: nullableText,
  motherName: nullableText,
  brothersMarried: z.number().int().nullable(),
  brothersUnmarried: z.number().int().nullable(),
  sistersMarried: z.number().int().nullable(),
  sistersUnmarried: z.number().int().nullable(),
  mosal: nullableText,
  birthTime: nullableText,
  birthPlace: nullableText,
  city: nullableText,
  rashi: z.enum(RASHIS).nullable(),
  manglik: z.enum(MANGLIK_CHOICES).nullable(),
  diet: z.enum(DIETS).nullable(),
  income: z.enum(INCOME_RANGES).nullable(),
  /** Native place, from the member's surname. */
  gam: nullableText,
  gotra: nullableText,
});
export type FamilyDetails = z.infer<typeof familyDetailsSchema>;

/**
 * `family` on a profile: always sent by the server; optional in the type only so that clients
 * written before family details existed keep compiling.
 */
const familyField = familyDetailsSchema.nullable().optional();

/** The non-contact details of a profile (the form's fields without number and address). */
const detailsShape = {
  name: z.string(),
  dob: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  description: z.string(),
  education: z.string(),
  career: z.string(),
  ...fullDetailsSchema.shape,
  photo: z.string().nullable(),
};

/**
 * Another member's profile (GET /matrimony/profiles/:id) for a viewer allowed to see it: what their
 * card shows (a first name and an age, never the full name or birth date:
 * docs/product/matrimony.md, "Privacy"), and `details` and `contact` only while the owner has accepted my
 * request and not revoked it.
 */
export const fullProfileSchema = profileCardSchema.extend({
  /** Every photo I may see, main first (matrimonyPhotoPath); empty when none or locked. */
  photos: z.array(z.string()).optional(),
  matched: z.boolean(),
  request: myRequestSchema,
  details: fullDetailsSchema.nullable(),
  /** Family details: with `details`, only while the owner has accepted my request. */
  family: familyField,
  contact: contactSchema.nullable(),
});
export type FullProfile = z.infer<typeof fullProfileSchema>;

/** The member's own profile, with its status, the phone staff will call, and the photo's file id. */
export const myProfileSchema = z.object({
  id: z.string(),
  ...detailsShape,
  ...contactSchema.shape,
  dp: z.string().nullable(),
  status: z.enum(MATRIMONY_STATUSES),
  /** The staff's reason when banned. */
  banReason: nullableText,
  /** The member's gotra (from their surname), null when unknown. */
  gotra: nullableText,
  gotraFilter: z.boolean(),
  /** My photos' file ids, main (dp) first; optional only for clients written before it. */
  photos: z.array(z.string()).optional(),
  photoVisibility: z.enum(PHOTO_VISIBILITIES).optional(),
  family: familyField,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** A profile as staff verify it: everything, with the phone number to call. */
export const staffProfileSchema = myProfileSchema.omit({ gotraFilter: true }).extend({
  user: z.object({ id: z.string(), name: z.string(), dp: z.string(), labels: z.array(z.string()) }),
  verifiedAt: isoDateTime.nullable(),
  openReports: z.number().int(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const MATRIMONY_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type MatrimonyReportStatus = (typeof MATRIMONY_REPORT_STATUSES)[number];

/** A member's report of a profile, in the staff queue. */
export const staffReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(MATRIMONY_REPORT_STATUSES),
  createdAt: isoDateTime,
  reporter: z.object({ id: z.string(), name: z.string(), dp: z.string(), labels: z.array(z.string()) }),
  /** The reported profile (staff see contact to act on it); null when it is gone. */
  profile: staffProfileSchema.nullable(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

/** A member's saved partner preferences (null bounds: not set). */
export const partnerPreferencesViewSchema = z.object({
  ageMin: z.number().int().nullable(),
  ageMax: z.number().int().nullable(),
  heightMin: z.number().nullable(),
  heightMax: z.number().nullable(),
  place: nullableText,
  education: nullableText,
  withPhoto: z.boolean(),
  updatedAt: isoDateTime,
});
export type PartnerPreferences = z.infer<typeof partnerPreferencesViewSchema>;

/** A request I sent, with its state and the card of the profile I asked (the Sent requests tab). */
export const sentRequestSchema = z.object({
  /** The asked profile's id (also the cursor). */
  id: z.string(),
  state: z.enum(MATRIMONY_REQUEST_STATES),
  createdAt: isoDateTime,
  profile: profileCardSchema,
});
export type SentRequest = z.infer<typeof sentRequestSchema>;
