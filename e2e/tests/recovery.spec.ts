import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { pageProblems } from '../support/app-script';
import { linkIn, mailsTo, nextMail } from '../support/mail-sink';
import { grant, logIn, type Member, newMember, signUp } from '../support/members';

// Getting back into an account (docs/product/accounts.md), in the browser against the real server, which
// sends its mail to the local SMTP sink the runner started (playwright.config.ts, support/mail-sink.ts):
// "Forgot password?" by email, the staff-made link at 375 px, links that cannot be used, and confirming an
// email address.

const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const NEW_PASSWORD = 'a brand new passphrase';

/** Screenshots of a new screen, at a phone's and a desktop's width, to look at (E2E_SHOTS_DIR). */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Console errors other than the browser's own line for an answered 4xx (the app shows those). */
const realProblems = (problems: string[]) => problems.filter((p) => !p.startsWith('Failed to load resource'));

async function apiLogin(request: APIRequestContext, member: Member, password: string) {
  return (await request.post('/api/account/login', { data: { email: member.email, password } })).status();
}

async function newPage(browser: Browser, viewport = DESKTOP) {
  // The worker allowed, as in members' browsers (blocked, the app logs its failed registration).
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  return { context, page, problems: pageProblems(page) };
}

/** Sets a new password on an open /reset-password page and waits to land home, signed in. */
async function setNewPassword(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ ફરી લખો', exact: true }).fill(password);
  await page.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a member who forgot the password gets a mail, follows its link, sets a new one; the old one no longer works', async ({
  browser,
  request,
  baseURL,
}) => {
  // Signed up elsewhere (the API context keeps that session): this browser is logged out.
  const member = await signUp(request, newMember('forgot'));
  const { context, page, problems } = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'પાસવર્ડ ભૂલી ગયા?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'પાસવર્ડ ભૂલી ગયા?' })).toBeVisible();
  await shoot(page, 'forgot-password');

  // An address no account uses gets the same answer, and no mail.
  const nobody = newMember('nobody').email;
  await page.getByLabel('ઈમેલ').fill(nobody);
  await page.getByRole('button', { name: 'લિંક મોકલો' }).click();
  const answer = 'જો કોઈ એકાઉન્ટ આ સરનામું વાપરતું હોય, તો અમે તેના પર લિંક મોકલી છે';
  await expect(page.getByRole('status')).toHaveText(answer);
  await page.getByRole('button', { name: 'બીજું સરનામું વાપરો' }).click();
  await page.getByLabel('ઈમેલ').fill(member.email);
  await page.getByRole('button', { name: 'લિંક મોકલો' }).click();
  await expect(page.getByRole('status')).toHaveText(answer);
  await shoot(page, 'forgot-password-sent');

  // The mail, in Gujarati (the browser's language), with a link to this app.
  const mail = await nextMail(member.email, `${baseURL}/reset-password?token=`);
  expect(mail.subject).toContain('પાસવર્ડ');
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);
  expect(mailsTo(nobody)).toEqual([]);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'નવો પાસવર્ડ રાખો' })).toBeVisible();
  // Core's rules, each under its field.
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true }).fill('short');
  await page
    .getByRole('textbox', { name: 'નવો પાસવર્ડ ફરી લખો', exact: true })
    .fill('something else entirely');
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true }).focus();
  await expect(page.getByText('પાસવર્ડ ઓછામાં ઓછા 8 અક્ષરનો હોવો જોઈએ')).toBeVisible();
  await expect(page.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' })).toBeDisabled();
  await shoot(page, 'reset-password');
  await setNewPassword(page, NEW_PASSWORD);

  // Signed in here; the session from before (the API context's) has ended.
  expect((await page.request.get('/api/account')).status()).toBe(200);
  expect((await request.get('/api/account')).status()).toBe(401);
  expect(await apiLogin(request, member, member.password)).toBe(401);

  // A fresh browser logs in with the new password through the login page.
  const other = await newPage(browser);
  await other.page.goto('/login');
  await other.page.getByLabel('ઈમેલ').fill(member.email);
  await other.page.getByRole('textbox', { name: 'પાસવર્ડ' }).fill(NEW_PASSWORD);
  await other.page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(other.page).toHaveURL(/\/$/);
  expect((await other.page.request.get('/api/account')).status()).toBe(200);

  // The link worked once.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true }).fill('yet another passphrase');
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ ફરી લખો', exact: true }).fill('yet another passphrase');
  await page.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' }).click();
  await expect(page.getByRole('alert')).toContainText('આ લિંક માન્ય નથી અથવા પહેલેથી વપરાઈ ગઈ છે');
  expect(await apiLogin(request, member, NEW_PASSWORD)).toBe(200);

  expect(realProblems(problems)).toEqual([]);
  expect(other.problems).toEqual([]);
  await other.context.close();
  await context.close();
});

