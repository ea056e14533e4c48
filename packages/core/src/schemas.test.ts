import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { POST_DESCRIPTION_MAX } from './constants.ts';
import {
  addPostSchema,
  commentSchema,
  emailSchema,
  loginSchema,
  MSG_CURRENT_PASSWORD_REQUIRED,
  MSG_INVALID_EMAIL,
  MSG_INVALID_PEER_ID,
  MSG_INVALID_PHONE,
  MSG_INVALID_VALUE,
  MSG_PASSWORD_MIN,
  MSG_PASSWORDS_MISMATCH,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_USERNAME_CHARS,
  MSG_USERNAME_MAX,
  MSG_USERNAME_MIN,
  manageProfileSchema,
  matrimonyProfileSchema,
  passwordSchema,
  peerIdSchema,
  postDecisionSchema,
  publisherRequestSchema,
  reportSchema,
  signupFormSchema,
  signupPayloadSchema,
  signupStep3Schema,
  surnameRecordSchema,
  surnameSubmissionSchema,
  usernameSchema,
  validationMessageKey,
} from './schemas/index.ts';
import { fitsRequiredText, keptLength } from './text.ts';

/** The message a form would show first for `path`, or undefined when valid there. */
function firstError(schema: z.ZodType, value: unknown, path: string[] = []): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === path.join('.'))?.message;
}

describe('usernameSchema', () => {
  it.each([
    ['abcde', MSG_USERNAME_MIN],
    ['abcdef', undefined],
    ['a'.repeat(32), undefined],
    ['a'.repeat(33), MSG_USERNAME_MAX],
    ['user_name-01', undefined],
    ['UserName', MSG_USERNAME_CHARS],
    ['user name', MSG_USERNAME_CHARS],
    ['user.name', MSG_USERNAME_CHARS],
    ['યુઝરનેમ૧૨', MSG_USERNAME_CHARS],
    ['', MSG_REQUIRED],
    [undefined, MSG_REQUIRED],
    [123456, MSG_INVALID_VALUE],
  ])('%j → %s', (value, message) => {
    expect(firstError(usernameSchema, value)).toBe(message);
  });
});

describe('emailSchema', () => {
  const local = (n: number) => 'a'.repeat(n);
  // A domain of exactly n characters: 49-letter labels, ending in '.com'.
  const domain = (n: number) => `${`${'b'.repeat(49)}.`.repeat(5).slice(0, n - 4)}.com`;

  it('builds test addresses of the intended lengths', () => {
    expect(`${local(64)}@${domain(189)}`).toHaveLength(254);
  });

  it.each([
    ['ramesh@example.com', undefined],
    ['  ramesh@example.com ', undefined],
    [`${local(64)}@${domain(189)}`, undefined],
    [`${local(64)}@${domain(190)}`, MSG_INVALID_EMAIL],
    [`${local(64)}@example.com`, undefined],
    [`${local(65)}@example.com`, MSG_INVALID_EMAIL],
    ['ramesh', MSG_INVALID_EMAIL],
    ['ramesh@', MSG_INVALID_EMAIL],
    ['ramesh@example', MSG_INVALID_EMAIL],
    ['ra mesh@example.com', MSG_INVALID_EMAIL],
    ['.ramesh@example.com', MSG_INVALID_EMAIL],
    ['', MSG_REQUIRED],
    [undefined, MSG_REQUIRED],
  ])('%j → %s', (value, message) => {
    expect(firstError(emailSchema, value)).toBe(message);
  });

  it('trims the address it returns', () => {
    expect(emailSchema.parse(' a.b@example.com ')).toBe('a.b@example.com');
  });
});

