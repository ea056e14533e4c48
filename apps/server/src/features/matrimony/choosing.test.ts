// Choosing a partner (docs/product/matrimony.md), server side: filters and partner preferences on
// suggestions, family details, the full profile from every viewer state, and the "Shortlisted me" / "Sent
// requests" lists. Each member's private strings (phone, address, family names) are unique, so every JSON
// body can be searched.
import { ageFromDob, type Gender, MSG_RANGE_REVERSED } from '@samaj/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, expectVisitorRefused } from '../../../test/api.ts';
import * as images from '../../../test/fixtures/images.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { bornYearsAgo } from '../../../test/listing.ts';
import { createAdmin, createMember, type TestMember } from '../../../test/members.ts';
import { runMemberCommand } from '../../cli/members.ts';
import { file, surname, user } from '../../db/schema/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const tag = () => Math.random().toString(36).slice(2, 10);

/** The listing form with unique private strings (phone, address, family names). */
function formFor(gender: Gender, overrides: Record<string, unknown> = {}) {
  const t = tag();
  return {
    dob: bornYearsAgo(gender === 'Male' ? 28 : 25),
    gender,
    description: 'Simple family, likes music',
    number: `+91 9${Math.random().toString().slice(2, 11)}`,
    address: `Secret House ${t}, Rajkot`,
    education: 'B.Com',
    career: 'Accountant',
    expectation: 'Kind and honest',
    height: 165,
    family: {
      fatherName: `Father${t}`,
      fatherOccupation: 'Farmer',
      motherName: `Mother${t}`,
      brothersMarried: 1,
      brothersUnmarried: 0,
      sistersMarried: 0,
      sistersUnmarried: 2,
      mosal: `Mosal${t}`,
      birthTime: '06:45',
      birthPlace: `Birthplace${t}`,
      city: `City${t}`,
      rashi: 'kanya',
      manglik: 'no',
      diet: 'jain',
      income: '5_to_10_lakh',
    },
    ...overrides,
  };
}

interface Lister extends TestMember {
  form: ReturnType<typeof formFor>;
}

/** Every private string of a listing: what no one but the owner, staff and an accepted requester reads. */
const privateOf = (l: Lister) => [
  l.form.number,
  l.form.address,
  l.form.family.fatherName,
  l.form.family.motherName,
  l.form.family.mosal,
  l.form.family.birthPlace,
  l.form.family.city,
];

