// Rows become core's matrimony API shapes here. Lists select only `cardColumns`: phone and address
// are never read for a card, so no list can carry them whatever a view does.
import {
  ageFromDob,
  BLOOD_GROUPS,
  type BloodGroup,
  type FamilyDetails,
  type FullDetails,
  type FullProfile,
  firstName,
  type Gender,
  type MatrimonyContact,
  type MyProfile,
  matrimonyPhotoPath,
  type ProfileCard,
  type StaffProfile,
  type UserSummary,
} from '@samaj/core';
import { sql } from 'drizzle-orm';
import { matrimonyProfile } from '../../db/schema/index.ts';
import { photosOpenTo, type Viewer } from './visibility.ts';

export type ProfileRow = typeof matrimonyProfile.$inferSelect;

/**
 * What a card shows (never number or address), for `viewer`: the photo's id only where the owner
 * shows photos to this viewer (`photosOpenTo`), else only whether there is one (the locked placeholder).
 */
export function cardColumns(viewer: Viewer) {
  const open = photosOpenTo(viewer);
  return {
    id: matrimonyProfile.id,
    name: matrimonyProfile.name,
    dob: matrimonyProfile.dob,
    gender: matrimonyProfile.gender,
    education: matrimonyProfile.education,
    career: matrimonyProfile.career,
    description: matrimonyProfile.description,
    dp: sql<string | null>`case when ${open} then ${matrimonyProfile.dp} end`,
    photoLocked: sql<boolean>`(${matrimonyProfile.dp} is not null and not ${open})`,
  };
}

export interface CardRow {
  id: string;
  name: string;
  dob: string;
  gender: Gender;
  education: string;
  career: string;
  description: string;
  dp: string | null;
  photoLocked: boolean;
}

const photoOf = (row: { id: string; dp: string | null }) => (row.dp ? matrimonyPhotoPath(row.id) : null);

export function cardView(row: CardRow, shortlisted: boolean): ProfileCard {
  return {
    id: row.id,
    firstName: firstName(row.name),
    age: ageFromDob(row.dob),
    gender: row.gender,
    education: row.education,
    career: row.career,
    description: row.description,
    photo: photoOf(row),
    photoLocked: row.photoLocked,
    shortlisted,
  };
}

const bloodGroup = (value: string | null): BloodGroup | null =>
  value && (BLOOD_GROUPS as readonly string[]).includes(value) ? (value as BloodGroup) : null;

/** The non-contact details of a profile. */
function details(row: ProfileRow) {
  return {
    name: row.name,
    dob: row.dob,
    age: ageFromDob(row.dob),
    gender: row.gender,
    description: row.description,
    education: row.education,
    career: row.career,
    height: row.height,
    weight: row.weight,
    eye_color: row.eye_color,
    hair_color: row.hair_color,
    complexion: row.complexion,
    blood_group: bloodGroup(row.blood_group),
    disability: row.disability,
    expectation: row.expectation,
    photo: photoOf(row),
  };
}

/** The family columns of a profile, as read (through `case when` for someone else's). */
export interface FamilyRow {
  fatherName: string | null;
  fatherOccupation: string | null;
  motherName: string | null;
  brothersMarried: number | null;
  brothersUnmarried: number | null;
  sistersMarried: number | null;
  sistersUnmarried: number | null;
  mosal: string | null;
  birthTime: string | null;
  birthPlace: string | null;
  city: string | null;
  rashi: FamilyDetails['rashi'];
  manglik: FamilyDetails['manglik'];
  diet: FamilyDetails['diet'];
  income: FamilyDetails['income'];
}