describe('passwords', () => {
  it.each([
    ['', MSG_REQUIRED],
    ['1234567', MSG_PASSWORD_MIN],
    ['12345678', undefined],
  ])('%j → %s', (value, message) => {
    expect(firstError(passwordSchema, value)).toBe(message);
  });

  it.each([
    [{ password: 'secret123', confirmPassword: 'secret123' }, undefined],
    [{ password: 'secret123', confirmPassword: 'secret124' }, MSG_PASSWORDS_MISMATCH],
    [{ password: 'secret123', confirmPassword: '' }, MSG_REQUIRED],
  ])('step 3 %j → %s on confirmPassword', (value, message) => {
    expect(firstError(signupStep3Schema, value, ['confirmPassword'])).toBe(message);
  });

  it('the whole signup form reports the mismatch on confirmPassword', () => {
    const form = {
      surname: 'Patel',
      name: 'Ramesh',
      username: 'ramesh',
      email: 'r@example.com',
      password: 'secret123',
      confirmPassword: 'secret321',
    };
    expect(firstError(signupFormSchema, form, ['confirmPassword'])).toBe(MSG_PASSWORDS_MISMATCH);
    expect(signupFormSchema.safeParse({ ...form, confirmPassword: 'secret123' }).success).toBe(true);
  });
});

describe('loginSchema and signupPayloadSchema', () => {
  it('requires email and password', () => {
    expect(firstError(loginSchema, {}, ['email'])).toBe(MSG_REQUIRED);
    expect(firstError(loginSchema, {}, ['password'])).toBe(MSG_REQUIRED);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
  });

  it('reports an absent field as invalid_type with the required message (server: missing parameter)', () => {
    const result = signupPayloadSchema.safeParse({ username: 'ramesh' });
    expect(result.success).toBe(false);
    const missing = result.error?.issues.filter(
      (i) => i.code === 'invalid_type' && i.message === MSG_REQUIRED,
    );
    expect(missing?.map((i) => i.path.join('.')).sort()).toEqual(['email', 'name', 'password', 'surname']);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['+91 98765 43210', undefined],
    ['123456', MSG_INVALID_PHONE],
    ['98765-43210', MSG_INVALID_PHONE],
  ])('phone %j → %s', (phone, message) => {
    const payload = {
      surname: 'Patel',
      phone,
      username: 'ramesh',
      name: 'Ramesh',
      email: 'r@example.com',
      password: 'secret123',
    };
    expect(firstError(signupPayloadSchema, payload, ['phone'])).toBe(message);
  });
});

describe('posts, comments, reports', () => {
  it.each([
    [{ description: 'x'.repeat(1000) }, undefined],
    [{ description: 'x'.repeat(1001) }, MSG_TOO_LONG],
    [{ description: '   ' }, MSG_REQUIRED],
    [{}, MSG_REQUIRED],
  ])('post %#', (value, message) => {
    expect(firstError(addPostSchema, value, ['description'])).toBe(message);
  });

  it('trims comments and refuses blank ones', () => {
    expect(commentSchema.parse({ comment: '  nice  ' })).toEqual({ comment: 'nice' });
    expect(firstError(commentSchema, { comment: ' \n ' }, ['comment'])).toBe(MSG_REQUIRED);
    expect(firstError(commentSchema, { comment: 'x'.repeat(1001) }, ['comment'])).toBe(MSG_TOO_LONG);
  });

  it('drops control characters a browser would draw as boxes, keeping lines, tabs and Gujarati joiners', () => {
    const pasted = '\u0001સમાજ\u007f \u0085news\u001b\n\tક્\u200dષ\r\n';
    expect(addPostSchema.parse({ description: pasted })).toEqual({ description: 'સમાજ news\n\tક્\u200dષ' });
    expect(commentSchema.parse({ comment: ' \u0002ok\u0003 ' })).toEqual({ comment: 'ok' });
    // Only controls and spaces: nothing left to post.
    expect(firstError(addPostSchema, { description: '\u0001 \u0002' }, ['description'])).toBe(MSG_REQUIRED);
    // The limit counts what is kept.
    expect(firstError(addPostSchema, { description: `${'x'.repeat(1000)}\u0001` }, ['description'])).toBe(
      undefined,
    );
  });

  it('keptLength counts as the schema limits count: an emoji once', () => {
    expect(keptLength(' 😀🙏 ok\u0001 ')).toBe(5);
    expect(addPostSchema.safeParse({ description: '😀'.repeat(POST_DESCRIPTION_MAX) }).success).toBe(true);
  });

  it("a form's own check (fitsRequiredText) takes exactly what the schema takes", () => {
    const samples = [
      '',
      ' \n\t ',
      '\u0001\u0085',
      'x',
      ' x ',
      '\u0001x\u0002',
      'સમાજ\u200d',
      'x'.repeat(POST_DESCRIPTION_MAX),
      'x'.repeat(POST_DESCRIPTION_MAX + 1),
      `${'x'.repeat(POST_DESCRIPTION_MAX)}\u0001`,
      `  ${'x'.repeat(POST_DESCRIPTION_MAX)}\n`,
      // An emoji is one to the server (code points): the form must not count it twice.
      '😀'.repeat(POST_DESCRIPTION_MAX),
      '😀'.repeat(POST_DESCRIPTION_MAX + 1),
      'માં'.repeat(POST_DESCRIPTION_MAX / 2),
    ];
    for (const text of samples) {
      expect(fitsRequiredText(text, POST_DESCRIPTION_MAX), JSON.stringify(text).slice(0, 40)).toBe(
        addPostSchema.safeParse({ description: text }).success,
      );
    }
  });

  it('requires a report reason of at most 500', () => {
    expect(firstError(reportSchema, { reason: '' }, ['reason'])).toBe(MSG_REQUIRED);
    expect(firstError(reportSchema, { reason: 'x'.repeat(501) }, ['reason'])).toBe(MSG_TOO_LONG);
  });

  it.each([
    [{ status: 'approved' }, true],
    [{ status: 'unlisted', reason: 'personal' }, true],
    [{ status: 'requested' }, false],
    [{ status: 'rejected', reason: 'x'.repeat(501) }, false],
  ])('decision %j → %s', (value, ok) => {
    expect(postDecisionSchema.safeParse(value).success).toBe(ok);
  });
});

