// A member's own listing (docs/product/matrimony.md, "Profile status"): apply once (id = the
// member's id, status requested, pref `matrimony` = applied), edit, hide and activate, settings.
// And someone else's full profile, whose contact shows only while the owner's acceptance stands.
import {
  ERROR_TYPES,
  type FamilyDetailsInput,
  type FullProfile,
  type MatrimonyPhotosInput,
  type MatrimonyProfileInput,
  type MatrimonySettings,
  type MyProfile,
} from '@samaj/core';
import { type AnyColumn, and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import {
  file,
  matrimonyMatch,
  matrimonyProfile,
  profileRequest,
  shortlist,
  surname,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteFilesWith } from '../../platform/files-cleanup.ts';
import {
  cardColumns,
  type FamilyRow,
  familyColumns,
  familyView,
  fullDetailsView,
  fullProfileView,
  myProfileView,
  type ProfileRow,
} from './view.ts';
import { gamColumn, gotraColumn, photosOpenTo, type Viewer, visibleTo } from './visibility.ts';

export class AlreadyListed extends Error {}
export class PhotoNotYours extends Error {}
export class StatusChangeRefused extends Error {}

const blank = <T>(v: T | '' | null | undefined): T | null => (v === '' || v === undefined ? null : v);

/** The family details given with the form; none when the form has no `family` (they stay as they are). */
function familyColumnsOf(family: FamilyDetailsInput | undefined) {
  if (!family) return {};
  return {
    fatherName: blank(family.fatherName),
    fatherOccupation: blank(family.fatherOccupation),
    motherName: blank(family.motherName),
    brothersMarried: blank(family.brothersMarried),
    brothersUnmarried: blank(family.brothersUnmarried),
    sistersMarried: blank(family.sistersMarried),
    sistersUnmarried: blank(family.sistersUnmarried),
    mosal: blank(family.mosal),
    birthTime: blank(family.birthTime),
    birthPlace: blank(family.birthPlace),
    city: blank(family.city),
    rashi: blank(family.rashi),
    manglik: blank(family.manglik),
    diet: blank(family.diet),
    income: blank(family.income),
  };
}

/** Blank optional fields are stored as null. */
function columnsOf(input: MatrimonyProfileInput) {
  return {
    dob: input.dob,
    gender: input.gender,
    description: input.description,
    number: input.number,
    address: input.address,
    education: input.education,
    career: input.career,
    expectation: input.expectation,
    dp: blank(input.dp),
    height: blank(input.height),
    weight: blank(input.weight),
    eye_color: blank(input.eye_color),
    hair_color: blank(input.hair_color),
    complexion: blank(input.complexion),
    blood_group: blank(input.blood_group),
    disability: blank(input.disability),
    ...familyColumnsOf(input.family),
  };
}

/** The member's profile with their gotra and gam, or null. */
export async function findMine(
  db: Executor,
  memberId: string,
): Promise<{ row: ProfileRow; gotra: string | null; gam: string | null } | null> {
  const [found] = await db
    .select({ row: matrimonyProfile, gotra: gotraColumn, gam: gamColumn })
    .from(matrimonyProfile)
    .leftJoin(user, eq(user.id, matrimonyProfile.id))
    .leftJoin(surname, eq(surname.id, user.surname))
    .where(eq(matrimonyProfile.id, memberId))
    .limit(1);
  return found ?? null;
}

export async function myProfile(db: Executor, memberId: string): Promise<MyProfile | null> {
  const found = await findMine(db, memberId);
  return found ? myProfileView(found.row, found) : null;
}

/** Photos given (as `dp` or in the photo list) must be ones the member uploaded for matrimony. */
async function checkPhotos(db: Executor, memberId: string, ids: readonly (string | null)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: file.id })
    .from(file)
    .where(and(inArray(file.id, wanted), eq(file.owner, memberId), eq(file.kind, 'matrimony')));
  if (rows.length !== new Set(wanted).size) throw new PhotoNotYours();
}

/** The member's other matrimony uploads (a replaced photo, an upload never used) go with the save. */
async function dropOtherPhotos(
  app: FastifyInstance,
  tx: Executor,
  memberId: string,
  keep: readonly (string | null)[],
): Promise<void> {
  const kept = keep.filter((id): id is string => !!id);
  const rows = await tx
    .select({ id: file.id })
    .from(file)
    .where(
      and(
        eq(file.owner, memberId),
        eq(file.kind, 'matrimony'),
        kept.length > 0 ? notInArray(file.id, kept) : undefined,
      ),
    );
  await deleteFilesWith(
    app,
    tx,
    rows.map((row) => row.id),
  );
}