test('an Admin makes a one-time link at 375 px; a logged-out browser uses it', async ({
  browser,
  request,
}) => {
  const { context, page, problems } = await newPage(browser, PHONE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The phone's share sheet, as the page would call it (Chromium here has none).
  await context.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: unknown) => {
        shared.push(data);
      },
    });
  });
  const admin = await signUp(page.request, newMember('admin'));
  grant(admin.username, 'Admin');
  await logIn(page.request, admin);
  // A member who never reads mail; signed up on their own phone (the API context).
  const member = await signUp(request, newMember('nomail'));

  await page.goto('/admin/members');
  await page.getByRole('searchbox', { name: 'સભ્ય શોધો' }).fill(member.username);
  await page.getByRole('button', { name: `${member.name} માટે પાસવર્ડ લિંક બનાવો` }).click();
  const field = page.getByRole('textbox', { name: 'એક વખતની લિંક' });
  await expect(field).toHaveValue(/\/reset-password\?token=/);
  const url = await field.inputValue();
  await page.getByRole('button', { name: 'કૉપી કરો' }).click();
  await expect(page.getByText('કૉપી થઈ ગઈ.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.getByRole('button', { name: 'શેર કરો' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
    .toEqual([expect.objectContaining({ url })]);
  // Everything within the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'admin-reset-link');
  expect(problems).toEqual([]);

  // The member, logged out on their own phone, opens what the Admin sent.
  const phone = await newPage(browser, PHONE);
  await phone.page.goto(url);
  await setNewPassword(phone.page, NEW_PASSWORD);
  expect((await phone.page.request.get('/api/account')).status()).toBe(200);
  expect(await apiLogin(phone.page.request, member, member.password)).toBe(401);
  expect(phone.problems).toEqual([]);
  await phone.context.close();
  await context.close();
});

test('a forged or cut link says it cannot be used and leads to asking again', async ({ browser }) => {
  const { context, page, problems } = await newPage(browser, PHONE);
  await page.goto('/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await setNewPasswordExpectingProblem(page);
  await expect(page.getByRole('alert')).toContainText('આ લિંક માન્ય નથી અથવા પહેલેથી વપરાઈ ગઈ છે');
  await page.getByRole('link', { name: 'નવી લિંક માગો' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // A link cut in a chat (nothing or odd characters after token=) is refused at once.
  await page.goto('/reset-password?token=');
  await expect(page.getByRole('alert')).toContainText('આ લિંક માન્ય નથી');
  await shoot(page, 'reset-password-bad-link');
  expect(realProblems(problems)).toEqual([]);
  await context.close();
});

async function setNewPasswordExpectingProblem(page: Page) {
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'નવો પાસવર્ડ ફરી લખો', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'નવો પાસવર્ડ સાચવો' }).click();
}

test('a new member confirms the address from the mail; until then a quiet notice offers "send again"', async ({
  browser,
  baseURL,
}) => {
  const { context, page, problems } = await newPage(browser, PHONE);
  const member = await signUp(page.request, newMember('confirm'));
  const prefix = `${baseURL}/confirm-email?token=`;
  await nextMail(member.email, prefix);

  await page.goto('/settings');
  const notice = page.getByRole('region', { name: 'સરનામાની ખાતરી' });
  await expect(notice).toContainText('અમે તમને મેઇલ કરેલી લિંક ખોલીને તમારા સરનામાની ખાતરી કરો.');
  await notice.getByRole('button', { name: 'ફરી મોકલો' }).click();
  await expect(notice.getByRole('status')).toHaveText('મોકલી દીધી.');
  const mail = await nextMail(member.email, prefix, 2);
  await shoot(page, 'email-notice');

  // Put away: it stays away on this browser, after a reload too.
  await notice.getByRole('button', { name: 'આ સૂચના છુપાવો' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Opened on another device, logged out.
  const other = await newPage(browser, PHONE);
  await other.page.goto(linkIn(mail, prefix));
  await expect(other.page.getByRole('status')).toHaveText(`આભાર: ${member.email} ની ખાતરી થઈ ગઈ.`);
  await shoot(other.page, 'confirm-email');
  expect(await (await page.request.get('/api/account')).json()).toMatchObject({ emailVerified: true });

  // A forged confirmation link says so.
  await other.page.goto('/confirm-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(other.page.getByRole('alert')).toHaveText('આ લિંક માન્ય નથી અથવા પહેલેથી વપરાઈ ગઈ છે.');
  expect(problems).toEqual([]);
  expect(realProblems(other.problems)).toEqual([]);
  await other.context.close();
  await context.close();
});

test('a new address in Manage Profile applies once the link mailed to it is opened', async ({
  browser,
  baseURL,
}) => {
  const { context, page, problems } = await newPage(browser, PHONE);
  const member = await signUp(page.request, newMember('moving'));
  const newEmail = newMember('moved').email;
  await page.goto('/settings/profile');
  // Typed once the app has the page (the server's field holds the current address).
  await expect(page.locator('html[data-taken-over]')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'ઈમેલ', exact: true }).fill(newEmail);
  await page.getByRole('textbox', { name: 'હાલનો પાસવર્ડ', exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'સાચવો', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toContainText(member.email);
  await shoot(page, 'email-change-pending');
  expect(await (await page.request.get('/api/account')).json()).toMatchObject({ email: member.email });

  const prefix = `${baseURL}/confirm-email?token=`;
  const mail = await nextMail(newEmail, prefix);
  await page.goto(linkIn(mail, prefix));
  await expect(page.getByRole('status')).toHaveText(`આભાર: ${newEmail} ની ખાતરી થઈ ગઈ.`);
  expect(await (await page.request.get('/api/account')).json()).toMatchObject({
    email: newEmail,
    emailVerified: true,
  });
  expect(problems).toEqual([]);
  await context.close();
});