describe('manageProfileSchema', () => {
  const base = { name: 'Ramesh', email: 'r@example.com' };
  it.each([
    [{ ...base }, undefined, undefined],
    [{ ...base, dob: '', gender: '', marital_status: '' }, undefined, undefined],
    [{ ...base, dob: '1990-02-28', gender: 'Male', marital_status: 'Single' }, undefined, undefined],
    [{ ...base, dob: '1990-02-30' }, 'dob', 'Invalid date'],
    [{ ...base, dob: '28/02/1990' }, 'dob', 'Invalid date'],
    [{ ...base, gender: 'Other' }, 'gender', 'Invalid choice'],
    [{ ...base, marital_status: 'Divorced' }, 'marital_status', 'Invalid choice'],
    [{ ...base, newPassword: 'short' }, 'newPassword', MSG_PASSWORD_MIN],
    [{ ...base, newPassword: 'newsecret1' }, 'currentPassword', MSG_CURRENT_PASSWORD_REQUIRED],
    [{ ...base, newPassword: 'newsecret1', currentPassword: 'oldsecret1' }, undefined, undefined],
    [{ ...base, newPassword: '', currentPassword: '' }, undefined, undefined],
    [{ ...base, name: ' ' }, 'name', MSG_REQUIRED],
    [{ ...base, email: 'nope' }, 'email', MSG_INVALID_EMAIL],
  ])('%j → %s %s', (value, path, message) => {
    const result = manageProfileSchema.safeParse(value);
    if (!path) {
      expect(result.error?.issues).toBeUndefined();
    } else {
      expect(firstError(manageProfileSchema, value, [path])).toBe(message);
    }
  });
});

