import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { goInApp } from '../support/app-script';
import { chooseLanguage } from '../support/language';
import { cli, grant, type Member, newMember, signUp } from '../support/members';
import { shoot } from '../support/screens';

// Accounts as members meet them (docs/product/accounts.md): the signup wizard, login, the error
// catalogue (docs/product/errors.md), the profile
// page and its picture, settings, manage profile, the language switch and logout, in Chromium
// against the real server.

const here = dirname(fileURLToPath(import.meta.url));

function english(page: Page) {
  return chooseLanguage(page.context(), 'en');
}

async function png(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

async function account(request: APIRequestContext) {
  const res = await request.get('/api/account');
  return { status: res.status(), body: res.ok() ? await res.json() : null };
}

function joinDate(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
}

/** Walks the wizard to step 3 with `member`'s details (surname Patel, shown as પટેલ). */
async function fillWizard(page: Page, member: Member) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'પટેલ' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Display name').fill(member.name);
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => {
    await english(page);
  });

  test('signup step 1 on a phone: the surname found by Latin, Gujarati or pronunciation, in the directory order', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/signup');
    const search = page.getByRole('searchbox', { name: 'Search surnames' });
    await expect(search).toBeInViewport();
    const all = await page.getByRole('radio').count();
    expect(all).toBeGreaterThan(50);
    for (const query of ['trived', 'ત્રિવેદી', 'Trivedī']) {
      await search.fill(query);
      await expect(page.getByRole('radio')).toHaveCount(1);
      await expect(page.getByRole('radio', { name: 'ત્રિવેદી' })).toBeInViewport();
    }
    await page.getByRole('radio', { name: 'ત્રિવેદી' }).check();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    // The same order as the directory lists them.
    await search.fill('');
    await expect(page.getByRole('radio')).toHaveCount(all);
    const signup = await page
      .getByRole('radio')
      .evaluateAll((els) => els.map((el) => el.getAttribute('value')));
    await page.goto('/surnames');
    const cards = page.getByTestId('surname-card');
    await expect(cards).toHaveCount(all);
    const directory = await cards.evaluateAll((els) =>
      els.map((el) => decodeURIComponent((el.getAttribute('href') ?? '').replace('/surname/', ''))),
    );
    expect(directory).toEqual(signup);
  });

  test('the signup wizard: steps, disabled Next, blocked spaces, Please Wait.. and landing on /', async ({
    page,
  }) => {
    const member = newMember('wizard');
    await page.goto('/signup');
    await expect(page.getByText('Step 1 / 3')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    // The whole directory is offered, not only a first page.
    await expect(page.getByRole('radio', { name: 'પટેલ' })).toBeVisible();
    expect(await page.getByRole('radio').count()).toBeGreaterThan(50);
    await page.getByRole('radio', { name: 'પટેલ' }).check();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByText('Step 2 / 3')).toBeVisible();
    await expect(page.getByText('It cannot be changed later.')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Display name').fill(member.name);
    const username = page.getByLabel('Username');
    await username.pressSequentially('ab c');
    await expect(username).toHaveValue('abc');
    await username.fill(member.username);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('Email').fill(member.email);
    await expect(next).toBeEnabled();

    // Previous keeps what was typed.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Step 1 / 3')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'પટેલ' })).toBeChecked();
    await next.click();
    await expect(page.getByLabel('Username')).toHaveValue(member.username);
    await next.click();

    await expect(page.getByText('Step 3 / 3')).toBeVisible();
    const create = page.getByRole('button', { name: 'Create Account' });
    await expect(create).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await page.getByLabel('Confirm password').fill(`${member.password}x`);
    await page.getByLabel('Confirm password').blur();
    await expect(page.getByText('passwords do not match')).toBeVisible();
    await expect(create).toBeDisabled();
    await page.getByLabel('Confirm password').fill(member.password);
    await expect(create).toBeEnabled();

    // Hold the request a moment so the busy label can be seen.
    await page.route('**/api/account/signup', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await create.click();
    await expect(page.getByRole('button', { name: 'Please Wait..' })).toBeDisabled();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('nav-profile')).toContainText(member.name);
    const me = await account(page.request);
    expect(me.body).toMatchObject({ id: member.username, email: member.email, surname: 'Patel' });
  });

  test('signup errors from the catalogue, the button back to Create Account after each', async ({
    page,
    request,
  }) => {
    const taken = await signUp(request, newMember('taken'));
    const create = page.getByRole('button', { name: 'Create Account' });

    await fillWizard(page, { ...newMember('dupe'), username: taken.username });
    await create.click();
    await expect(page.getByRole('alert')).toHaveText(
      'A user with the same username, email, or phone already exists.',
    );
    await expect(create).toBeEnabled();

    // An email our own rules accept but the server refuses, and a failure of any other kind.
    await page.route('**/api/account/signup', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Invalid `email` param', code: 400, type: 'user_email_invalid' },
      }),
    );
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(create).toBeEnabled();
    await page.unroute('**/api/account/signup');
    await page.route('**/api/account/signup', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom', code: 500, type: 'general_unknown' } }),
    );
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong, please try again.');
    await expect(create).toBeEnabled();
    expect((await account(page.request)).status).toBe(401);
  });

  test('login: disabled while invalid, every catalogue message, link to signup', async ({
    page,
    request,
  }) => {
    const member = await signUp(request, newMember('login'));
    const blocked = await signUp(request, newMember('blocked'));
    expect(cli('block', blocked.username)).toContain(blocked.username);

    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
    const submit = page.getByRole('button', { name: 'Login' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await expect(submit).toBeDisabled();

    await fillLogin(page, member.email, 'wrong password 1');
    await expect(page.getByRole('alert')).toHaveText('Please check your email and password');
    await expect(submit).toBeEnabled();

    await fillLogin(page, blocked.email, blocked.password);
    await expect(page.getByRole('alert')).toHaveText('This account is blocked.');

    await page.route('**/api/account/login', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom', code: 500, type: 'general_unknown' } }),
    );
    await fillLogin(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Something Went Wrong, Try again later');
    expect((await account(page.request)).status).toBe(401);
  });

  test('login forwards to a safe path only, and a logged-in member skips the form', async ({
    page,
    request,
  }) => {
    const member = await signUp(request, newMember('forward'));
    await page.goto('/login?forward=/settings');
    await fillLogin(page, member.email, member.password);
    await expect(page).toHaveURL(/\/settings$/);

    // Already logged in: straight to the forward path.
    await page.goto('/login?forward=/surnames');
    await expect(page).toHaveURL(/\/surnames$/);

    await page.request.post('/api/account/logout');
    await page.goto('/login?forward=//evil.example');
    await fillLogin(page, member.email, member.password);
    await expect(page).toHaveURL((url) => url.host === new URL(page.url()).host && url.pathname === '/');
    expect(new URL(page.url()).host).not.toContain('evil');
  });

  test('profile: badges after grant, join date, owner tools, unknown user and load failure', async ({
    page,
    request,
  }) => {
    const owner = await signUp(page.request, newMember('owner'));
    const other = await signUp(request, newMember('other'));
    grant(owner.username, 'Verified');
    grant(owner.username, 'Founder');

    // /profile with no id is the member's own profile.
    await page.goto('/profile');
    await expect(page).toHaveURL(new RegExp(`/profile/${owner.username}$`));
    await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    await expect(page.getByText(`@${owner.username}`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible();
    const badges = page.getByLabel('Badges');
    await expect(badges.getByText('Verified', { exact: true })).toBeVisible();
    await expect(badges.getByText('Founder', { exact: true })).toBeVisible();
    await expect(badges.getByText('Admin', { exact: true })).toHaveCount(0);
    await expect(page.getByText(`Joined ${joinDate()}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('button', { name: 'Change the profile picture' })).toBeVisible();
    await expect(page.getByText('No Posts Yet')).toBeVisible();

    // Someone else's profile: no gear, no edit, no private fields, no owner buttons in the popup.
    await page.goto(`/profile/${other.username}`);
    await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Verified' })).toHaveCount(0);
    await expect(page.getByText(other.email)).toHaveCount(0);
    await page.getByRole('button', { name: 'Open the profile picture' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/api\/files\/newuser\/preview\?width=490/);
    await expect(dialog.getByRole('button', { name: 'Upload new image' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/profile/nosuchmember_404');
    await expect(page.getByRole('heading', { level: 1, name: 'Unknown User' })).toBeVisible();

    // A profile that fails to load, opened from inside the app (a page load would bring it rendered).
    await page.route('**/api/profiles/**', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom', code: 500, type: 'general_unknown' } }),
    );
    await goInApp(page, `/profile/${other.username}`);
    await expect(page.getByRole('alert')).toHaveText('Something went wrong');
  });

  test('a visitor opening /profile is sent to login and back', async ({ page, request }) => {
    const member = await signUp(request, newMember('visitor'));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?forward=(%2F|\/)profile$/);
    await fillLogin(page, member.email, member.password);
    await expect(page).toHaveURL(new RegExp(`/profile/${member.username}$`));
  });

  test('picture upload and removal from the profile popup', async ({ page }) => {
    const member = await signUp(page.request, newMember('picture'));
    await page.goto(`/profile/${member.username}`);
    await page.getByRole('button', { name: 'Change the profile picture' }).click();
    const dialog = page.getByRole('dialog');
    const big = dialog.locator('img');
    await expect(big).toHaveAttribute('src', /\/newuser\/preview\?width=490/);
    await expect(dialog.getByRole('button', { name: 'Remove Image' })).toBeDisabled();

    // Bytes that are not a picture, under a picture's name: refused with a clear message.
    await dialog.getByLabel('Upload new image').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect(dialog.getByRole('alert')).toHaveText('Please choose a JPEG or PNG picture.');
    expect((await account(page.request)).body.prefs.dp).toBe('newuser');

    await page.route('**/api/account/picture', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await dialog.getByLabel('Upload new image').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await png(),
    });
    await expect(dialog.getByRole('button', { name: 'Updating..' })).toBeDisabled();
    await expect(big).not.toHaveAttribute('src', /newuser/);
    const dp = (await account(page.request)).body.prefs.dp as string;
    expect(dp).not.toBe('newuser');
    await expect(big).toHaveAttribute('src', new RegExp(`/api/files/${dp}/preview\\?width=490`));
    const preview = await page.request.get(`/api/files/${dp}/preview?width=300`);
    expect(preview.status()).toBe(200);
    // The picture shows on the page too, not only in the popup.
    await expect(page.locator('main img').first()).toHaveAttribute('src', new RegExp(`/api/files/${dp}/`));

    await dialog.getByRole('button', { name: 'Remove Image' }).click();
    await expect(big).toHaveAttribute('src', /\/newuser\/preview/);
    expect((await account(page.request)).body.prefs.dp).toBe('newuser');
    expect((await page.request.get(`/api/files/${dp}/preview?width=300`)).status()).toBe(404);
  });

  test('settings → manage profile: saved, kept after reload, wrong current password explained', async ({
    page,
  }) => {
    const member = await signUp(page.request, newMember('manage'));
    await page.goto('/settings');
    for (const entry of [
      'Back',
      'Manage Profile',
      'Notifications',
      'Privacy Settings',
      'Help',
      'About',
      'Logout',
    ]) {
      await expect(
        page.getByRole('navigation', { name: 'Settings' }).getByText(entry, { exact: true }),
      ).toBeVisible();
    }
    await page.getByRole('link', { name: 'Manage Profile' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(page.getByLabel('Email')).toHaveValue(member.email);

    await page.getByLabel('Display name').fill('Renamed Member');
    await page.getByLabel('Birthday').fill('1990-04-12');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('radio', { name: 'Single' }).check();
    await page.route('**/api/account', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Please wait..' })).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('Your profile was saved.');
    await expect(page.getByTestId('nav-profile')).toContainText('Renamed Member');

    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Renamed Member');
    await expect(page.getByLabel('Birthday')).toHaveValue('1990-04-12');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Single' })).toBeChecked();

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('another password 9');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('logout ends the session on the server and goes to /login', async ({ page, baseURL }) => {
    await signUp(page.request, newMember('logout'));
    const cookies = await page.context().cookies();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('nav-login')).toBeVisible();
    // The old cookie, replayed from elsewhere, no longer opens the account.
    const replay = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect((await account(replay)).status).toBe(401);
    await replay.dispose();
  });

  test('privacy: download my data, then delete the account after the password', async ({ page }) => {
    const member = await signUp(page.request, newMember('privacy'));
    await page.goto('/settings/privacy');
    await expect(page.getByText('Your email address')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toContain(member.username);

    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password is not correct.');

    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Please check your email and password');
  });

  test('help and about show the operator configuration', async ({ page }) => {
    const config = await (await page.request.get('/api/public-config')).json();
    await page.goto('/settings/about');
    // Unset COMMUNITY_ABOUT leaves the about text to the app, in the member's language.
    const about =
      config.communityAbout ||
      'A home for our community: surnames and their history, news from members, matrimony and live events.';
    await expect(page.getByText(about)).toBeVisible();
    await expect(page.getByText(`App version ${config.version}`)).toBeVisible();
    await page.goto('/settings/help');
    await expect(page.getByRole('heading', { name: 'How to use the app' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
  });
});

test('the language switch is in settings and survives a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('સેટિંગ્સ');
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByText('ગુજરાતી', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('સેટિંગ્સ');
});

for (const width of [375, 1280]) {
  test(`signup, login, profile and settings fit ${width} px without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const shots = join(here, '../test-results/accounts-screens');
    const check = async (path: string, name: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shoot(page, { path: join(shots, `${name}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    };
    await check('/signup', 'signup');
    await check('/login', 'login');
    const member = await signUp(page.request, newMember(`screen${width}`));
    grant(member.username, 'Verified');
    await check(`/profile/${member.username}`, 'profile');
    await check('/settings', 'settings');
    await check('/settings/profile', 'manage-profile');
  });
}