export async function apply(
  app: FastifyInstance,
  member: { id: string; name: string },
  input: MatrimonyProfileInput,
): Promise<MyProfile> {
  const values = columnsOf(input);
  await checkPhotos(app.db, member.id, [values.dp]);
  await app.events.transaction(async (tx) => {
    const [row] = await tx
      .insert(matrimonyProfile)
      .values({ id: member.id, name: member.name, ...values, status: 'requested' })
      .onConflictDoNothing()
      .returning({ id: matrimonyProfile.id });
    if (!row) throw new AlreadyListed();
    // One date of birth per member: the account's becomes the listing's (see keepAccountDob).
    await tx.update(user).set({ matrimony: 'applied', dob: values.dob }).where(eq(user.id, member.id));
    await dropOtherPhotos(app, tx, member.id, [values.dp]);
  });
  return (await myProfile(app.db, member.id)) as MyProfile;
}

/** The profile's row, locked until the transaction ends (an edit and a staff decision take turns). */
export async function lockedProfile(tx: Executor, id: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(matrimonyProfile).where(eq(matrimonyProfile.id, id)).for('update');
  return row;
}

/**
 * Edits the member's profile. What staff verified — date of birth, gender, phone number — sends a
 * verified profile back to review when it changes. Null when there is no profile.
 */
export async function edit(
  app: FastifyInstance,
  member: { id: string; name: string },
  input: MatrimonyProfileInput,
): Promise<MyProfile | null> {
  const values = columnsOf(input);
  await checkPhotos(app.db, member.id, [values.dp]);
  const found = await app.events.transaction(async (tx) => {
    const before = await lockedProfile(tx, member.id);
    if (!before) return null;
    if (before.status === 'banned') throw new StatusChangeRefused();
    const verifiedChanged =
      before.dob !== values.dob || before.gender !== values.gender || before.number !== values.number;
    const status = verifiedChanged && before.status !== 'requested' ? 'requested' : before.status;
    // The form names the main photo only: the others stay (one chosen as main leaves their list).
    const morePhotos = before.morePhotos.filter((id) => id !== values.dp);
    await tx
      .update(matrimonyProfile)
      .set({ ...values, morePhotos, name: member.name, status })
      .where(eq(matrimonyProfile.id, member.id));
    await tx.update(user).set({ dob: values.dob }).where(eq(user.id, member.id));
    await dropOtherPhotos(app, tx, member.id, [values.dp, ...morePhotos]);
    return before;
  });
  if (!found) return null;
  return myProfile(app.db, member.id);
}

/**
 * The owner's photos in their order (the first is the main one, `dp`) and who sees them
 * (docs/product/matrimony.md, "Photos"). Uploads left out go with the save. Null when there is no profile; a
 * banned listing is refused.
 */
export async function setPhotos(
  app: FastifyInstance,
  memberId: string,
  input: MatrimonyPhotosInput,
): Promise<MyProfile | null> {
  await checkPhotos(app.db, memberId, input.photos);
  const [main = null, ...morePhotos] = input.photos;
  const found = await app.events.transaction(async (tx) => {
    const before = await lockedProfile(tx, memberId);
    if (!before) return null;
    if (before.status === 'banned') throw new StatusChangeRefused();
    await tx
      .update(matrimonyProfile)
      .set({ dp: main, morePhotos, photoVisibility: input.visibility })
      .where(eq(matrimonyProfile.id, memberId));
    await dropOtherPhotos(app, tx, memberId, input.photos);
    return before;
  });
  if (!found) return null;
  return myProfile(app.db, memberId);
}

/** Hide (active → inactive) or Activate (inactive → active); anything else is refused. */
export async function changeStatus(
  app: FastifyInstance,
  memberId: string,
  status: 'active' | 'inactive',
): Promise<MyProfile | null> {
  const from = status === 'active' ? 'inactive' : 'active';
  const exists = await findMine(app.db, memberId);
  if (!exists) return null;
  const [row] = await app.db
    .update(matrimonyProfile)
    .set({ status })
    .where(and(eq(matrimonyProfile.id, memberId), eq(matrimonyProfile.status, from)))
    .returning({ id: matrimonyProfile.id });
  if (!row && exists.row.status !== status) throw new StatusChangeRefused();
  return myProfile(app.db, memberId);
}