describe('matrimonyProfileSchema', () => {
  const valid = {
    dob: '1996-04-12',
    gender: 'Female',
    description: 'About me',
    number: '9876543210',
    address: 'Rajkot',
    education: 'B.Com',
    career: 'Accountant',
    expectation: 'Kind and honest',
  };

  it('accepts the required fields alone and with every optional one', () => {
    expect(matrimonyProfileSchema.safeParse(valid).success).toBe(true);
    const full = {
      ...valid,
      dp: '6669d3b000000abcdef1',
      height: 160,
      weight: 55,
      eye_color: 'Brown',
      hair_color: 'Black',
      complexion: 'Fair',
      blood_group: 'AB+',
      disability: '',
    };
    expect(matrimonyProfileSchema.safeParse(full).success).toBe(true);
    expect(
      matrimonyProfileSchema.safeParse({ ...valid, height: '', weight: null, blood_group: '' }).success,
    ).toBe(true);
  });

  it.each(['dob', 'gender', 'description', 'number', 'address', 'education', 'career', 'expectation'])(
    'requires %s',
    (field) => {
      const value: Record<string, unknown> = { ...valid };
      delete value[field];
      expect(firstError(matrimonyProfileSchema, value, [field])).toBeDefined();
    },
  );

  it.each([
    ['description', 'x'.repeat(150), undefined],
    ['description', 'x'.repeat(151), MSG_TOO_LONG],
    ['expectation', 'x'.repeat(500), undefined],
    ['expectation', 'x'.repeat(501), MSG_TOO_LONG],
    ['blood_group', 'C', 'Invalid choice'],
    ['height', 'tall', 'Enter a valid number'],
    ['height', -5, 'Enter a valid number'],
    ['gender', 'male', 'Invalid choice'],
  ])('%s = %j → %s', (field, fieldValue, message) => {
    expect(firstError(matrimonyProfileSchema, { ...valid, [field]: fieldValue }, [field])).toBe(message);
  });
});

describe('publisherRequestSchema', () => {
  const valid = { occupation: 'Teacher', whatsapp: '+91 98765 43210', reason: 'I write news' };
  it.each([
    ['whatsapp', '+919876543210', undefined],
    ['whatsapp', '1234567', undefined],
    ['whatsapp', '123456', MSG_INVALID_PHONE],
    ['whatsapp', '1234567890123456', MSG_INVALID_PHONE],
    ['whatsapp', '98765abc10', MSG_INVALID_PHONE],
    ['whatsapp', '91+98765', MSG_INVALID_PHONE],
    ['whatsapp', '', MSG_REQUIRED],
    ['reason', 'x'.repeat(300), undefined],
    ['reason', 'x'.repeat(301), MSG_TOO_LONG],
    ['occupation', '', MSG_REQUIRED],
  ])('%s = %j → %s', (field, fieldValue, message) => {
    expect(firstError(publisherRequestSchema, { ...valid, [field]: fieldValue }, [field])).toBe(message);
  });
});

describe('surnames', () => {
  it('needs only the surname to submit details', () => {
    expect(surnameSubmissionSchema.safeParse({ surname: 'Patel' }).success).toBe(true);
    expect(firstError(surnameSubmissionSchema, { surname: '' }, ['surname'])).toBe(MSG_REQUIRED);
    expect(firstError(surnameSubmissionSchema, { surname: 'Patel', gam: 'x'.repeat(101) }, ['gam'])).toBe(
      MSG_TOO_LONG,
    );
  });

  it.each([
    [{ name: 'Patel', name_guj: 'પટેલ' }, true],
    [{ name: 'Van Der', name_guj: 'વાન', gotra: 'Kashyap', description: '<p>History</p>' }, true],
    [{ name: 'પટેલ', name_guj: 'પટેલ' }, false],
    [{ name: 'Patel/..', name_guj: 'પટેલ' }, false],
    [{ name: 'Patel' }, false],
    [{ name_guj: 'પટેલ' }, false],
  ])('record %j → %s', (value, ok) => {
    expect(surnameRecordSchema.safeParse(value).success).toBe(ok);
  });
});

describe('peerIdSchema', () => {
  it.each([
    ['abc123', true],
    ['event 1', true],
    ['a_b-c d', true],
    ['6669d3b000000abcdef1', true],
    ['a__b', false],
    ['-ab', false],
    ['ab ', false],
    ['', false],
    ['a.b', false],
  ])('%j → %s', (value, ok) => {
    const result = peerIdSchema.safeParse(value);
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0].message).toBe(MSG_INVALID_PEER_ID);
  });
});

describe('messages', () => {
  it('maps message text back to a translation key', () => {
    expect(validationMessageKey('Invalid Email')).toBe('invalidEmail');
    expect(validationMessageKey('passwords do not match')).toBe('passwordsMismatch');
    expect(validationMessageKey('nope')).toBeUndefined();
  });
});
