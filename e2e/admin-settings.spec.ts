import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  collectDialogs,
  countRequests,
  failApi,
  fillStorageQuota,
  findAxeViolations,
  holdRequests,
  openWith,
  readStoredJson,
} from './page-helpers';
import { E2E_ADMIN, E2E_PASSWORD, logInViaApi, registerViaApi, signIn, uniqueEmail } from './session-helpers';

const SETTINGS = '/admin/settings';
const PROFILE = '/admin/profile';
const CHANGE_PASSWORD_API = '/api/auth/change-password';

const PROFILE_SAVED = 'Profile updated successfully!';
const EMPTY_NEW_PASSWORD = 'Please enter a new password!';
const PASSWORD_CHANGED = 'Password changed successfully!';
const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const NOT_AN_IMAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';
const STORAGE_FULL = 'Browser storage is full. Remove some data and try again.';
const NO_ACTIVITY = 'No recent activity.';
const ENTRY = /^Updated profile on \d{1,2}\/\d{1,2}\/\d{2,4}, \d{1,2}:\d{2}:\d{2}\s?[ap]m$/i;

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

type StoredAdminProfile = { name?: string; email?: string; role?: string; profilePic?: string };

function main(page: Page) {
  return page.getByRole('main');
}

function field(page: Page, label: string) {
  return main(page).getByLabel(label, { exact: true });
}

function section(page: Page, title: string) {
  return main(page).getByRole('region', { name: title, exact: true });
}

function fileInput(page: Page) {
  return main(page).locator('input[type="file"]');
}

/** Stores `json` and opens `path` on a signed-in page, waiting (the guard runs first) for the form. */
async function openAdminPage(page: Page, path: string, json: Record<string, unknown> = {}): Promise<void> {
  await openWith(page, path, { json });
  await expect(field(page, 'Name')).toBeVisible({ timeout: 15_000 });
}

/** A real PNG of the given size, drawn by the browser. */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0f766e';
      context.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** The text of the next dialog, accepted as soon as it shows (an open alert would stall the action). */
function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

/** Clicks `button` and returns the text of the dialog it opens. */
async function clickForDialog(page: Page, button: string): Promise<string> {
  const dialog = nextDialog(page);
  await main(page).getByRole('button', { name: button, exact: true }).click();
  return dialog;
}

/** Clicks Save Profile, expecting the success dialog and the reload that follows it. */
async function saveProfileAndReload(page: Page): Promise<void> {
  let message: string | undefined;
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.accept();
  });
  await Promise.all([
    page.waitForEvent('load'),
    main(page).getByRole('button', { name: 'Save Profile' }).click(),
  ]);
  expect(message).toBe(PROFILE_SAVED);
  await expect(field(page, 'Name')).toBeVisible({ timeout: 15_000 });
}

async function activityItems(page: Page): Promise<string[]> {
  return section(page, 'Recent Activity').getByRole('listitem').allTextContents();
}

/**
 * A fresh account with the admin role: registered as a plain user (admin sign-up is closed after
 * E2E_ADMIN), promoted by E2E_ADMIN through the admin API, then logged in. Its password is its own to
 * change; E2E_ADMIN's is never changed (other tests log in with it).
 */
