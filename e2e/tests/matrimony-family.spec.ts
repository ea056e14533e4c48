import { join } from 'node:path';
import { type Browser, expect, type Page, type Response, test } from '@playwright/test';
import sharp from 'sharp';
import { pageProblems } from '../support/app-script';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { axeFindings, look, shoot } from '../support/screens';

// Family details and photos (docs/product/matrimony.md) in the browser, as families use it: the family
// details a Gujarati biodata carries, typed into the listing form (in Gujarati and in English) and printed on
// the biodata; then up to four photos, added, put in order and saved with who may see them — and what another
// member's browser is given for each choice, read from the photo addresses' answers, not only the screen.

test.describe.configure({ mode: 'serial' });

const shots = join(import.meta.dirname, '../test-results/matrimony-family-screens');

interface Person {
  page: Page;
  id: string;
  name: string;
  email: string;
  problems: string[];
}

async function person(
  browser: Browser,
  prefix: string,
  lang: 'gu' | 'en',
  options: { surname?: string; name?: string; marital?: 'Single' | null } = {},
): Promise<Person> {
  // bypassCSP lets axe-core's script in (the app's CSP refuses inline scripts), as a11y.spec.ts does.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  await chooseLanguage(context, lang);
  const page = await context.newPage();
  const problems = pageProblems(page);
  const member = await signUp(
    page.request,
    { ...newMember(prefix), ...(options.name ? { name: options.name } : {}) },
    options.surname ?? 'Patel',
  );
  if (options.marital !== null) {
    const res = await page.request.patch('/api/account', {
      data: { name: member.name, email: member.email, marital_status: 'Single' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { page, id: member.username, name: member.name, email: member.email, problems };
}

/** A real JPEG of one colour (with a face-like shape), as a phone camera would give. */
async function photo(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="380">
    <rect width="300" height="380" fill="${color}"/><circle cx="150" cy="140" r="70" fill="#f8f0e3"/>
    <rect x="60" y="230" width="180" height="150" rx="60" fill="#f8f0e3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** The colour at the top-left corner of an image the server sent (its background). */
async function corner(bytes: Buffer): Promise<[number, number, number]> {
  const { data } = await sharp(bytes).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return [data[0] as number, data[1] as number, data[2] as number];
}

/**
 * What the page logged as errors (a hydration mismatch is one), less the service worker's failed
 * registration: Playwright keeps workers out of these contexts, which no member's browser does.
 */
const real = (problems: string[]) =>
  problems.filter((p) => !p.startsWith('Service worker registration failed'));

const near = (a: [number, number, number], b: [number, number, number]) =>
  a.every((v, i) => Math.abs(v - (b[i] as number)) < 40);

const RED: [number, number, number] = [0xc9, 0x2a, 0x2a];
const GREEN: [number, number, number] = [0x2b, 0x8a, 0x3e];
const BLUE: [number, number, number] = [0x1c, 0x7e, 0xd6];
const hex = (c: [number, number, number]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const LISTING = {
  description: 'Calm, family minded, loves garba',
  address: '12 Station Road, Amreli',
  education: 'B.E.',
  career: 'Engineer',
  expectation: 'Kind, educated, close to her family',
};

/** The words of each language the form is filled in (labels, choices), as the member reads them. */
const WORDS = {
  gu: {
    form: 'મેટ્રિમોની પ્રોફાઇલ ફોર્મ',
    next: 'Next',
    submit: 'Submit',
    dob: 'જન્મ તારીખ',
    male: 'પુરુષ',
    about: 'મારા વિશે',
    phone: 'ફોન નંબર',
    address: 'સરનામું',
    education: 'શિક્ષણ',
    career: /^વ્યવસાય \/ નોકરી/,
    family: 'કૌટુંબિક માહિતી',
    city: 'હાલ રહેઠાણનું શહેર કે ગામ',
    fatherName: 'પિતાનું નામ',
    fatherOccupation: 'પિતાનો વ્યવસાય',
    motherName: 'માતાનું નામ',
    brothersMarried: 'ભાઈઓ – પરિણીત',
    sistersUnmarried: 'બહેનો – અપરિણીત',
    mosal: 'મોસાળ',
    gam: 'મૂળ ગામ',
    income: 'વાર્ષિક આવક',
    incomeChoice: '₹10–20 લાખ',
    birthTime: 'જન્મ સમય',
    birthPlace: 'જન્મ સ્થળ',
    rashi: 'રાશિ',
    rashiChoice: 'કન્યા',
    manglik: 'માંગલિક',
    manglikChoice: 'માંગલિક નથી',
    diet: 'આહાર',
    dietChoice: 'જૈન',
    expectation: 'તમે કેવા જીવનસાથી શોધો છો?',
    tooLong: 'ખૂબ લાંબું છે',
    underReview: 'Profile Under Review',
  },
  en: {
    form: 'Matrimony listing form',
    next: 'Next',
    submit: 'Submit',
    dob: 'Date of birth',
    male: 'Male',
    about: 'About me',
    phone: 'Phone number',
    address: 'Address',
    education: 'Education',
    career: /^Career/,
    family: 'Family details',
    city: 'City or village you live in',
    fatherName: "Father's name",
    fatherOccupation: "Father's occupation",
    motherName: "Mother's name",
    brothersMarried: 'Brothers, married',
    sistersUnmarried: 'Sisters, unmarried',
    mosal: 'Mosal',
    gam: 'Native place (gam)',
    income: 'Annual income',
    incomeChoice: '₹10–20 lakh',
    birthTime: 'Birth time',
    birthPlace: 'Birth place',
    rashi: 'Rashi',
    rashiChoice: 'Kanya (Virgo)',
    manglik: 'Manglik',
    manglikChoice: 'Not manglik',
    diet: 'Diet',
    dietChoice: 'Jain',
    expectation: 'What kind of partner are you looking for?',
    tooLong: 'Too long',
    underReview: 'Profile Under Review',
  },
} as const;

/** A surname whose gam staff published (a member proposed it, staff applied it), for `lang`'s run. */
async function surnameWithGam(staff: Person, member: Person, surname: string, gam: string) {
  const res = await member.page.request.post(`/api/surnames/${surname}/submissions`, { data: { gam } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  const applied = await staff.page.request.post(`/api/admin/surname-submissions/${id}/apply`, { data: {} });
  expect(applied.status(), await applied.text()).toBe(200);
}

async function choose(page: Page, form: ReturnType<Page['getByRole']>, label: string, option: string) {
  await form.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['gu', 'en'] as const) {
  test(`family details (${lang}): typed in the listing form, kept, and printed on the biodata`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const surname = lang === 'gu' ? 'Sojitra' : 'Lathiya';
    const gam = lang === 'gu' ? 'અમરેલી' : 'Jasdan';
    const staff = await person(browser, `fstaff${lang}`, lang, { marital: null });
    grant(staff.id, 'Admin');
    const groom = await person(browser, `fgroom${lang}`, lang, { surname });
    await surnameWithGam(staff, groom, surname, gam);
    const { page } = groom;
    const tag = Date.now().toString(36);
    const family = {
      father: `Ramesh ${tag}`,
      occupation: 'Farmer',
      mother: `Savita ${tag}`,
      mosal: `Bhalala${tag}`,
      city: 'Surat',
      birthPlace: `Amreli ${tag}`,
    };

    await page.goto('/matrimony');
    const form = page.getByRole('form', { name: w.form });
    await form.getByRole('button', { name: w.next }).click();
    await form.getByLabel(w.dob).fill('1995-03-10');
    await form.getByRole('radio', { name: w.male, exact: true }).check();
    await form.getByLabel(w.about).fill(LISTING.description);
    await form.getByRole('button', { name: w.next }).click();

    // Step 2: contact and career, then the family; gam comes from the surname, read-only.
    await form.getByLabel(w.phone).fill(`98250 ${Date.now().toString().slice(-5)}`);
    await form.getByLabel(w.address).fill(LISTING.address);
    await form.getByLabel(w.education).fill(LISTING.education);
    await form.getByLabel(w.career).fill(LISTING.career);
    await expect(form.getByRole('heading', { name: w.family })).toBeVisible();
    await expect(form.getByTestId('family-gam')).toHaveText(gam);
    await expect(form.getByRole('textbox', { name: w.gam })).toHaveCount(0);
    await form.getByLabel(w.city).fill(family.city);
    await form.getByLabel(w.fatherName).fill(family.father);
    await form.getByLabel(w.fatherOccupation).fill(family.occupation);
    await form.getByLabel(w.motherName).fill(family.mother);
    await form.getByLabel(w.brothersMarried).fill('1');
    await form.getByLabel(w.sistersUnmarried).fill('2');
    // A field's mistake is named under it, and Next waits until it is put right.
    await form.getByLabel(w.mosal, { exact: true }).fill('x'.repeat(101));
    await expect(form.getByText(w.tooLong, { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: w.next })).toBeDisabled();
    await form.getByLabel(w.mosal, { exact: true }).fill(family.mosal);
    await choose(page, form, w.income, w.incomeChoice);
    expect(await axeFindings(page, 'form')).toEqual([]);
    await look(page, shots, `form-family-${lang}`);
    await form.getByRole('button', { name: w.next }).click();

    // Step 3: birth, horoscope and diet with the physical attributes.
    await form.getByLabel(w.birthTime).fill('06:45');
    await form.getByLabel(w.birthPlace).fill(family.birthPlace);
    await choose(page, form, w.rashi, w.rashiChoice);
    await choose(page, form, w.manglik, w.manglikChoice);
    await choose(page, form, w.diet, w.dietChoice);
    await form.getByLabel(w.expectation).fill(LISTING.expectation);
    expect(await axeFindings(page, 'form')).toEqual([]);
    await look(page, shots, `form-birth-${lang}`);
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('heading', { name: w.underReview })).toBeVisible();

    // What the server kept is what was typed (the owner's own answer).
    const mine = await (await page.request.get('/api/matrimony/profile')).json();
    expect(mine.family).toMatchObject({
      fatherName: family.father,
      fatherOccupation: family.occupation,
      motherName: family.mother,
      brothersMarried: 1,
      brothersUnmarried: null,
      sistersUnmarried: 2,
      mosal: family.mosal,
      city: family.city,
      birthTime: '06:45',
      birthPlace: family.birthPlace,
      rashi: 'kanya',
      manglik: 'no',
      diet: 'jain',
      income: '10_to_20_lakh',
      gam,
    });

    // The biodata on paper, always in Gujarati, carries the family details.
    await page.reload();
    const sheet = page.locator('[data-biodata]');
    await expect(sheet).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(sheet).toBeVisible();
    for (const text of [
      'કૌટુંબિક માહિતી',
      family.father,
      family.mother,
      family.mosal,
      gam,
      '1 પરિણીત',
      '2 અપરિણીત',
      '06:45',
      family.birthPlace,
      'કન્યા',
      'માંગલિક નથી',
      'જૈન',
      '₹10–20 લાખ',
    ]) {
      await expect(sheet.getByText(text, { exact: true }), text).toBeVisible();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await shoot(page, { path: join(shots, `biodata-family-${lang}.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Editing keeps them (the form opens with them filled in).
    await page
      .getByRole('button', { name: lang === 'gu' ? 'પ્રોફાઇલ સુધારો' : 'Edit matrimony profile' })
      .click();
    await form.getByRole('button', { name: w.next }).click();
    await expect(form.getByLabel(w.fatherName)).toHaveValue(family.father);
    await expect(form.getByTestId('family-gam')).toHaveText(gam);
    expect(real(groom.problems)).toEqual([]);
  });
}

/** Every photo address of `owner` the page was answered for while `load` ran, with the status. */
async function photoAnswers(page: Page, ownerId: string, load: () => Promise<unknown>) {
  const seen: { url: string; status: number }[] = [];
  const path = `/api/matrimony/profiles/${encodeURIComponent(ownerId)}/photo`;
  const listen = (r: Response) => {
    if (new URL(r.url()).pathname === path) seen.push({ url: r.url(), status: r.status() });
  };
  page.on('response', listen);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', listen);
  return seen;
}

/** What `viewer` is answered for each of the owner's photo addresses (index 0–3), asked directly. */
async function fetched(viewer: Page, ownerId: string): Promise<number[]> {
  return Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const url = `/api/matrimony/profiles/${ownerId}/photo?width=300${i ? `&index=${i}` : ''}`;
      return (await viewer.request.get(url)).status();
    }),
  );
}

test('photos: three added, put in order, and each shown only to whom the owner chose', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const attempt = test.info().retry;
  const brideFirst = ['Pooja', 'Kavya'][attempt % 2] as string;
  const staff = await person(browser, 'pstaff', 'en', { marital: null });
  grant(staff.id, 'Admin');
  const bride = await person(browser, 'pbride', 'en', { name: `${brideFirst} Shah`, surname: 'Shah' });
  const groom = await person(browser, 'pgroom', 'gu', { surname: 'Patel' });
  const outsider = await person(browser, 'pout', 'gu');
  const stamp = Date.now().toString().slice(-5);
  for (const [who, gender, dob, phone] of [
    [bride, 'Female', '1998-11-02', `94260 ${stamp}`],
    [groom, 'Male', '1995-03-10', `98250 ${stamp}`],
  ] as const) {
    const res = await who.page.request.post('/api/matrimony/profile', {
      data: { ...LISTING, dob, gender, number: phone },
    });
    expect(res.status(), await res.text()).toBe(201);
    const ok = await staff.page.request.post(`/api/admin/matrimony/profiles/${who.id}/approve`);
    expect(ok.status(), await ok.text()).toBe(200);
  }

  // She adds three photos in one pick, then puts them in order with the buttons.
  const { page } = bride;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/matrimony');
  const strip = page.getByRole('region', { name: 'Your matrimony profile' });
  await strip.getByRole('button', { name: 'Photos (0)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your photos' });
  await expect(dialog.getByText('No photos yet.')).toBeVisible();
  const uploads: Promise<Response>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/matrimony/photo') uploads.push(Promise.resolve(r));
  });
  await dialog.getByLabel('Add photo').setInputFiles([
    { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo(hex(RED)) },
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo(hex(GREEN)) },
    { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await photo(hex(BLUE)) },
  ]);
  const list = dialog.getByRole('list', { name: 'Your photos, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'Save photos' })).toBeEnabled();
  expect(await Promise.all(uploads.map(async (r) => (await r).status()))).toEqual([201, 201, 201]);
  // Blue (third) becomes the main photo; red (now second) moves after green: blue, green, red.
  await dialog.getByRole('button', { name: 'Make photo 3 the main photo' }).click();
  await expect(dialog.getByText('Photo 3 is now the main photo.')).toBeAttached();
  const later = dialog.getByRole('button', { name: 'Move photo 2 later' });
  await later.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Photo 2 moved to place 3 of 3.')).toBeAttached();
  // Focus stays with the photo it moved (now photo 3, whose "later" is off: on its "earlier").
  await expect(dialog.getByRole('button', { name: 'Move photo 3 earlier' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Verified members' })).toBeChecked();
  // Judged once the dialog has faded in (axe leaves colours mid-fade unjudged).
  await expect(dialog).toHaveCSS('opacity', '1');
  expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
  await look(page, shots, 'photos-dialog-en');
  await dialog.getByRole('button', { name: 'Save photos' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(strip.getByRole('button', { name: 'Photos (3)' })).toBeVisible();

  // The order is hers: the main photo (index 0) is blue, then green, then red — read from the bytes.
  const colours = await Promise.all(
    [0, 1, 2].map(async (i) => {
      const res = await page.request.get(`/api/matrimony/profiles/${bride.id}/photo?width=300&index=${i}`);
      expect(res.status()).toBe(200);
      return corner(await res.body());
    }),
  );
  expect(
    near(colours[0] as never, BLUE) && near(colours[1] as never, GREEN) && near(colours[2] as never, RED),
  ).toBe(true);

  // "Verified members": the groom (listed, not matched) is given all three; the outsider none.
  const card = groom.page.getByRole('article', { name: brideFirst, exact: true });
  let answers = await photoAnswers(groom.page, bride.id, () => groom.page.goto('/matrimony'));
  // Her card's photo is drawn from the checked route (the image itself is the name link's twin, hidden from readers).
  const herPhoto = `img[src^="/api/matrimony/profiles/${bride.id}/photo"]`;
  await expect(card.locator(herPhoto)).toBeVisible();
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(await fetched(groom.page, bride.id)).toEqual([200, 200, 200, 404]);
  expect(await fetched(outsider.page, bride.id)).toEqual([404, 404, 404, 404]);
  await look(groom.page, shots, 'photos-listed-viewer-gu');

  // She changes it to "only members whose request I accepted", in Gujarati.
  const guBride = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await guBride.addCookies((await page.context().cookies()).filter((c) => c.name !== 'samaj.lang'));
  await chooseLanguage(guBride, 'gu');
  const guPage = await guBride.newPage();
  const guProblems = pageProblems(guPage);
  await guPage.goto('/matrimony');
  await guPage
    .getByRole('region', { name: 'તમારી મેટ્રિમોની પ્રોફાઇલ' })
    .getByRole('button', { name: 'ફોટા (3)' })
    .click();
  const guDialog = guPage.getByRole('dialog', { name: 'તમારા ફોટા' });
  await expect(guDialog.getByRole('listitem')).toHaveCount(3);
  await guDialog.getByRole('radio', { name: 'જેમની વિનંતી મેં સ્વીકારી છે તે જ' }).check();
  await look(guPage, shots, 'photos-dialog-gu');
  await guDialog.getByRole('button', { name: 'ફોટા સાચવો' }).click();
  await expect(guDialog).toHaveCount(0);

  // Now the groom's page asks for none of her photos and shows the locked placeholder; asked
  // directly, every address answers 404.
  answers = await photoAnswers(groom.page, bride.id, () => groom.page.reload());
  await expect(card).toBeVisible();
  expect(answers).toEqual([]);
  await expect(card.locator('img')).toHaveCount(0);
  expect(await fetched(groom.page, bride.id)).toEqual([404, 404, 404, 404]);
  // Paged through: the other worker's specs list members on this server too.
  let found: { id: string } | undefined;
  for (let cursor = '', page = 0; !found && page < 20; page++) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await (await groom.page.request.get(`/api/matrimony/suggestions${query}`)).json();
    found = answer.documents.find((d: { id: string }) => d.id === bride.id);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  expect(found).toMatchObject({
    photo: null,
    photoLocked: true,
  });
  await look(groom.page, shots, 'photos-locked-viewer-gu');

  // They match, he asks for her full profile, she accepts: now his browser is given them.
  for (const [from, to] of [
    [groom, bride],
    [bride, groom],
  ] as const) {
    const res = await from.page.request.post('/api/matrimony/shortlists', { data: { profile: to.id } });
    expect(res.status()).toBe(200);
  }
  expect(
    (await groom.page.request.post('/api/matrimony/requests', { data: { profile: bride.id } })).status(),
  ).toBe(201);
  expect(await fetched(groom.page, bride.id)).toEqual([404, 404, 404, 404]);
  expect((await page.request.post(`/api/matrimony/requests/${groom.id}/accept`)).status()).toBe(200);
  answers = await photoAnswers(groom.page, bride.id, () => groom.page.goto('/matrimony?tab=matches'));
  const match = groom.page.getByRole('article', { name: brideFirst, exact: true });
  await expect(match.locator(herPhoto)).toBeVisible();
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(await fetched(groom.page, bride.id)).toEqual([200, 200, 200, 404]);
  expect(await fetched(outsider.page, bride.id)).toEqual([404, 404, 404, 404]);
  await look(groom.page, shots, 'photos-accepted-viewer-gu');

  // Revoked: locked again at once.
  expect((await page.request.post(`/api/matrimony/requests/${groom.id}/revoke`)).status()).toBe(200);
  expect(await fetched(groom.page, bride.id)).toEqual([404, 404, 404, 404]);

  // She removes one: two are left, and the third address answers nothing to anyone but her.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/matrimony');
  await strip.getByRole('button', { name: 'Photos (3)' }).click();
  await dialog.getByRole('button', { name: 'Remove photo 3' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('radio', { name: 'Verified members' }).check();
  await dialog.getByRole('button', { name: 'Save photos' }).click();
  await expect(strip.getByRole('button', { name: 'Photos (2)' })).toBeVisible();
  expect(await fetched(groom.page, bride.id)).toEqual([200, 200, 404, 404]);
  expect(await fetched(page, bride.id)).toEqual([200, 200, 404, 404]);

  expect(real(bride.problems)).toEqual([]);
  expect(real(guProblems)).toEqual([]);
  expect(real(groom.problems)).toEqual([]);
  await guBride.close();
});