/** The family columns to select, each through `read` (for someone else's profile, `case when` accepted). */
export function familyColumns<T>(read: (column: (typeof matrimonyProfile)[keyof FamilyRow]) => T) {
  return {
    fatherName: read(matrimonyProfile.fatherName),
    fatherOccupation: read(matrimonyProfile.fatherOccupation),
    motherName: read(matrimonyProfile.motherName),
    brothersMarried: read(matrimonyProfile.brothersMarried),
    brothersUnmarried: read(matrimonyProfile.brothersUnmarried),
    sistersMarried: read(matrimonyProfile.sistersMarried),
    sistersUnmarried: read(matrimonyProfile.sistersUnmarried),
    mosal: read(matrimonyProfile.mosal),
    birthTime: read(matrimonyProfile.birthTime),
    birthPlace: read(matrimonyProfile.birthPlace),
    city: read(matrimonyProfile.city),
    rashi: read(matrimonyProfile.rashi),
    manglik: read(matrimonyProfile.manglik),
    diet: read(matrimonyProfile.diet),
    income: read(matrimonyProfile.income),
  };
}

export function familyView(
  row: FamilyRow,
  origin: { gam: string | null; gotra: string | null },
): FamilyDetails {
  return {
    fatherName: row.fatherName,
    fatherOccupation: row.fatherOccupation,
    motherName: row.motherName,
    brothersMarried: row.brothersMarried,
    brothersUnmarried: row.brothersUnmarried,
    sistersMarried: row.sistersMarried,
    sistersUnmarried: row.sistersUnmarried,
    mosal: row.mosal,
    birthTime: row.birthTime,
    birthPlace: row.birthPlace,
    city: row.city,
    rashi: row.rashi,
    manglik: row.manglik,
    diet: row.diet,
    income: row.income,
    gam: origin.gam,
    gotra: origin.gotra,
  };
}

/**
 * Someone else's profile: what their card shows, and `details` and `contact` only when the query
 * read them (the owner's acceptance stands); never the full name or birth date.
 */
export function fullProfileView(
  row: {
    card: CardRow;
    shortlisted: boolean;
    matched: boolean;
    request: FullProfile['request'];
    morePhotos: string[] | null;
  },
  details: FullDetails | null,
  family: FamilyDetails | null,
  contact: MatrimonyContact | null,
): FullProfile {
  const photos = row.card.dp
    ? [0, ...(row.morePhotos ?? []).map((_, i) => i + 1)].map((n) => matrimonyPhotoPath(row.card.id, 300, n))
    : [];
  return {
    ...cardView(row.card, row.shortlisted),
    photos,
    matched: row.matched,
    request: row.request,
    details,
    family,
    contact,
  };
}

/** The attributes of a row, when every one of them was read (`expectation` is never null then). */
export function fullDetailsView(row: {
  height: number | null;
  weight: number | null;
  eye_color: string | null;
  hair_color: string | null;
  complexion: string | null;
  blood_group: string | null;
  disability: string | null;
  expectation: string | null;
}): FullDetails | null {
  if (row.expectation === null) return null;
  return {
    height: row.height,
    weight: row.weight,
    eye_color: row.eye_color,
    hair_color: row.hair_color,
    complexion: row.complexion,
    blood_group: bloodGroup(row.blood_group),
    disability: row.disability,
    expectation: row.expectation,
  };
}

export function myProfileView(
  row: ProfileRow,
  origin: { gam: string | null; gotra: string | null },
): MyProfile {
  const { gotra } = origin;
  return {
    id: row.id,
    ...details(row),
    number: row.number,
    address: row.address,
    dp: row.dp,
    status: row.status,
    banReason: row.banReason,
    gotra,
    gotraFilter: row.gotraFilter,
    photos: row.dp ? [row.dp, ...row.morePhotos] : [],
    photoVisibility: row.photoVisibility,
    family: familyView(row, origin),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function staffProfileView(
  row: ProfileRow,
  extra: { gotra: string | null; gam: string | null; user: UserSummary; openReports: number },
): StaffProfile {
  const { gotraFilter: _, ...mine } = myProfileView(row, extra);
  return {
    ...mine,
    user: extra.user,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    openReports: extra.openReports,
  };
}