async function freshAdminAccount(request: APIRequestContext, adminToken: string, prefix: string) {
  const account = { fullName: 'Pat Promoted', email: uniqueEmail(prefix), password: E2E_PASSWORD };
  await registerViaApi(request, { ...account, role: 'user' });
  const promoted = await request.put(`/admin/users/${encodeURIComponent(account.email)}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { fullName: account.fullName, email: account.email, role: 'admin' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const token = await logInViaApi(request, account.email, account.password, 'admin');
  return { ...account, token };
}

async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await request.post('/api/auth/login', { data: { email, password, role: 'admin' } });
  return response.status();
}

test.describe('admin settings page', () => {
  test(
    'has the three blocks of the original, Sign-up and Outgoing Mail, with their exact headings, the fields and the defaults',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, SETTINGS);
      await expect(page).toHaveTitle(/^Admin Settings/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible();
      const headings = main(page).getByRole('heading', { level: 2 });
      await expect(headings).toHaveText([
        'Profile Settings',
        'Change Password',
        'Recent Activity',
        'Sign-up',
        'Outgoing Mail',
      ]);

      const profile = section(page, 'Profile Settings');
      await expect(profile.getByText('No Image', { exact: true })).toBeVisible();
      await expect(fileInput(page)).toHaveAttribute('accept', 'image/*');
      await expect(field(page, 'Name')).toHaveValue('Admin User');
      await expect(field(page, 'Email')).toHaveValue('admin@example.com');
      await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
      const role = field(page, 'Role');
      await expect(role).toHaveValue('Admin');
      await expect(role.locator('option')).toHaveText(['Admin', 'Super Admin']);
      await expect(profile.getByRole('button', { name: 'Save Profile' })).toBeEnabled();

      const password = section(page, 'Change Password');
      for (const label of ['Current Password', 'New Password']) {
        await expect(password.getByLabel(label, { exact: true }), label).toHaveAttribute('type', 'password');
        await expect(password.getByLabel(label, { exact: true }), label).toHaveValue('');
      }
      await expect(password.getByRole('button', { name: 'Change Password', exact: true })).toBeEnabled();

      await expect(section(page, 'Recent Activity')).toContainText(NO_ACTIVITY);
      await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveCount(0);
      // Nothing is written by looking.
      expect(await readStoredJson(page, 'adminProfile')).toBeNull();
      expect(await readStoredJson(page, 'adminActivityLog')).toBeNull();
    },
  );

  test(
    'Save Profile stores adminProfile, alerts, reloads, keeps the values, updates the navbar and logs the activity',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, SETTINGS);
      await fileInput(page).setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await makePng(page, 512, 512),
      });
      await expect(main(page).getByRole('img', { name: 'Profile picture preview' })).toBeVisible();
      await field(page, 'Name').fill('Asha Admin');
      await field(page, 'Email').fill('asha.admin@example.com');
      await field(page, 'Role').selectOption('Super Admin');
      // Nothing is stored before Save.
      expect(await readStoredJson(page, 'adminProfile')).toBeNull();

      await saveProfileAndReload(page);

      const stored = await readStoredJson<StoredAdminProfile>(page, 'adminProfile');
      expect(stored).toEqual({
        name: 'Asha Admin',
        email: 'asha.admin@example.com',
        role: 'Super Admin',
        profilePic: expect.stringMatching(/^data:image\/png;base64,/),
      });
      // After the reload the form shows what was saved.
      await expect(field(page, 'Name')).toHaveValue('Asha Admin');
      await expect(field(page, 'Email')).toHaveValue('asha.admin@example.com');
      await expect(field(page, 'Role')).toHaveValue('Super Admin');
      await expect(main(page).getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute(
        'src',
        stored!.profilePic!,
      );
      // The navbar reads adminProfile on /admin paths.
      await expect(page.getByTestId('profile-name')).toHaveText('Asha Admin');
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('img')).toHaveAttribute(
        'src',
        stored!.profilePic!,
      );

      const log = await readStoredJson<string[]>(page, 'adminActivityLog');
      expect(log).toHaveLength(1);
      expect(log![0]).toMatch(ENTRY);
      expect(await activityItems(page)).toEqual(log);
      await expect(section(page, 'Recent Activity').getByText(NO_ACTIVITY)).toHaveCount(0);
    },
  );

  test(
    'the activity log keeps the 5 latest entries, newest first',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      const seeded = [5, 4, 3, 2, 1].map((n) => `Updated profile on 0${n}/01/26, 9:00:00 am`);
      await openAdminPage(page, SETTINGS, { adminActivityLog: seeded });
      await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveText(seeded);

      await saveProfileAndReload(page);

      const log = await readStoredJson<string[]>(page, 'adminActivityLog');
      expect(log).toHaveLength(5);
      expect(log![0]).toMatch(ENTRY);
      expect(log!.slice(1)).toEqual(seeded.slice(0, 4));
      await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveText(log!);
    },
  );

  test(
    'a longer stored log shows only its 5 latest entries',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      const seeded = Array.from({ length: 7 }, (_, index) => `Entry ${7 - index}`);
      await openAdminPage(page, SETTINGS, { adminActivityLog: seeded });
      await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveText(seeded.slice(0, 5));
    },
  );

  test.describe('in a browser far from India', () => {
    test.use({ timezoneId: 'America/New_York' });

    test(
      'the activity date-time is shown in Asia/Kolkata, en-IN',
      { tag: '@one-width' },
      async ({ adminPage: page }) => {
        // The latest 20:00 UTC: 15:00 or 16:00 the same day in New York, 01:30 the next day in Kolkata.
        // In the past, so the session token has not expired by the page's clock.
        const now = new Date();
        const fixed = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 20));
        if (fixed.getTime() > now.getTime()) fixed.setUTCDate(fixed.getUTCDate() - 1);
        await page.clock.setFixedTime(fixed);
        const kolkata = new Date(fixed.getTime() + 5.5 * 3600_000);
        const day = kolkata.getUTCDate();
        const month = kolkata.getUTCMonth() + 1;
        const year = String(kolkata.getUTCFullYear());
        const expected = new RegExp(
          `^Updated profile on 0?${day}/0?${month}/(${year}|${year.slice(2)}), 1:30:00\\sam$`,
          'i',
        );

        await openAdminPage(page, SETTINGS);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
          'America/New_York',
        );
        await saveProfileAndReload(page);

        const log = await readStoredJson<string[]>(page, 'adminActivityLog');
        expect(log?.[0]).toMatch(expected);
        await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveText([expected]);
      },
    );
  });

  test(
    'a file that is not an image is refused with a message and nothing is stored',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, SETTINGS);
      await fileInput(page).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('just some text'),
      });
      await expect(section(page, 'Profile Settings').getByRole('alert')).toHaveText(NOT_AN_IMAGE);
      await expect(main(page).getByText('No Image', { exact: true })).toBeVisible();
      expect(await readStoredJson(page, 'adminProfile')).toBeNull();
    },
  );

  test(
    'with storage full, Save Profile shows the storage-full message, no alert, and changes nothing',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      const before = { name: 'Kept Admin', email: 'kept@example.com', role: 'Admin' };
      const log = ['Updated profile on 01/01/26, 9:00:00 am'];
      await openAdminPage(page, SETTINGS, { adminProfile: before, adminActivityLog: log });
      await expect(field(page, 'Name')).toHaveValue('Kept Admin');
      await fillStorageQuota(page);

      const dialogs = collectDialogs(page);
      await field(page, 'Name').fill('Changed Name');
      await main(page).getByRole('button', { name: 'Save Profile' }).click();

      await expect(page.getByText(STORAGE_FULL)).toBeVisible();
      expect(dialogs).toEqual([]);
      await expect(field(page, 'Name')).toHaveValue('Changed Name');
      expect(await readStoredJson(page, 'adminProfile')).toEqual(before);
      expect(await readStoredJson(page, 'adminActivityLog')).toEqual(log);
      await expect(page.getByTestId('profile-name')).toHaveText('Kept Admin');
      await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveText(log);
    },
  );

  test(
    'an empty new password alerts and sends nothing',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, SETTINGS);
      const calls = countRequests(page, CHANGE_PASSWORD_API);

      expect(await clickForDialog(page, 'Change Password')).toBe(EMPTY_NEW_PASSWORD);
      await field(page, 'Current Password').fill(E2E_ADMIN.password);
      expect(await clickForDialog(page, 'Change Password')).toBe(EMPTY_NEW_PASSWORD);
      expect(calls.count).toBe(0);
    },
  );

  test(
    'changes the password of a fresh admin account for real and keeps its session going',
    { tag: '@one-width' },
    async ({ page, request, adminToken }) => {
      const account = await freshAdminAccount(request, adminToken, 'change-pw');
      const newPassword = 'e2e-changed-password-2';
      await signIn(page, { token: account.token, email: account.email, name: account.fullName });
      await page.goto(SETTINGS);
      await expect(field(page, 'Current Password')).toBeVisible({ timeout: 15_000 });

      await field(page, 'Current Password').fill(account.password);
      await field(page, 'New Password').fill(newPassword);
      const held = await holdRequests(page, CHANGE_PASSWORD_API);
      const calls = countRequests(page, CHANGE_PASSWORD_API);
      const dialog = page.waitForEvent('dialog');
      await main(page).getByRole('button', { name: 'Change Password', exact: true }).click();
      // Busy while the server works.
      const busyButton = main(page).getByRole('button', { name: 'Changing Password...' });
      await expect(busyButton).toBeDisabled();
      held.release();
      const shown = await dialog;
      expect(shown.message()).toBe(PASSWORD_CHANGED);
      await shown.accept();

      expect(calls.count).toBe(1);
      expect(calls.last?.postDataJSON()).toEqual({ currentPassword: account.password, newPassword });
      expect(calls.last?.headers().authorization).toBe(`Bearer ${account.token}`);
      await expect(main(page).getByRole('button', { name: 'Change Password', exact: true })).toBeEnabled();
      await expect(field(page, 'Current Password')).toHaveValue('');
      await expect(field(page, 'New Password')).toHaveValue('');

      // The new password logs in, the old one does not.
      expect(await loginStatus(request, account.email, newPassword)).toBe(200);
      expect(await loginStatus(request, account.email, account.password)).toBe(401);

      // The page stored the fresh token: it works, the old one is refused.
      const stored = await page.evaluate(() => localStorage.getItem('token'));
      expect(stored).toBeTruthy();
      expect(stored).not.toBe(account.token);
      const withStored = await request.get('/admin/users', {
        headers: { Authorization: `Bearer ${stored}`, Accept: 'application/json' },
      });
      expect(withStored.status()).toBe(200);
      const withOld = await request.get('/admin/users', {
        headers: { Authorization: `Bearer ${account.token}`, Accept: 'application/json' },
      });
      expect(withOld.status()).toBe(401);

      // Still signed in after a reload.
      await page.reload();
      await expect(page).toHaveURL(SETTINGS);
      await expect(field(page, 'Current Password')).toBeVisible({ timeout: 15_000 });
    },
  );

  test(
    'a wrong current password alerts the server’s message and changes nothing',
    { tag: '@one-width' },
    async ({ page, request, adminToken }) => {
      const account = await freshAdminAccount(request, adminToken, 'wrong-pw');
      await signIn(page, { token: account.token, email: account.email, name: account.fullName });
      await page.goto(SETTINGS);
      await expect(field(page, 'Current Password')).toBeVisible({ timeout: 15_000 });

      await field(page, 'Current Password').fill('not-my-password');
      await field(page, 'New Password').fill('e2e-changed-password-3');
      expect(await clickForDialog(page, 'Change Password')).toBe(WRONG_CURRENT_PASSWORD);

      // Not logged out: the 400 is not treated as an expired session.
      await expect(page).toHaveURL(SETTINGS);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(account.token);
      // What was typed stays, to correct it.
      await expect(field(page, 'New Password')).toHaveValue('e2e-changed-password-3');
      expect(await loginStatus(request, account.email, account.password)).toBe(200);
    },
  );

  test(
    'a server that cannot be reached gives the client’s message',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      // E2E_ADMIN's password is never changed: the request does not reach the server.
      await openAdminPage(page, SETTINGS);
      await failApi(page, CHANGE_PASSWORD_API);
      await field(page, 'Current Password').fill(E2E_ADMIN.password);
      await field(page, 'New Password').fill('never-sent-password');
      expect(await clickForDialog(page, 'Change Password')).toBe(
        'Could not reach the server. Check your connection and try again.',
      );
      await expect(main(page).getByRole('button', { name: 'Change Password', exact: true })).toBeEnabled();
    },
  );

  test('works with the keyboard alone', { tag: '@one-width' }, async ({ adminPage: page }) => {
    await openAdminPage(page, SETTINGS);
    await field(page, 'Name').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Key Board');
    await page.keyboard.press('Tab');
    await expect(field(page, 'Email')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field(page, 'Role')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(main(page).getByRole('button', { name: 'Save Profile' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field(page, 'Current Password')).toBeFocused();

    // Enter in the password form submits it (empty new password: the alert, nothing sent).
    const dialog = nextDialog(page);
    await page.keyboard.press('Enter');
    expect(await dialog).toBe(EMPTY_NEW_PASSWORD);

    await field(page, 'Name').focus();
    let message: string | undefined;
    page.once('dialog', (saved) => {
      message = saved.message();
      void saved.accept();
    });
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(message).toBe(PROFILE_SAVED);
    expect((await readStoredJson<StoredAdminProfile>(page, 'adminProfile'))?.name).toBe('Key Board');
  });

  test('fits the viewport without horizontal scrolling', async ({ adminPage: page }) => {
    await openAdminPage(page, SETTINGS, {
      adminProfile: { name: 'A very long administrator name indeed', email: 'long.address@example.com' },
      adminActivityLog: ['Updated profile on 22/11/26, 1:30:00 am'],
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('axe finds no violations', async ({ adminPage: page }) => {
    await openAdminPage(page, SETTINGS, {
      adminActivityLog: ['Updated profile on 22/11/26, 1:30:00 am'],
    });
    await expect(section(page, 'Recent Activity').getByRole('listitem')).toHaveCount(1);
    expect(await findAxeViolations(page)).toEqual([]);
  });
});

test.describe('admin profile page', () => {
  test(
    'shows the card and the profile form, with the defaults when nothing is stored',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, PROFILE);
      await expect(page).toHaveTitle(/^Admin Profile/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Profile' })).toBeVisible();
      await expect(main(page).getByRole('heading', { level: 2, name: 'Admin User' })).toBeVisible();
      await expect(main(page).getByRole('img', { name: 'No profile picture', exact: true })).toBeVisible();
      await expect(main(page).getByText('admin@example.com', { exact: true })).toBeVisible();
      await expect(section(page, 'Profile Settings')).toBeVisible();
      await expect(field(page, 'Name')).toHaveValue('Admin User');
      await expect(field(page, 'Role')).toHaveValue('Admin');
      await expect(main(page).getByRole('button', { name: 'Save Profile' })).toBeVisible();
    },
  );

  test(
    'the card shows the stored profile; the navbar Profile link leads here',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      const stored = {
        name: 'Priya Admin',
        email: 'priya.admin@example.com',
        role: 'Super Admin',
        profilePic: PIXEL,
      };
      await openAdminPage(page, SETTINGS, { adminProfile: stored });
      await page.getByRole('button', { name: 'Profile menu for Priya Admin' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(PROFILE);

      const card = main(page).getByRole('region', { name: 'Priya Admin' });
      await expect(card.getByRole('img', { name: 'Profile picture', exact: true })).toHaveAttribute(
        'src',
        PIXEL,
      );
      await expect(card).toContainText('priya.admin@example.com');
      await expect(card).toContainText('Super Admin');
      await expect(field(page, 'Name')).toHaveValue('Priya Admin');
      await expect(field(page, 'Role')).toHaveValue('Super Admin');
    },
  );

  test(
    'saving here updates the card and the navbar after the reload and logs the activity',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openAdminPage(page, PROFILE);
      await field(page, 'Name').fill('Ravi Root');
      await field(page, 'Role').selectOption('Super Admin');
      await saveProfileAndReload(page);

      await expect(main(page).getByRole('heading', { level: 2, name: 'Ravi Root' })).toBeVisible();
      await expect(main(page).getByRole('region', { name: 'Ravi Root' })).toContainText('Super Admin');
      await expect(page.getByTestId('profile-name')).toHaveText('Ravi Root');
      expect((await readStoredJson<StoredAdminProfile>(page, 'adminProfile'))?.role).toBe('Super Admin');
      const log = await readStoredJson<string[]>(page, 'adminActivityLog');
      expect(log).toHaveLength(1);
      expect(log![0]).toMatch(ENTRY);
    },
  );

  test('fits the viewport without horizontal scrolling', async ({ adminPage: page }) => {
    await openAdminPage(page, PROFILE, {
      adminProfile: { name: 'A very long administrator name indeed', email: 'long.address@example.com' },
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('axe finds no violations', async ({ adminPage: page }) => {
    await openAdminPage(page, PROFILE, {
      adminProfile: {
        name: 'Priya Admin',
        email: 'priya.admin@example.com',
        role: 'Admin',
        profilePic: PIXEL,
      },
    });
    expect(await findAxeViolations(page)).toEqual([]);
  });
});
