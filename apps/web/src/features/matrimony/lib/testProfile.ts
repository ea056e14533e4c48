// Test data only: the fields a full matrimony profile has in every shape the API sends it (the
// member's own profile, the staff view), for this feature's component tests.
export const profileFields = {
  dob: '1996-04-12',
  age: 28,
  gender: 'Male',
  education: 'B.Com',
  career: 'Accountant',
  height: null,
  weight: null,
  eye_color: null,
  hair_color: null,
  complexion: null,
  blood_group: null,
  disability: null,
  photo: null,
  number: '98250 12345',
  dp: null,
  banReason: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
} as const;
