// A matrimony listing as a test fills it in: one place for the form the API tests of several features post.
import type { Gender } from '@samaj/core';

/** A date of birth `years` years (and a few days) ago. */
export function bornYearsAgo(years: number, extraDays = 3): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

/** The listing form; each member's phone and address are unique, so a JSON body can be searched for them. */
export function listingForm(gender: Gender, overrides: Record<string, unknown> = {}) {
  const tag = Math.random().toString().slice(2, 11);
  return {
    dob: bornYearsAgo(gender === 'Male' ? 28 : 25),
    gender,
    description: 'Simple family, likes music',
    number: `+91 9${tag}`,
    address: `Secret House ${tag}, Rajkot`,
    education: 'B.Com',
    career: 'Accountant',
    expectation: 'Kind and honest',
    height: 170,
    blood_group: 'O+',
    ...overrides,
  };
}
