// docs/product/matrimony.md, "Partner preferences and filters", in the browser: filters saved as partner
// preferences narrow the suggestions and one tap clears them; a minimum above its maximum is the server's
// error under its field; a card's name opens the full profile page and Back returns to the same place in the
// list; "Shortlisted me" and "Sent requests" with their state. Each at 375 and 1280 px, in English and in
// Gujarati, and what reaches the browser (the server's HTML, the API's answers) never carries what the viewer
// may not see.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { pageProblems } from '../support/app-script';
import { chooseLanguage } from '../support/language';
import { grant, newMember, signUp } from '../support/members';
import { look } from '../support/screens';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const shots = join(dirname(fileURLToPath(import.meta.url)), '../test-results/matrimony-search-screens');

/**
 * What the page threw or logged, less the browser's own line for an answer the test asked for (a
 * reversed range's 400, a hidden profile's 404): hydration warnings and errors stay.
 */
const problemsOf = (who: { problems: string[] }) =>
  who.problems.filter(
    (p) => !/Failed to load resource: the server responded with a status of 40[04]/.test(p),
  );

/** A date of birth `years` years and a few days ago. */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

interface Person {
  page: Page;
  request: APIRequestContext;
  id: string;
  firstName: string;
  problems: string[];
}

async function person(
  browser: Browser,
  first: string,
  lang: 'en' | 'gu' = 'en',
  surname = 'Patel',
): Promise<Person> {
  // Service workers allowed, as in a member's browser (Playwright's blocking makes the app log a failed registration).
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'allow',
  });
  await chooseLanguage(context, lang);
  const page = await context.newPage();
  const problems = pageProblems(page);
  const member = await signUp(
    page.request,
    { ...newMember('msearch'), name: `${first} ${surname}` },
    surname,
  );
  const res = await page.request.patch('/api/account', {
    data: { name: member.name, email: member.email, marital_status: 'Single' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { page, request: page.request, id: member.username, firstName: first, problems };
}

interface Secrets {
  number: string;
  address: string;
  fatherName: string;
  city: string;
}

/** Lists a profile through the API (the form has its own spec) and has staff verify it. */
async function listed(
  who: Person,
  staff: APIRequestContext,
  form: { gender: 'Male' | 'Female'; age: number; education: string; withPhoto?: boolean },
): Promise<Secrets> {
  const tag = Math.random().toString(36).slice(2, 8);
  const secrets = {
    number: `+91 97${Math.random().toString().slice(2, 10)}`,
    address: `Hidden Lane ${tag}, Surat`,
    fatherName: `Father${tag}`,
    city: `Town${tag}`,
  };
  let dp: string | null = null;
  if (form.withPhoto) {
    const jpeg = await sharp({ create: { width: 300, height: 380, channels: 3, background: '#c2255c' } })
      .jpeg()
      .toBuffer();
    const up = await who.request.post('/api/matrimony/photo', {
      multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(up.status(), await up.text()).toBe(201);
    dp = (await up.json()).dp;
  }
  const res = await who.request.post('/api/matrimony/profile', {
    data: {
      dob: bornYearsAgo(form.age),
      gender: form.gender,
      description: `${who.firstName} likes music and travel`,
      number: secrets.number,
      address: secrets.address,
      education: form.education,
      career: 'Teacher',
      expectation: 'Kind and honest',
      height: 160,
      dp,
      family: {
        fatherName: secrets.fatherName,
        motherName: `Mother ${tag}`,
        city: secrets.city,
        diet: 'jain',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const ok = await staff.post(`/api/admin/matrimony/profiles/${who.id}/approve`);
  expect(ok.status(), await ok.text()).toBe(200);
  return secrets;
}

/** Every body of matrimony API answers the page receives from now on, and the documents it loads. */
function seenBodies(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    const document = r.request().resourceType() === 'document';
    if (document || path.startsWith('/api/matrimony')) bodies.push(r.text().catch(() => ''));
  });
  return bodies;
}

const card = (page: Page, firstName: string) => page.getByRole('article', { name: firstName, exact: true });

let staff: APIRequestContext;
let viewer: Person;
const women: Record<string, Person> = {};
const secrets: Record<string, Secrets> = {};
/** One education word no other spec's listing has: the filters' tests see only these women. */
const subject = `Sanskrit${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  const admin = await person(browser, 'Staffer');
  grant(admin.id, 'Admin');
  staff = admin.request;
  viewer = await person(browser, 'Rohan');
  await listed(viewer, staff, { gender: 'Male', age: 29, education: 'B.E.' });
  // Newest last: suggestions are newest first, so Gita is first and Asha fifth (page 2).
  const plan = [
    ['Asha', 24, `M.A. ${subject}`, false],
    ['Bina', 27, `B.A. ${subject}`, true],
    ['Chetna', 31, `Ph.D. ${subject}`, false],
    ['Dipti', 26, 'B.Com', false],
    ['Esha', 28, `M.Sc ${subject}`, true],
    ['Gita', 25, `B.Ed ${subject}`, false],
  ] as const;
  for (const [first, age, education, withPhoto] of plan) {
    women[first] = await person(browser, first, 'en', 'Shah');
    secrets[first] = await listed(women[first], staff, { gender: 'Female', age, education, withPhoto });
  }
});

test('filters narrow the suggestions, are saved as preferences and cleared in one tap; a reversed range is refused at its field', async () => {
  const { page } = viewer;
  const bodies = seenBodies(page);
  await page.goto('/matrimony');
  const filters = page.getByRole('button', { name: /^Filters( \d+)?$/ });
  await expect(filters).toBeVisible();
  // Page size 3 with no filter.
  await expect(page.getByRole('article')).toHaveCount(3);
  await filters.click();
  const form = page.getByRole('form', { name: 'Partner preferences' });
  await form.getByLabel('Age from').fill('30');
  await form.getByLabel('Age to').fill('25');
  await form.getByLabel('Education or career').fill(subject.toLowerCase());
  await form.getByRole('button', { name: 'Save preferences' }).click();
  // The server's 400 names ageMin: its words show under that field.
  await expect(form.getByLabel('Age from')).toHaveAccessibleDescription('The minimum is above the maximum');
  await look(page, shots, 'filters-error-en');

  await form.getByLabel('Age from').fill('25');
  await form.getByLabel('Age to').fill('30');
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('filters-count')).toHaveText('2');
  // Bina 27, Esha 28, Gita 25 — not Asha (24), Chetna (31) nor Dipti (no match for the subject).
  for (const first of ['Gita', 'Esha', 'Bina']) await expect(card(page, first)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Saved: a reload (rendered by the server) shows the same narrowed suggestions.
  await page.reload();
  await expect(page.getByText('Your partner preferences are narrowing these suggestions.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(card(page, 'Chetna')).toHaveCount(0);

  // "With photo" only: Bina and Esha.
  await page.getByRole('button', { name: /^Filters( \d+)?$/ }).click();
  await expect(form.getByLabel('Age from')).toHaveValue('25');
  await form.getByLabel('Only profiles with a photo').check();
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card(page, 'Esha')).toBeVisible();
  await expect(card(page, 'Bina')).toBeVisible();
  await look(page, shots, 'filters-saved-en');

  // A city is private until the owner accepts the viewer's request: filtering by one finds no one.
  await page.getByRole('button', { name: /^Filters( \d+)?$/ }).click();
  await form.getByLabel('Only profiles with a photo').uncheck();
  await form.getByLabel('Native place (gam) or city').fill(secrets.Gita.city);
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('heading', { name: 'No Profiles Found' })).toBeVisible();

  // One tap clears them: the suggestions are as before, three a page.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  const prefs = await viewer.request.get('/api/matrimony/preferences');
  expect(await prefs.json()).toBeNull();

  const seen = (await Promise.all(bodies)).join('\n');
  for (const s of Object.values(secrets)) {
    // Gita's city is in the viewer's own saved preferences (he typed it): any other city is not.
    const cities = s === secrets.Gita ? [] : [s.city];
    for (const secret of [s.number, s.address, s.fatherName, ...cities]) expect(seen).not.toContain(secret);
  }
  expect(problemsOf(viewer)).toEqual([]);
});

test('a card opens the full profile; Back returns to the same place in the list', async () => {
  const { page } = viewer;
  const bodies = seenBodies(page);
  await page.goto('/matrimony');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('article')).toHaveCount(6);
  await page.setViewportSize({ width: 375, height: 700 });
  const target = card(page, 'Chetna');
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await target.getByRole('link', { name: 'Chetna' }).click();
  await expect(page).toHaveURL(new RegExp(`/matrimony/profile/${women.Chetna.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Chetna' })).toBeVisible();
  await expect(page.getByText('Chetna likes music and travel')).toBeVisible();
  // Not matched: the rest of the listing is not sent, and the page says when it will be.
  await expect(page.getByTestId('details-closed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family details' })).toHaveCount(0);
  // The card's action, here too.
  await page.getByRole('button', { name: 'Shortlist' }).click();
  await expect(page.getByRole('button', { name: 'Shortlisted' })).toHaveAttribute('aria-pressed', 'true');
  await look(page, shots, 'profile-closed-en');
  await page.setViewportSize({ width: 375, height: 700 });

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/matrimony$/);
  // Both pages of the list are still there, Chetna's card shortlisted, the scroll where it was.
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(card(page, 'Chetna').getByRole('button', { name: 'Shortlisted' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 60);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 60);
  await expect(card(page, 'Chetna')).toBeInViewport();

  // Opened directly (server-rendered), the page's HTML and answers carry no private field.
  const direct = await page.goto(`/matrimony/profile/${women.Esha.id}`);
  expect(direct?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Esha' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  const seen = (await Promise.all(bodies)).join('\n');
  for (const s of Object.values(secrets)) {
    for (const secret of [s.number, s.address, s.fatherName, s.city]) expect(seen).not.toContain(secret);
  }
  // A profile the viewer may not see (his own gender) is not there.
  await page.goto(`/matrimony/profile/${viewer.id}`);
  await expect(page.getByText('This profile is not available to you.')).toBeVisible();
  expect(problemsOf(viewer)).toEqual([]);
});

test('"Shortlisted me" and "Sent requests" with their state; once accepted, the profile page shows family and contact', async () => {
  const { page } = viewer;
  // Asha shortlists Rohan; Esha and Rohan match, he asks for her full profile.
  expect(
    (await women.Asha.request.post('/api/matrimony/shortlists', { data: { profile: viewer.id } })).status(),
  ).toBe(200);
  await viewer.request.post('/api/matrimony/shortlists', { data: { profile: women.Esha.id } });
  const back = await women.Esha.request.post('/api/matrimony/shortlists', { data: { profile: viewer.id } });
  expect((await back.json()).matched).toBe(true);
  const asked = await viewer.request.post('/api/matrimony/requests', { data: { profile: women.Esha.id } });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto('/matrimony');
  await page.getByRole('tab', { name: 'Shortlisted me' }).click();
  await expect(page).toHaveURL(/tab=shortlisted-me/);
  // Asha, and Esha (the match): Rohan shortlisted Esha back, not Asha.
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card(page, 'Asha').getByRole('button', { name: 'Shortlist' })).toBeVisible();
  await expect(card(page, 'Esha').getByRole('button', { name: 'Shortlisted' })).toBeVisible();
  await look(page, shots, 'shortlisted-me-en');

  await page.getByRole('tab', { name: 'Sent requests' }).click();
  const esha = card(page, 'Esha');
  await expect(esha.getByTestId('request-state')).toHaveText('Waiting for an answer');
  await expect(esha.getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await look(page, shots, 'sent-en');

  const accepted = await women.Esha.request.post(`/api/matrimony/requests/${viewer.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();
  await expect(card(page, 'Esha').getByTestId('request-state')).toHaveText('Accepted');

  await card(page, 'Esha').getByRole('link', { name: 'Esha' }).click();
  await expect(page.getByRole('heading', { name: 'Family details' })).toBeVisible();
  await expect(page.getByText(secrets.Esha.fatherName)).toBeVisible();
  await expect(page.getByText('Jain', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: secrets.Esha.number })).toBeVisible();
  await look(page, shots, 'profile-open-en');
  expect(problemsOf(viewer)).toEqual([]);
});

test('in Gujarati: filters, the lists and the profile page', async ({ browser }) => {
  const mina = await person(browser, 'Mina', 'gu', 'Shah');
  await listed(mina, staff, { gender: 'Female', age: 27, education: `B.A. ${subject}` });
  await viewer.request.post('/api/matrimony/shortlists', { data: { profile: mina.id } });
  const ravi = await person(browser, 'Ravi', 'gu');
  await listed(ravi, staff, { gender: 'Male', age: 30, education: 'B.Com' });
  const { page } = ravi;
  await page.goto('/matrimony');
  await page.getByRole('button', { name: 'ફિલ્ટર' }).click();
  const form = page.getByRole('form', { name: 'જીવનસાથીની પસંદગી' });
  await form.getByLabel('ઉંમર થી').fill('40');
  await form.getByLabel('ઉંમર સુધી').fill('30');
  await form.getByRole('button', { name: 'પસંદગી સાચવો' }).click();
  await expect(form.getByLabel('ઉંમર થી')).toHaveAccessibleDescription('ઓછામાં ઓછું મૂલ્ય વધુમાં વધુ કરતાં મોટું છે');
  await look(page, shots, 'filters-error-gu');
  await form.getByRole('button', { name: 'રદ કરો' }).click();

  // Rohan, who shortlisted Mina, is on her "Shortlisted me"; his card opens his page in Gujarati.
  const minaPage = mina.page;
  await minaPage.goto('/matrimony?tab=shortlisted-me');
  await expect(minaPage.getByRole('tab', { name: 'મને પસંદ કરનાર' })).toHaveAttribute('aria-selected', 'true');
  await expect(minaPage.getByRole('tab', { name: 'મોકલેલી વિનંતીઓ' })).toBeVisible();
  await expect(card(minaPage, 'Rohan')).toBeVisible();
  await look(minaPage, shots, 'shortlisted-me-gu');
  await card(minaPage, 'Rohan').getByRole('link', { name: 'Rohan' }).click();
  await expect(minaPage.getByRole('heading', { level: 1, name: 'Rohan' })).toBeVisible();
  await expect(minaPage.getByRole('link', { name: 'પાછા' })).toBeVisible();
  await look(minaPage, shots, 'profile-gu');
  await minaPage.getByRole('link', { name: 'પાછા' }).click();
  await expect(minaPage).toHaveURL(/tab=shortlisted-me/);
  await minaPage.getByRole('tab', { name: 'મોકલેલી વિનંતીઓ' }).click();
  await expect(minaPage.getByRole('heading', { name: 'કોઈ વિનંતી મોકલી નથી' })).toBeVisible();
  expect(problemsOf(ravi)).toEqual([]);
  expect(problemsOf(mina)).toEqual([]);
});