export async function saveSettings(
  db: Executor,
  memberId: string,
  settings: MatrimonySettings,
): Promise<MatrimonySettings | null> {
  const [row] = await db
    .update(matrimonyProfile)
    .set({ gotraFilter: settings.gotraFilter })
    .where(eq(matrimonyProfile.id, memberId))
    .returning({ gotraFilter: matrimonyProfile.gotraFilter });
  return row ?? null;
}

/**
 * Another member's profile for a viewer who may see it (null otherwise: the route's 404): what the
 * card shows; attributes, family details, phone and address only while the owner has accepted the
 * viewer's request and not revoked it — read through `case when`, so nothing else leaves the database.
 */
export async function fullProfile(db: Executor, viewer: Viewer, id: string): Promise<FullProfile | null> {
  const accepted = sql`${profileRequest.state} = 'accepted'`;
  const ifAccepted = <T>(column: AnyColumn | SQL) => sql<T | null>`case when ${accepted} then ${column} end`;
  const [row] = await db
    .select({
      card: cardColumns(viewer),
      // Read only where the owner shows this viewer their photos, as the card's main photo.
      morePhotos: sql<
        string[] | null
      >`case when ${photosOpenTo(viewer)} then ${matrimonyProfile.morePhotos} end`,
      shortlisted: sql<boolean>`${shortlist.id} is not null`,
      matched: sql<boolean>`${matrimonyMatch.other} is not null`,
      request: sql<FullProfile['request']>`coalesce(${profileRequest.state}, 'none')`,
      number: ifAccepted<string>(matrimonyProfile.number),
      address: ifAccepted<string>(matrimonyProfile.address),
      height: ifAccepted<number>(matrimonyProfile.height),
      weight: ifAccepted<number>(matrimonyProfile.weight),
      eye_color: ifAccepted<string>(matrimonyProfile.eye_color),
      hair_color: ifAccepted<string>(matrimonyProfile.hair_color),
      complexion: ifAccepted<string>(matrimonyProfile.complexion),
      blood_group: ifAccepted<string>(matrimonyProfile.blood_group),
      disability: ifAccepted<string>(matrimonyProfile.disability),
      expectation: ifAccepted<string>(matrimonyProfile.expectation),
      family: familyColumns((column) => ifAccepted<FamilyRow[keyof FamilyRow]>(column)),
      gam: ifAccepted<string>(gamColumn),
      gotra: ifAccepted<string>(gotraColumn),
    })
    .from(matrimonyProfile)
    .leftJoin(user, eq(user.id, matrimonyProfile.id))
    .leftJoin(surname, eq(surname.id, user.surname))
    .leftJoin(shortlist, and(eq(shortlist.creator, viewer.id), eq(shortlist.profile, matrimonyProfile.id)))
    .leftJoin(
      matrimonyMatch,
      and(eq(matrimonyMatch.member, viewer.id), eq(matrimonyMatch.other, matrimonyProfile.id)),
    )
    .leftJoin(
      profileRequest,
      and(eq(profileRequest.creator, viewer.id), eq(profileRequest.profile, matrimonyProfile.id)),
    )
    .where(and(eq(matrimonyProfile.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const contact =
    row.number !== null && row.address !== null ? { number: row.number, address: row.address } : null;
  return fullProfileView(
    row,
    contact ? fullDetailsView(row) : null,
    // Each value is the column it is named after (familyColumns), read only when accepted.
    contact ? familyView(row.family as FamilyRow, row) : null,
    contact,
  );
}

/** Manage Profile's answer when its date of birth differs from the listing's (field `dob`). */
export const MSG_DOB_ON_LISTING =
  'Your date of birth is on your matrimony profile: change it there (the profile goes back to review).';

/**
 * One date of birth per member. Saving the listing sets the account's (apply, edit); Manage Profile
 * may not set another while a listing holds one (staff verified it: a change goes through the
 * listing's form, and back to review): its refusal rolls the whole save back. A save without one
 * (a form left blank, a client that omits it) keeps the listing's.
 */
export function keepAccountDob(app: FastifyInstance): void {
  app.events.onTransaction('account.dob_changed', async ({ userId, dob }, tx) => {
    const [listed] = await tx
      .select({ dob: matrimonyProfile.dob })
      .from(matrimonyProfile)
      .where(eq(matrimonyProfile.id, userId));
    if (!listed || listed.dob === dob) return;
    if (dob !== null) throw new AppError(ERROR_TYPES.GENERAL_ARGUMENT_INVALID, MSG_DOB_ON_LISTING, 'dob');
    await tx.update(user).set({ dob: listed.dob }).where(eq(user.id, userId));
  });
}