describeEachDatabase('matrimony: choosing', (ctx) => {
  let admin: TestMember;
  const api = (method: Method, url: string, who: TestMember | null, payload?: unknown) =>
    call(ctx.app, method, url, who, payload);

  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  }, 60_000);

  async function member(options: { marital?: 'Single' | 'Married'; surname?: string } = {}) {
    const m = await createMember(ctx.app, options.surname ? { surname: options.surname } : {});
    await ctx.app.db
      .update(user)
      .set({ maritalStatus: options.marital ?? 'Single' })
      .where(eq(user.id, m.user.id));
    return m;
  }

  /** A member whose listing staff verified (status active). */
  async function lister(
    gender: Gender,
    options: { surname?: string; form?: Record<string, unknown>; approve?: boolean } = {},
  ): Promise<Lister> {
    const m = await member({ surname: options.surname });
    const form = formFor(gender, options.form);
    const res = await api('POST', '/api/matrimony/profile', m, form);
    expect(res.statusCode, res.body).toBe(201);
    if (options.approve !== false) {
      const ok = await api('POST', `/api/admin/matrimony/profiles/${m.user.id}/approve`, admin);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    return { ...m, form } as Lister;
  }

  async function uploadPhoto(who: TestMember): Promise<string> {
    const { payload, headers } = images.multipart([
      { filename: 'me.png', contentType: 'image/png', data: await images.png(64, 64) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/matrimony/photo',
      payload,
      headers: { ...headers, cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().dp;
  }

  /** Every suggestion page for `query`, followed to the end; each page at most 3 (docs/product/matrimony.md, "Dashboard"). */
  async function allSuggestions(who: TestMember, query = ''): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const params = [query, cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
      const res = await api('GET', `/api/matrimony/suggestions${params ? `?${params}` : ''}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.documents.length).toBeLessThanOrEqual(3);
      ids.push(...page.documents.map((d: { id: string }) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  function expectNothingPrivateOf(body: string, ...others: Lister[]) {
    for (const other of others) for (const secret of privateOf(other)) expect(body).not.toContain(secret);
  }

  const shortlistOf = (who: TestMember, target: TestMember) =>
    api('POST', '/api/matrimony/shortlists', who, { profile: target.user.id });

  async function matchPair(man?: Lister, woman?: Lister) {
    const m = man ?? (await lister('Male'));
    const w = woman ?? (await lister('Female'));
    expect((await shortlistOf(m, w)).statusCode).toBe(200);
    expect((await shortlistOf(w, m)).json().matched).toBe(true);
    return { man: m, woman: w };
  }

  it('a visitor learns 401 before anything about filters, preferences or the new lists', async () => {
    await expectVisitorRefused(ctx.app, [
      ['GET', '/api/matrimony/suggestions?ageMin=40&ageMax=30'],
      ['GET', '/api/matrimony/suggestions?withPhoto=maybe'],
      ['GET', '/api/matrimony/preferences'],
      ['PUT', '/api/matrimony/preferences', { ageMin: 'x' }],
      ['DELETE', '/api/matrimony/preferences'],
      ['GET', '/api/matrimony/shortlisted-me'],
      ['GET', '/api/matrimony/requests/sent'],
    ]);
  });

  describe('filters and partner preferences', () => {
    it('a filter that cannot match, or is not a number, is a 400 naming the field', async () => {
      const man = await lister('Male');
      expectError(
        await api('GET', '/api/matrimony/suggestions?ageMin=40&ageMax=30', man),
        400,
        'general_argument_invalid',
        { message: MSG_RANGE_REVERSED, field: 'ageMin' },
      );
      expectError(
        await api('GET', '/api/matrimony/suggestions?heightMin=180&heightMax=150', man),
        400,
        'general_argument_invalid',
        { message: MSG_RANGE_REVERSED, field: 'heightMin' },
      );
      for (const [query, field] of [
        ['ageMin=abc', 'ageMin'],
        ['ageMax=17', 'ageMax'],
        ['heightMin=-5', 'heightMin'],
        ['withPhoto=maybe', 'withPhoto'],
        [`education=${'x'.repeat(101)}`, 'education'],
      ] as const) {
        const res = await api('GET', `/api/matrimony/suggestions?${query}`, man);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toMatchObject({ type: 'general_argument_invalid', field });
      }
      expectError(
        await api('PUT', '/api/matrimony/preferences', man, { ageMin: 35, ageMax: 25 }),
        400,
        'general_argument_invalid',
        { message: MSG_RANGE_REVERSED, field: 'ageMin' },
      );
      expect((await api('GET', '/api/matrimony/preferences', man)).json()).toBeNull();
      // Empty values are no filter at all (a form's blank fields).
      expect((await api('GET', '/api/matrimony/suggestions?ageMin=&place=', man)).statusCode).toBe(200);
    });

    it('age, height, place (gam or city), education or career and "with photo" each narrow, on every page', async () => {
      const t = tag();
      const gam = `Gam${t}`;
      const gamSurname = `Sgam${t}`;
      const plain = `Splain${t}`;
      await ctx.app.db.insert(surname).values([
        { id: gamSurname, name: gamSurname, name_guj: 'ગ', gam },
        { id: plain, name: plain, name_guj: 'પ', gam: 'Elsewhere' },
      ]);
      const viewer = await lister('Male');
      const education = `Edu${t}`;
      const make = (form: Record<string, unknown>, surnameId = plain) =>
        lister('Female', { surname: surnameId, form: { education, ...form } });
      const young = await make({ dob: bornYearsAgo(22), height: 150 });
      const mid = await make({ dob: bornYearsAgo(27), height: 160 }, gamSurname);
      const older = await make({ dob: bornYearsAgo(31), height: 170, career: `Career${t}` });
      const oldest = await make({ dob: bornYearsAgo(36), height: null });
      const withPhoto = await make({ dob: bornYearsAgo(29), height: 175 });
      const photo = await uploadPhoto(withPhoto);
      const put = await api('PUT', '/api/matrimony/profile', withPhoto, { ...withPhoto.form, dp: photo });
      expect(put.statusCode, put.body).toBe(200);
      const ids = (...ls: Lister[]) => ls.map((l) => l.user.id).sort();
      const found = async (query: string) => (await allSuggestions(viewer, query)).sort();

      // Five match the education text: two pages of 3 and 2, newest first, none twice.
      const all = await allSuggestions(viewer, `education=${education.toLowerCase()}`);
      expect(all).toEqual([withPhoto, oldest, older, mid, young].map((l) => l.user.id));
      expect(await found(`education=${education}&ageMin=25&ageMax=31`)).toEqual(ids(mid, older, withPhoto));
      expect(await found(`education=${education}&ageMax=24`)).toEqual(ids(young));
      // The ages the cards show are what the filter chose by (core's formula, to the day).
      const cards = (
        await api('GET', `/api/matrimony/suggestions?education=${education}&ageMin=31`, viewer)
      ).json();
      for (const card of cards.documents) expect(card.age).toBeGreaterThanOrEqual(31);
      expect(ageFromDob(bornYearsAgo(31, 0))).toBe(31);
      expect(await found(`education=${education}&withPhoto=true`)).toEqual(ids(withPhoto));
      expect(await found(`education=${education}&withPhoto=false`)).toHaveLength(5);
      // Height, gam and city are details their owners have not shown this viewer: a filter on them
      // finds no one, so who is left never tells the viewer a height, a gam or a city.
      const onDetails = [
        `education=${education}&heightMin=155&heightMax=170`,
        `education=${education}&heightMin=100`,
        `education=${education}&heightMax=300`,
        `education=${education}&place=${gam.toUpperCase()}`,
        `place=${young.form.family.city}`,
      ];
      for (const query of onDetails) expect(await found(query), query).toEqual([]);
      // Once an owner accepts the viewer's request (and only while it stands), their details count.
      for (const shown of [young, mid, older, oldest]) {
        await matchPair(viewer, shown);
        expect(
          (await api('POST', '/api/matrimony/requests', viewer, { profile: shown.user.id })).statusCode,
        ).toBe(201);
        await api('POST', `/api/matrimony/requests/${viewer.user.id}/accept`, shown);
      }
      expect(await found(`education=${education}&heightMin=155&heightMax=170`)).toEqual(ids(mid, older));
      // A height filter leaves out a listing without a height.
      expect(await found(`education=${education}&heightMin=100`)).toEqual(ids(young, mid, older));
      expect(await found(`education=${education}&place=${gam.toUpperCase()}`)).toEqual(ids(mid));
      expect(await found(`place=${young.form.family.city}`)).toEqual(ids(young));
      await api('POST', `/api/matrimony/requests/${viewer.user.id}/revoke`, mid);
      expect(await found(`education=${education}&heightMin=155&heightMax=170`)).toEqual(ids(older));
      expect(await found(`education=${education}&place=${gam.toUpperCase()}`)).toEqual([]);
      expect(await found(`education=career${t}`)).toEqual(ids(older));
      // A LIKE wildcard typed by the member is a character, not "anything".
      expect(await found(`education=${encodeURIComponent(`%${t}`)}`)).toEqual([]);
    });

    it('saved preferences shape the default suggestions; any filter given replaces them; clearing restores today', async () => {
      const t = tag();
      const viewer = await lister('Male');
      const before = await allSuggestions(viewer);
      const near = await lister('Female', { form: { education: `Pref${t}`, dob: bornYearsAgo(26) } });
      const far = await lister('Female', { form: { education: `Pref${t}`, dob: bornYearsAgo(40) } });
      const baseline = await allSuggestions(viewer);
      expect(baseline).toEqual([far.user.id, near.user.id, ...before]);

      const saved = await api('PUT', '/api/matrimony/preferences', viewer, {
        ageMin: 21,
        ageMax: 30,
        education: `pref${t}`,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        ageMin: 21,
        ageMax: 30,
        heightMin: null,
        heightMax: null,
        place: null,
        education: `pref${t}`,
        withPhoto: false,
      });
      expect((await api('GET', '/api/matrimony/preferences', viewer)).json()).toEqual(saved.json());
      expect(await allSuggestions(viewer)).toEqual([near.user.id]);
      // A filter in the request is the whole search: the saved age range does not apply to it.
      expect((await allSuggestions(viewer, `education=pref${t}`)).sort()).toEqual(
        [near.user.id, far.user.id].sort(),
      );
      // Another member's preferences are theirs alone.
      const other = await lister('Male');
      expect(await allSuggestions(other)).toEqual(expect.arrayContaining([near.user.id, far.user.id]));

      expect((await api('DELETE', '/api/matrimony/preferences', viewer)).statusCode).toBe(204);
      expect((await api('GET', '/api/matrimony/preferences', viewer)).json()).toBeNull();
      expect(await allSuggestions(viewer)).toEqual(baseline);
    });

    it('own gotra stays excluded with any filter; saving needs a listing and an eligible member', async () => {
      const t = tag();
      const mine = `Sgot${t}`;
      await ctx.app.db.insert(surname).values({ id: mine, name: mine, name_guj: 'ગ', gotra: `Gotra${t}` });
      const viewer = await lister('Male', { surname: mine });
      const sameGotra = await lister('Female', { surname: mine, form: { education: `Got${t}` } });
      const otherGotra = await lister('Female', { form: { education: `Got${t}` } });
      expect(await allSuggestions(viewer, `education=Got${t}`)).toEqual([otherGotra.user.id]);
      await api('PUT', '/api/matrimony/settings', viewer, { gotraFilter: false });
      expect((await allSuggestions(viewer, `education=Got${t}`)).sort()).toEqual(
        [sameGotra.user.id, otherGotra.user.id].sort(),
      );

      const unlisted = await member();
      expectError(
        await api('PUT', '/api/matrimony/preferences', unlisted, { ageMin: 25 }),
        404,
        'document_not_found',
      );
      expect((await api('GET', '/api/matrimony/suggestions?ageMin=25', unlisted)).json()).toEqual({
        documents: [],
        nextCursor: null,
      });
      const married = await member({ marital: 'Married' });
      expect((await api('PUT', '/api/matrimony/preferences', married, { ageMin: 25 })).statusCode).toBe(403);
    });
  });

  describe('family details', () => {
    it('the owner and staff read them; an edit without them keeps them; bad choices are 400s naming the field', async () => {
      const t = tag();
      const famSurname = `Sfam${t}`;
      await ctx.app.db
        .insert(surname)
        .values({ id: famSurname, name: famSurname, name_guj: 'ફ', gam: `Village${t}`, gotra: `Kul${t}` });
      const woman = await lister('Female', { surname: famSurname });
      const mine = (await api('GET', '/api/matrimony/profile', woman)).json();
      expect(mine.family).toEqual({ ...woman.form.family, gam: `Village${t}`, gotra: `Kul${t}` });
      const staff = await api('GET', '/api/admin/matrimony/profiles?status=active', admin);
      expect(staff.statusCode).toBe(200);

      const { family: _, ...withoutFamily } = woman.form;
      const edited = await api('PUT', '/api/matrimony/profile', woman, {
        ...withoutFamily,
        career: 'Teacher',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().family.fatherName).toBe(woman.form.family.fatherName);
      const cleared = await api('PUT', '/api/matrimony/profile', woman, {
        ...woman.form,
        family: { fatherName: '', diet: '', brothersMarried: null },
      });
      expect(cleared.json().family).toMatchObject({
        fatherName: null,
        diet: null,
        motherName: null,
        rashi: null,
      });

      for (const [family, field] of [
        [{ diet: 'vegan' }, 'family.diet'],
        [{ rashi: 'leo' }, 'family.rashi'],
        [{ income: '1_crore' }, 'family.income'],
        [{ manglik: 'maybe' }, 'family.manglik'],
        [{ birthTime: '25:10' }, 'family.birthTime'],
        [{ sistersMarried: 21 }, 'family.sistersMarried'],
        [{ brothersUnmarried: 1.5 }, 'family.brothersUnmarried'],
        [{ fatherName: 'x'.repeat(101) }, 'family.fatherName'],
      ] as const) {
        const res = await api('PUT', '/api/matrimony/profile', woman, { ...woman.form, family });
        expect(res.statusCode, field).toBe(400);
        expect(res.json(), field).toMatchObject({ type: 'general_argument_invalid', field });
      }
    });

    it('another member reads them only while the owner accepts their request, as phone and address', async () => {
      const t = tag();
      const famSurname = `Sacc${t}`;
      await ctx.app.db
        .insert(surname)
        .values({ id: famSurname, name: famSurname, name_guj: 'અ', gam: `Vil${t}`, gotra: `Got${t}` });
      const { man, woman } = await matchPair(undefined, await lister('Female', { surname: famSurname }));
      const profileOf = () => api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
      const expectClosed = async (request: string) => {
        const res = await profileOf();
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ request, details: null, family: null, contact: null });
        expectNothingPrivateOf(res.body, woman);
        expect(res.body).not.toContain(`Vil${t}`);
        expect(res.body).not.toContain(`Got${t}`);
      };
      await expectClosed('none');
      expect((await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id })).statusCode).toBe(
        201,
      );
      await expectClosed('pending');
      await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      const open = (await profileOf()).json();
      expect(open.family).toEqual({ ...woman.form.family, gam: `Vil${t}`, gotra: `Got${t}` });
      expect(open.contact).toEqual({ number: woman.form.number, address: woman.form.address });
      await api('POST', `/api/matrimony/requests/${man.user.id}/revoke`, woman);
      await expectClosed('revoked');

      // Declined: the same as never accepted.
      const other = await lister('Male');
      await matchPair(other, woman);
      await api('POST', '/api/matrimony/requests', other, { profile: woman.user.id });
      await api('POST', `/api/matrimony/requests/${other.user.id}/decline`, woman);
      const declined = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, other);
      expect(declined.json()).toMatchObject({ request: 'declined', family: null, contact: null });
      expectNothingPrivateOf(declined.body, woman);
    });

    it('no list, and no viewer who may not see the listing, reads them', async () => {
      const woman = await lister('Female');
      const man = await lister('Male');
      // Accepted, then everything a viewer reads about her from each state.
      await matchPair(man, woman);
      await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      await shortlistOf(woman, man);
      const lists = [
        '/api/matrimony/suggestions',
        '/api/matrimony/matches',
        '/api/matrimony/shortlists',
        '/api/matrimony/shortlisted-me',
        '/api/matrimony/requests',
        '/api/matrimony/requests/sent',
      ];
      // Lists never carry family details, even for the accepted requester.
      for (const url of lists) {
        const res = await api('GET', url, man);
        expect(res.statusCode, url).toBe(200);
        for (const secret of privateOf(woman).slice(2)) expect(res.body, url).not.toContain(secret);
      }
      const sameGender = await lister('Female');
      const unlisted = await member();
      const pending = await lister('Male', { approve: false });
      const nonMatch = await lister('Male');
      const viewers = { sameGender, unlisted, pending, nonMatch };
      for (const [state, who] of Object.entries(viewers)) {
        for (const url of [...lists, `/api/matrimony/profiles/${woman.user.id}`]) {
          const res = await api('GET', url, who);
          expectNothingPrivateOf(res.body, woman);
          if (url.includes('/profiles/') && state !== 'nonMatch') {
            expectError(res, 404, 'document_not_found');
          }
        }
      }
      const nonMatchView = (await api('GET', `/api/matrimony/profiles/${woman.user.id}`, nonMatch)).json();
      expect(nonMatchView).toMatchObject({ matched: false, request: 'none', family: null, contact: null });
    });

    it('blocked, married and operator-blocked listings answer 404 to the accepted requester, and come back', async () => {
      const { man, woman } = await matchPair();
      await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      const read = () => api('GET', `/api/matrimony/profiles/${woman.user.id}`, man);
      expect((await read()).json().family.fatherName).toBe(woman.form.family.fatherName);

      await ctx.app.db.update(user).set({ maritalStatus: 'Married' }).where(eq(user.id, woman.user.id));
      const married = await read();
      expectError(married, 404, 'document_not_found');
      expectNothingPrivateOf(married.body, woman);
      await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, woman.user.id));
      expect((await read()).statusCode).toBe(200);

      // The viewer married: he sees no one (his own listing is not eligible).
      await ctx.app.db.update(user).set({ maritalStatus: 'Married' }).where(eq(user.id, man.user.id));
      expectError(await read(), 404, 'document_not_found');
      await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, man.user.id));

      expect((await api('POST', '/api/matrimony/blocks', woman, { profile: man.user.id })).statusCode).toBe(
        204,
      );
      const blocked = await read();
      expectError(blocked, 404, 'document_not_found');
      expectNothingPrivateOf(blocked.body, woman);
      // Unknown ids answer the same.
      expectError(await api('GET', '/api/matrimony/profiles/nobody_here', man), 404, 'document_not_found');

      // The operator blocks an owner (her session ends with it): a fresh accepted pair.
      const pair = await matchPair();
      await api('POST', '/api/matrimony/requests', pair.man, { profile: pair.woman.user.id });
      await api('POST', `/api/matrimony/requests/${pair.man.user.id}/accept`, pair.woman);
      const readPair = () => api('GET', `/api/matrimony/profiles/${pair.woman.user.id}`, pair.man);
      expect((await readPair()).json().family.motherName).toBe(pair.woman.form.family.motherName);
      await runMemberCommand(ctx.app.db, 'block', [pair.woman.user.id], ctx.app.events);
      const operatorBlocked = await readPair();
      expectError(operatorBlocked, 404, 'document_not_found');
      expectNothingPrivateOf(operatorBlocked.body, pair.woman);
      await runMemberCommand(ctx.app.db, 'unblock', [pair.woman.user.id], ctx.app.events);
      expect((await readPair()).json().family.motherName).toBe(pair.woman.form.family.motherName);
    });
  });

  describe('photos', () => {
    const photoUrls = (id: string) => [
      `/api/matrimony/profiles/${id}/photo?width=300`,
      `/api/matrimony/profiles/${id}/photo?width=300&index=1`,
      `/api/matrimony/profiles/${id}/photo?width=300&index=2`,
    ];
    const statuses = async (who: TestMember, urls: string[]) =>
      Promise.all(urls.map(async (url) => (await api('GET', url, who)).statusCode));

    it("up to four, in the owner's order; each served only to whoever may see them, never by the file route", async () => {
      const woman = await lister('Female');
      const uploads: string[] = [];
      for (let i = 0; i < 4; i += 1) uploads.push(await uploadPhoto(woman));
      const [a, b, c, d] = uploads;
      const saved = await api('PUT', '/api/matrimony/photos', woman, {
        photos: [a, b, c],
        visibility: 'listed',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ dp: a, photos: [a, b, c], photoVisibility: 'listed' });
      // The upload left out is deleted with the save.
      expect(await ctx.app.db.select().from(file).where(eq(file.id, d))).toEqual([]);

      const man = await lister('Male');
      const full = (await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man)).json();
      expect(full).toMatchObject({ photo: photoUrls(woman.user.id)[0], photoLocked: false });
      expect(full.photos).toEqual(photoUrls(woman.user.id));
      for (const url of photoUrls(woman.user.id)) {
        const res = await api('GET', url, man);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['content-type']).toMatch(/^image\//);
      }
      expect(
        (await api('GET', `/api/matrimony/profiles/${woman.user.id}/photo?width=300&index=3`, man))
          .statusCode,
      ).toBe(404);
      expect(
        (await api('GET', `/api/matrimony/profiles/${woman.user.id}/photo?width=300&index=4`, man))
          .statusCode,
      ).toBe(400);
      // The public file route never serves them, to anyone.
      for (const id of [a, b, c]) {
        for (const who of [man, woman, admin]) {
          expect((await api('GET', `/api/files/${id}/preview?width=300`, who)).statusCode).toBe(404);
        }
      }
      // Same gender and unlisted members get nothing; visitors learn 401.
      const other = await lister('Female');
      const unlisted = await member();
      expect(await statuses(other, photoUrls(woman.user.id))).toEqual([404, 404, 404]);
      expect(await statuses(unlisted, photoUrls(woman.user.id))).toEqual([404, 404, 404]);
      await expectVisitorRefused(ctx.app, [
        ['GET', photoUrls(woman.user.id)[1]],
        ['PUT', '/api/matrimony/photos', { photos: 'x' }],
      ]);

      // Reordered: the main photo is the first; the form's edit (main photo only) keeps the others.
      const reordered = await api('PUT', '/api/matrimony/photos', woman, {
        photos: [c, a],
        visibility: 'listed',
      });
      expect(reordered.json()).toMatchObject({ dp: c, photos: [c, a] });
      expect(await ctx.app.db.select().from(file).where(eq(file.id, b))).toEqual([]);
      const edited = await api('PUT', '/api/matrimony/profile', woman, { ...woman.form, dp: c });
      expect(edited.json()).toMatchObject({ dp: c, photos: [c, a] });
      expect(await statuses(man, photoUrls(woman.user.id))).toEqual([200, 200, 404]);
      // Owner and staff see them all.
      expect(await statuses(woman, photoUrls(woman.user.id).slice(0, 2))).toEqual([200, 200]);
      expect(await statuses(admin, photoUrls(woman.user.id).slice(0, 2))).toEqual([200, 200]);
      // No photos at all.
      const none = await api('PUT', '/api/matrimony/photos', woman, { photos: [], visibility: 'listed' });
      expect(none.json()).toMatchObject({ dp: null, photos: [] });
      expect(await statuses(man, photoUrls(woman.user.id))).toEqual([404, 404, 404]);
    });

    it('"accepted only": others see a locked placeholder and the bytes are refused, until the owner accepts', async () => {
      const { man, woman } = await matchPair();
      const photos = [await uploadPhoto(woman), await uploadPhoto(woman)];
      const saved = await api('PUT', '/api/matrimony/photos', woman, { photos, visibility: 'accepted' });
      expect(saved.json()).toMatchObject({ photoVisibility: 'accepted' });
      const urls = photoUrls(woman.user.id).slice(0, 2);
      const stranger = await lister('Male');
      const expectLocked = async (who: TestMember) => {
        const full = await api('GET', `/api/matrimony/profiles/${woman.user.id}`, who);
        expect(full.json()).toMatchObject({ photo: null, photoLocked: true, photos: [] });
        for (const id of photos) expect(full.body).not.toContain(id);
        expect(await statuses(who, urls)).toEqual([404, 404]);
        for (const url of ['/api/matrimony/matches', '/api/matrimony/shortlisted-me']) {
          const res = await api('GET', url, who);
          const card = res.json().documents.find((x: { id: string }) => x.id === woman.user.id);
          if (card) expect(card).toMatchObject({ photo: null, photoLocked: true });
          expect(res.body).not.toContain(`/api/matrimony/profiles/${woman.user.id}/photo`);
        }
      };
      await expectLocked(man);
      await expectLocked(stranger);
      await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      await expectLocked(man);
      await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      const open = (await api('GET', `/api/matrimony/profiles/${woman.user.id}`, man)).json();
      expect(open).toMatchObject({ photoLocked: false, photos: urls });
      expect(await statuses(man, urls)).toEqual([200, 200]);
      const match = (await api('GET', '/api/matrimony/matches', man))
        .json()
        .documents.find((x: { id: string }) => x.id === woman.user.id);
      expect(match).toMatchObject({ photo: urls[0], photoLocked: false });
      await expectLocked(stranger);
      await api('POST', `/api/matrimony/requests/${man.user.id}/revoke`, woman);
      await expectLocked(man);
      // Back to everyone who sees the listing.
      await api('PUT', '/api/matrimony/photos', woman, { photos, visibility: 'listed' });
      expect(await statuses(stranger, urls)).toEqual([200, 200]);
    });

    it("refuses more than four, duplicates, photos not the member's own and unknown choices, naming the field", async () => {
      const woman = await lister('Female');
      const other = await lister('Female');
      const mine: string[] = [];
      for (let i = 0; i < 5; i += 1) mine.push(await uploadPhoto(woman));
      const theirs = await uploadPhoto(other);
      for (const [body, field] of [
        [{ photos: mine, visibility: 'listed' }, 'photos'],
        [{ photos: [mine[0], mine[0]], visibility: 'listed' }, 'photos'],
        [{ photos: [theirs], visibility: 'listed' }, 'photos'],
        [{ photos: ['no-such-file'], visibility: 'listed' }, 'photos'],
        [{ photos: [mine[0]], visibility: 'friends' }, 'visibility'],
      ] as const) {
        const res = await api('PUT', '/api/matrimony/photos', woman, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ type: 'general_argument_invalid', field });
      }
      // The other member's photo is untouched.
      expect(await ctx.app.db.select().from(file).where(eq(file.id, theirs))).toHaveLength(1);
      expectError(
        await api('PUT', '/api/matrimony/photos', await member(), { photos: [], visibility: 'listed' }),
        404,
        'document_not_found',
      );
    });
  });

  describe('Shortlisted me and Sent requests', () => {
    it('"Shortlisted me" lists who shortlisted me, to me only, as I may see them', async () => {
      const woman = await lister('Female');
      const first = await lister('Male');
      const second = await lister('Male');
      await shortlistOf(first, woman);
      await shortlistOf(second, woman);
      const listOf = async (who: TestMember) => {
        const res = await api('GET', '/api/matrimony/shortlisted-me', who);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const page = await listOf(woman);
      expect(page.documents.map((d: { id: string }) => d.id)).toEqual([second.user.id, first.user.id]);
      expect(page.documents[0]).toMatchObject({ shortlisted: false });
      expect(JSON.stringify(page)).not.toContain(second.form.number);
      expectNothingPrivateOf(JSON.stringify(page), first, second);
      // The shortlisters' own lists do not show whom they shortlisted.
      expect((await listOf(first)).documents).toEqual([]);
      // Shortlisting back shows as shortlisted (a match).
      await shortlistOf(woman, first);
      const after = await listOf(woman);
      expect(after.documents.find((d: { id: string }) => d.id === first.user.id).shortlisted).toBe(true);
      // A blocked or married shortlister leaves the list.
      await api('POST', '/api/matrimony/blocks', woman, { profile: second.user.id });
      await ctx.app.db.update(user).set({ maritalStatus: 'Married' }).where(eq(user.id, first.user.id));
      expect((await listOf(woman)).documents).toEqual([]);
      await ctx.app.db.update(user).set({ maritalStatus: 'Single' }).where(eq(user.id, first.user.id));
      expect((await listOf(woman)).documents.map((d: { id: string }) => d.id)).toEqual([first.user.id]);
      // Without an active listing of one's own, the list is empty.
      expect((await listOf(await member())).documents).toEqual([]);
    });

    it('"Sent requests" shows my requests with their state and never contact', async () => {
      const man = await lister('Male');
      const { woman } = await matchPair(man);
      const { woman: second } = await matchPair(man);
      await api('POST', '/api/matrimony/requests', man, { profile: woman.user.id });
      await api('POST', '/api/matrimony/requests', man, { profile: second.user.id });
      await api('POST', `/api/matrimony/requests/${man.user.id}/accept`, woman);
      await api('POST', `/api/matrimony/requests/${man.user.id}/decline`, second);
      const res = await api('GET', '/api/matrimony/requests/sent', man);
      expect(res.statusCode).toBe(200);
      expect(res.json().documents.map((d: { id: string; state: string }) => [d.id, d.state])).toEqual([
        [second.user.id, 'declined'],
        [woman.user.id, 'accepted'],
      ]);
      expect(res.json().documents[1].profile).toMatchObject({ id: woman.user.id, shortlisted: true });
      expectNothingPrivateOf(res.body, woman, second);
      // The owner's sent list does not show requests made to her.
      expect((await api('GET', '/api/matrimony/requests/sent', woman)).json().documents).toEqual([]);
      await api('POST', `/api/matrimony/requests/${man.user.id}/revoke`, woman);
      const revoked = (await api('GET', '/api/matrimony/requests/sent', man)).json().documents;
      expect(revoked.find((d: { id: string }) => d.id === woman.user.id).state).toBe('revoked');
      // A listing that blocks me leaves my list.
      await api('POST', '/api/matrimony/blocks', second, { profile: man.user.id });
      const left = (await api('GET', '/api/matrimony/requests/sent', man)).json().documents;
      expect(left.map((d: { id: string }) => d.id)).toEqual([woman.user.id]);
    });
  });
});
