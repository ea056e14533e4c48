import { describe, expect, it } from 'vitest';
import { emptyValues, invalidFields, isStepValid, stepOfField } from './steps';

// The family details (docs/product/matrimony.md, "Family details") live on steps 2 and 3 of the listing form:
// a mistake in one holds that step only, and a server error naming `family.<field>` takes the member to its
// step.
describe('listing form steps: family details', () => {
  const valid = {
    ...emptyValues({ dob: '1995-03-10', gender: 'Male', phone: '98250 12345' }),
    description: 'Calm',
    address: '12 Station Road',
    education: 'B.E.',
    career: 'Engineer',
    expectation: 'Kind',
  };

  it('a blank family is valid: every detail is optional', () => {
    expect([...invalidFields(valid)]).toEqual([]);
  });

  it('a too long mosal holds step 2, a bad birth time step 3, each named with its object', () => {
    const bad = invalidFields({ ...valid, family: { ...valid.family, mosal: 'x'.repeat(101) } });
    expect([...bad]).toEqual(['family.mosal']);
    expect(isStepValid(2, bad)).toBe(false);
    expect(isStepValid(3, bad)).toBe(true);
    const late = invalidFields({ ...valid, family: { ...valid.family, birthTime: '25:00' } });
    expect([...late]).toEqual(['family.birthTime']);
    expect(isStepValid(2, late)).toBe(true);
    expect(isStepValid(3, late)).toBe(false);
  });

  it("the server's field names lead to their steps", () => {
    expect(stepOfField('family.income')).toBe(2);
    expect(stepOfField('family.diet')).toBe(3);
    expect(stepOfField('career')).toBe(2);
    expect(stepOfField('family.gam')).toBeNull();
  });
});
