import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, type Response, test } from '@playwright/test';
import sharp from 'sharp';
import { chooseLanguage } from '../support/language';
import { grant, logIn, newMember, signUp } from '../support/members';
import { axeFindings, look, shoot } from '../support/screens';

// Matrimony as two families use it (docs/product/matrimony.md), each member in their own browser: both list
// through the four-step form, staff verify both in the console, each shortlists the other, the match appears,
// one asks for the full profile, the other accepts — only then does the phone number reach the requester's
// browser — and revoking takes it away again. Members and staff run in English so selectors read like the
// spec; the married member sees the Gujarati default.

test.describe.configure({ mode: 'serial' });

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '../test-results/matrimony-screens');

interface Person {
  page: Page;
  username: string;
  name: string;
  email: string;
  password: string;
}

async function person(
  browser: Browser,
  prefix: string,
  options: {
    lang?: 'en' | 'gu';
    surname?: string;
    marital?: 'Single' | 'Married' | null;
    name?: string;
    /** Lets axe-core's script in (the app's CSP refuses inline scripts, as a11y.spec.ts's contexts do). */
    axe?: boolean;
  } = {},
): Promise<Person> {
  const { lang = 'en', surname = 'Patel', marital = 'Single' } = options;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(options.axe ? { bypassCSP: true } : {}),
  });
  await chooseLanguage(context, lang);
  const page = await context.newPage();
  const member = await signUp(
    page.request,
    { ...newMember(prefix), ...(options.name ? { name: options.name } : {}) },
    surname,
  );
  if (marital) {
    const res = await page.request.patch('/api/account', {
      data: { name: member.name, email: member.email, marital_status: marital },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { page, ...member };
}

async function photo(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="380">
    <rect width="300" height="380" fill="${color}"/><circle cx="150" cy="140" r="70" fill="#f8f0e3"/>
    <rect x="60" y="230" width="180" height="150" rx="60" fill="#f8f0e3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

interface Listing {
  dob: string;
  gender: 'Male' | 'Female';
  about: string;
  phone: string;
  address: string;
  education: string;
  career: string;
  expectation: string;
  color: string;
}

/** The four steps in the browser, as a member fills them. */
async function list(page: Page, listing: Listing, shoot?: string) {
  await page.goto('/matrimony');
  const form = page.getByRole('form', { name: 'Matrimony listing form' });
  await expect(form.getByRole('heading', { name: 'Create your matrimony profile' })).toBeVisible();
  if (shoot) await look(page, shots, `${shoot}-step0`);
  await form.getByRole('button', { name: 'Next' }).click();

  // Step 1 starts touched: what is missing is said at once, and Next waits.
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toBeDisabled();
  await form.getByLabel('Choose photo').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(listing.color),
  });
  await form.getByLabel('Date of birth').fill(listing.dob);
  await form.getByRole('radio', { name: listing.gender, exact: true }).check();
  await form.getByLabel('About me').fill(listing.about);
  await expect(form.getByText(`${listing.about.length} / 150`)).toBeVisible();
  if (shoot) await look(page, shots, `${shoot}-step1`);
  await form.getByRole('button', { name: 'Next' }).click();

  await form.getByLabel('Phone number').fill(listing.phone);
  await form.getByLabel('Address').fill(listing.address);
  await form.getByLabel('Education').fill(listing.education);
  await form.getByLabel('Career').fill(listing.career);
  if (shoot) await look(page, shots, `${shoot}-step2`);
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await form.getByLabel('Height').fill('170');
  await form.getByLabel('Blood group').click();
  await page.getByRole('option', { name: 'B+', exact: true }).click();
  await form.getByLabel('What kind of partner are you looking for?').fill(listing.expectation);
  await expect(form.getByText(`${listing.expectation.length} / 500`)).toBeVisible();
  if (shoot) await look(page, shots, `${shoot}-step3`);
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Profile Under Review' })).toBeVisible();
  await expect(page.getByTestId('verification-phone')).toHaveText(listing.phone);
}

const card = (page: Page, firstName: string) => page.getByRole('article', { name: firstName, exact: true });

/**
 * Everything of a matrimony list that reached the browser while `load` opened a page: the page's HTML
 * (rendered on the server with the list in it) and any answer to the list the app asked for itself.
 */
async function reachedBrowser(
  page: Page,
  path: string,
  load: () => Promise<Response | null>,
): Promise<string> {
  const answers: Promise<string>[] = [];
  const listen = (r: Response) => {
    if (new URL(r.url()).pathname === path && r.request().method() === 'GET') answers.push(r.text());
  };
  page.on('response', listen);
  const document = await load();
  await page.waitForLoadState('networkidle');
  page.off('response', listen);
  const html = (await document?.text()) ?? '';
  return [html, ...(await Promise.all(answers))].join('\n');
}

test('two members list, staff verify both, they match, and the phone number shows only while the request is accepted', async ({
  browser,
}) => {
  // A whole story across three browsers (two form fills, staff, both dashboards): minutes on a busy CI.
  test.setTimeout(240_000);
  // Names no other spec's listing has, and others on a retry: the first attempt's listings (and the
  // other matrimony specs') are still on the same server, and a card is found by its first name.
  const attempt = test.info().retry % 3;
  const groomFirst = ['Tejas', 'Kunal', 'Nikhil'][attempt] as string;
  const brideFirst = ['Hetal', 'Nisha', 'Meera'][attempt] as string;
  const groom = await person(browser, 'groom', { surname: 'Patel', name: `${groomFirst} Patel`, axe: true });
  const bride = await person(browser, 'bride', { surname: 'Shah', name: `${brideFirst} Shah` });
  const staff = await person(browser, 'mstaff', { marital: null });
  grant(staff.username, 'Admin');
  const stamp = Date.now().toString().slice(-6);
  const groomPhone = `98250 ${stamp.slice(0, 5)}`;
  const bridePhone = `94260 ${stamp.slice(1, 6)}`;

  await list(
    groom.page,
    {
      dob: '1995-03-10',
      gender: 'Male',
      about: 'Calm, family minded, loves cricket',
      phone: groomPhone,
      address: '12 Station Road, Anand',
      education: 'B.Com',
      career: 'Accountant',
      expectation: 'Kind, educated, close to her family',
      color: '#1c7ed6',
    },
    'form',
  );
  await look(groom.page, shots, 'under-review');
  // The biodata is a print-only page in Gujarati: absent on screen, the only thing on paper.
  const sheet = groom.page.locator('[data-biodata]');
  await expect(sheet).toBeHidden();
  await groom.page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('બાયોડેટા', { exact: true })).toBeVisible();
  await expect(sheet.getByText(groomPhone)).toBeVisible();
  await expect(groom.page.getByRole('heading', { name: 'Profile Under Review' })).toBeHidden();
  await shoot(groom.page, { path: join(shots, 'biodata-print.png'), fullPage: true });
  await groom.page.emulateMedia({ media: 'screen' });
  await list(bride.page, {
    dob: '1998-11-02',
    gender: 'Female',
    about: 'Teacher who loves garba and books',
    phone: bridePhone,
    address: '4 Lake View, Nadiad',
    education: 'M.Sc',
    career: 'Teacher',
    expectation: 'Honest, settled, respects elders',
    color: '#c2255c',
  });

  // Neither sees anyone before verification.
  await groom.page.reload();
  await expect(groom.page.getByRole('heading', { name: 'Profile Under Review' })).toBeVisible();
  await expect(groom.page.getByRole('tab', { name: 'Profiles' })).toHaveCount(0);

  // Staff verify both: the queue shows the phone number to call.
  await staff.page.goto('/admin/matrimony');
  for (const [member, phone] of [
    [groom, groomPhone],
    [bride, bridePhone],
  ] as const) {
    const queued = staff.page.getByRole('article', { name: `Matrimony profile of ${member.name}` });
    await expect(queued).toBeVisible();
    await expect(queued.getByRole('link', { name: phone })).toBeVisible();
  }
  await look(staff.page, shots, 'staff-verification');
  // The same queue in the Gujarati console: its buttons are Gujarati too.
  const staffGu = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staffGuPage = await staffGu.newPage();
  await logIn(staffGuPage.request, staff);
  await staffGuPage.setViewportSize({ width: 375, height: 800 });
  await staffGuPage.goto('/admin/matrimony');
  const queuedGu = staffGuPage.getByRole('article', { name: `${groom.name}ની મેટ્રિમોની પ્રોફાઇલ` });
  await expect(queuedGu.getByRole('button', { name: 'મંજૂર કરો' })).toBeVisible();
  await expect(queuedGu.getByRole('button', { name: 'બંધ કરો', exact: true })).toBeVisible();
  await expect(queuedGu.getByRole('button', { name: /Approve|Ban/ })).toHaveCount(0);
  await staffGu.close();
  for (const member of [groom, bride]) {
    const queued = staff.page.getByRole('article', { name: `Matrimony profile of ${member.name}` });
    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect(queued).toHaveCount(0);
  }

  // Each shortlists the other. Suggestions never carry a phone number or address.
  const suggested = await reachedBrowser(groom.page, '/api/matrimony/suggestions', () =>
    groom.page.goto('/matrimony'),
  );
  expect(suggested).toContain('Teacher who loves garba and books');
  expect(suggested).not.toContain(bridePhone);
  expect(suggested).not.toContain('Lake View');
  const herCard = card(groom.page, brideFirst);
  await expect(herCard.getByText('Teacher who loves garba and books')).toBeVisible();
  // Her photo comes only through the checked matrimony route. (The photo links to her profile page as
  // her name does; that duplicate link is kept out of the reading, so it is found by its alt text.)
  const img = herCard.getByAltText(`Photo of ${brideFirst}`);
  await expect(img).toHaveAttribute('src', /^\/api\/matrimony\/profiles\/[^/]+\/photo/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const src = (await img.getAttribute('src')) ?? '';
  const checked = await groom.page.request.get(src);
  expect(checked.status()).toBe(200);
  expect(checked.headers()['cache-control']).toContain('no-store');
  // The stored file itself is never reachable by id through the public preview route.
  const herDp = (await (await bride.page.request.get('/api/matrimony/profile')).json()).dp as string;
  expect(herDp).toBeTruthy();
  expect((await groom.page.request.get(`/api/files/${herDp}/preview?width=300`)).status()).toBe(404);
  await look(groom.page, shots, 'dashboard-profiles');
  // Block asks first (its dialog loads on this first press); Cancel changes nothing and gives focus back.
  const blockButton = herCard.getByRole('button', { name: 'Block' });
  await blockButton.focus();
  await groom.page.keyboard.press('Enter');
  const ask = groom.page.getByRole('dialog', { name: `Block ${brideFirst}?` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(blockButton).toBeFocused();
  await expect(herCard).toBeVisible();
  await herCard.getByRole('button', { name: 'Shortlist' }).click();
  await expect(herCard.getByRole('button', { name: 'Shortlisted' })).toBeVisible();
  await groom.page.getByRole('tab', { name: 'Matches' }).click();
  await expect(groom.page.getByRole('heading', { name: 'No Matches Yet' })).toBeVisible();

  await bride.page.goto('/matrimony');
  await card(bride.page, groomFirst).getByRole('button', { name: 'Shortlist' }).click();
  await expect(card(bride.page, groomFirst).getByRole('button', { name: 'Shortlisted' })).toBeVisible();
  // Her shortlist made the match: she is told at once.
  await expect(bride.page.getByText(`It's a match with ${groomFirst}!`, { exact: false })).toBeVisible();

  // He is told on his next visit, on a phone: a notice and a count on Matches until he opens it.
  await groom.page.setViewportSize({ width: 375, height: 800 });
  await groom.page.goto('/matrimony');
  const matchesTab = groom.page.getByRole('tab', { name: /Matches/ });
  await expect(matchesTab.getByTestId('matches-count')).toHaveText('1');
  const news = groom.page.getByTestId('match-news');
  await expect(news.getByText('You have a new match.')).toBeVisible();
  await expect(news).toBeInViewport();
  expect(await axeFindings(groom.page, '[data-testid="match-news"]')).toEqual([]);
  expect(await axeFindings(groom.page, '[role="tablist"]')).toEqual([]);
  await news.getByRole('button', { name: 'See matches' }).click();
  await expect(card(groom.page, brideFirst)).toBeVisible();
  await expect(matchesTab.getByTestId('matches-count')).toHaveCount(0);
  await expect(news).toHaveCount(0);
  await groom.page.reload();
  await expect(card(groom.page, brideFirst)).toBeVisible();
  await expect(matchesTab.getByTestId('matches-count')).toHaveCount(0);
  await groom.page.setViewportSize({ width: 1280, height: 900 });

  // The match appears for both; she asks for his full profile.
  await bride.page.getByRole('tab', { name: 'Matches' }).click();
  const match = card(bride.page, groomFirst);
  await match.getByRole('button', { name: 'Request Full Profile' }).click();
  await expect(match.getByRole('button', { name: 'Request Sent' })).toBeVisible();
  await expect(match.getByText(groomPhone)).toHaveCount(0);
  await look(bride.page, shots, 'dashboard-matches');

  await groom.page.reload();
  await expect(card(groom.page, brideFirst)).toBeVisible();
  const requestsTab = groom.page.getByRole('tab', { name: /Requests/ });
  await expect(requestsTab.getByTestId('requests-count')).toHaveText('1');
  await requestsTab.click();
  const incoming = card(groom.page, brideFirst);
  await expect(incoming.getByRole('button', { name: 'Accept Request' })).toBeVisible();
  await look(groom.page, shots, 'dashboard-requests');
  await incoming.getByRole('button', { name: 'Accept Request' }).click();
  await expect(incoming.getByRole('button', { name: 'Revoke Profile Access' })).toBeVisible();

  // Now, and only now, his number reaches her browser.
  let matches = await reachedBrowser(bride.page, '/api/matrimony/matches', () => bride.page.reload());
  expect(matches).toContain(groomPhone);
  await expect(card(bride.page, groomFirst).getByText(groomPhone)).toBeVisible();
  await expect(card(bride.page, groomFirst).getByText('12 Station Road, Anand')).toBeVisible();
  await expect(card(bride.page, groomFirst).getByText('Kind, educated, close to her family')).toBeVisible();
  // Her button says her request was accepted.
  await expect(card(bride.page, groomFirst).getByRole('button', { name: 'Request accepted' })).toBeDisabled();
  await look(bride.page, shots, 'match-accepted');
  // Her own number never reached his browser: he accepted her request, not the other way round.
  const hisMatches = await groom.page.request.get('/api/matrimony/matches');
  expect(await hisMatches.text()).not.toContain(bridePhone);

  // Revoking hides it again at once.
  await incoming.getByRole('button', { name: 'Revoke Profile Access' }).click();
  await expect(incoming.getByRole('button', { name: 'Accept Request' })).toBeVisible();
  matches = await reachedBrowser(bride.page, '/api/matrimony/matches', () => bride.page.reload());
  expect(matches).not.toContain(groomPhone);
  await expect(card(bride.page, groomFirst)).toBeVisible();
  await expect(card(bride.page, groomFirst).getByText(groomPhone)).toHaveCount(0);

  // The dashboard in Gujarati, as most members see it.
  const gu = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guPage = await gu.newPage();
  await logIn(guPage.request, {
    username: groom.username,
    name: groom.name,
    email: groom.email,
    password: groom.password,
  });
  await guPage.goto('/matrimony?tab=requests');
  await expect(card(guPage, brideFirst).getByRole('button', { name: 'Accept Request' })).toBeVisible();
  await look(guPage, shots, 'dashboard-gu-requests');

  // On a phone he blocks her, then finds her in matrimony settings and unblocks her
  // (docs/product/matrimony.md, "Safety").
  await groom.page.setViewportSize({ width: 375, height: 800 });
  await groom.page.goto('/matrimony');
  await card(groom.page, brideFirst).getByRole('button', { name: 'Block' }).click();
  const confirm = groom.page.getByRole('dialog', { name: `Block ${brideFirst}?` });
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(card(groom.page, brideFirst)).toHaveCount(0);
  await groom.page
    .getByRole('region', { name: 'Your matrimony profile' })
    .getByRole('button', { name: 'Settings' })
    .click();
  const hiddenList = groom.page.getByRole('region', { name: 'Not interested and blocked' });
  await expect(hiddenList.getByText(brideFirst)).toBeVisible();
  const unblockButton = hiddenList.getByRole('button', { name: `Unblock: ${brideFirst}` });
  await expect(unblockButton).toBeInViewport();
  // Judged once the dialog has faded in: axe leaves colours it cannot tell apart mid-fade unjudged.
  await expect(groom.page.getByRole('dialog').last()).toHaveCSS('opacity', '1');
  expect(await axeFindings(groom.page, '[role="dialog"]')).toEqual([]);
  await unblockButton.click();
  await expect(hiddenList.getByText('You have not hidden or blocked anyone.')).toBeVisible();
  await groom.page.keyboard.press('Escape');
  await groom.page.reload();
  await expect(card(groom.page, brideFirst)).toBeVisible();
  await groom.page.setViewportSize({ width: 1280, height: 900 });
});

test('a Married member sees why matrimony is not for them, with a share button', async ({ browser }) => {
  const married = await person(browser, 'married', { lang: 'gu', marital: 'Married' });
  await married.page.goto('/matrimony');
  await expect(married.page.getByText(/મેટ્રિમોની ફક્ત અપરિણીત સભ્યો માટે છે/)).toBeVisible();
  await expect(married.page.getByRole('button', { name: 'શેર કરો' })).toBeVisible();
  await expect(married.page.getByRole('form')).toHaveCount(0);
  await look(married.page, shots, 'married');
  // The server refuses too, whatever the screen shows.
  const res = await married.page.request.post('/api/matrimony/profile', {
    data: {
      dob: '1990-01-01',
      gender: 'Male',
      description: 'x',
      number: '9825012345',
      address: 'x',
      education: 'x',
      career: 'x',
      expectation: 'x',
    },
  });
  expect(res.status()).toBe(403);
});

test('the visitor intro, the no-marital-status prompt, and the form in Gujarati refusing a man under 21', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await context.newPage();
  await visitor.goto('/matrimony');
  const main = visitor.getByRole('main');
  await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?forward=%2Fmatrimony',
  );
  await expect(main.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/signup?forward=%2Fmatrimony',
  );
  await look(visitor, shots, 'visitor');
  const unknown = await person(browser, 'nostatus', { lang: 'gu', marital: null });
  await unknown.page.goto('/matrimony');
  await expect(unknown.page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/settings/profile',
  );
  await look(unknown.page, shots, 'no-status');

  // Once Single, the same member gets the form; in Gujarati, as most members see it.
  const res = await unknown.page.request.patch('/api/account', {
    data: { name: unknown.name, email: unknown.email, marital_status: 'Single' },
  });
  expect(res.status()).toBe(200);
  await unknown.page.goto('/matrimony');
  const form = unknown.page.getByRole('form', { name: 'મેટ્રિમોની પ્રોફાઇલ ફોર્મ' });
  await expect(form.getByText(/છોકરીઓ માટે 18 વર્ષ અને છોકરાઓ માટે 21 વર્ષ/)).toBeVisible();
  await look(unknown.page, shots, 'form-gu-step0');
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel('જન્મ તારીખ').fill(`${new Date().getFullYear() - 20}-01-01`);
  await form.getByRole('radio', { name: 'પુરુષ' }).check();
  // Core's rule, in Gujarati, before the member goes any further.
  await expect(form.getByText(/લગ્ન માટેની કાયદેસર લઘુત્તમ ઉંમર પૂરી થતી નથી/)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toBeDisabled();
  await look(unknown.page, shots, 'form-gu-step1');
});
