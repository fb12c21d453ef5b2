import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  collectDialogs,
  fillStorageQuota,
  findAxeViolations,
  openWith,
  readStoredJson,
  type StoredData,
} from './page-helpers';
import { MEMBER } from './session-helpers';

const PATH = '/user/profile';
const SAVED = 'Profile updated successfully!';
const NOT_AN_IMAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';
const STORAGE_FULL = 'Browser storage is full. Remove some data and try again.';

type StoredProfile = {
  name?: string;
  email?: string;
  phone?: string;
  address?: string;
  dob?: string;
  role?: string;
  linkedin?: string;
  github?: string;
  profilePic?: string;
};

const FULL_PROFILE = {
  name: 'Priya Patel',
  email: 'priya@example.com',
  phone: '+44 20 7946 0958',
  address: '221B Baker St, London',
  dob: '1992-04-17',
  role: 'Product Designer',
  linkedin: 'https://www.linkedin.com/in/priya',
  github: 'https://github.com/priya',
} as const;

const FIELDS = [
  { label: 'Name', key: 'name', type: 'text' },
  { label: 'Email', key: 'email', type: 'email' },
  { label: 'Phone Number', key: 'phone', type: 'tel' },
  { label: 'Address', key: 'address', type: 'text' },
  { label: 'Date of Birth', key: 'dob', type: 'date' },
  { label: 'Role', key: 'role', type: 'text' },
  { label: 'LinkedIn Profile', key: 'linkedin', type: 'url' },
  { label: 'GitHub Profile', key: 'github', type: 'url' },
] as const;

function field(page: Page, label: string) {
  return page.getByRole('main').getByLabel(label, { exact: true });
}

/** Signs in with `options` and opens the profile page, waiting (generously: the guard runs first) for the form. */
async function openProfile(page: Page, options: StoredData = {}): Promise<void> {
  await openWith(page, PATH, options);
  await expect(field(page, 'Name')).toBeVisible({ timeout: 15_000 });
}

function fileInput(page: Page) {
  return page.getByRole('main').locator('input[type="file"]');
}

/** A real PNG of the given size, drawn by the browser (a gradient, so it is not trivially small). */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#1d4ed8');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    { width, height },
  );
  return Buffer.from(base64, 'base64');
}

/** The natural size of an image data URL, decoded by the browser. */
function imageSize(page: Page, src: string): Promise<{ width: number; height: number; type: string }> {
  return page.evaluate(
    (dataUrl) =>
      new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = () =>
          resolve({
            width: image.naturalWidth,
            height: image.naturalHeight,
            type: dataUrl.slice(5, dataUrl.indexOf(';')),
          });
        image.onerror = () => reject(new Error('not decodable'));
        image.src = dataUrl;
      }),
    src,
  );
}

/** Clicks Save Profile, expecting the success dialog and the reload that follows it. */
async function saveAndReload(page: Page): Promise<void> {
  let message: string | undefined;
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.accept();
  });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save Profile' }).click()]);
  expect(message).toBe(SAVED);
  await expect(field(page, 'Name')).toBeVisible({ timeout: 15_000 });
}

test.describe('member profile page', () => {
  test(
    'has the heading, the picture picker and every field with its exact label, type and placeholder',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openProfile(page);
      await expect(page).toHaveTitle(/^Profile/);
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

      for (const { label, type } of FIELDS) {
        const input = field(page, label);
        await expect(input, label).toBeVisible();
        await expect(input, label).toHaveAttribute('type', type);
        await expect(input, label).toHaveValue('');
      }
      await expect(field(page, 'Phone Number')).toHaveAttribute('placeholder', '+1 555 123 4567');
      await expect(field(page, 'Address')).toHaveAttribute('placeholder', '123 Main St, Springfield, IL');
      await expect(field(page, 'Role')).toHaveAttribute('placeholder', 'Software Developer, Student, etc.');

      const main = page.getByRole('main');
      await expect(main.getByText('No Image', { exact: true })).toBeVisible();
      await expect(main.getByRole('img', { name: 'Profile picture preview' })).toHaveCount(0);
      await expect(main.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
      await expect(fileInput(page)).toHaveAttribute('accept', 'image/*');
      await expect(main.getByLabel('Choose picture')).toHaveAttribute('type', 'file');
      await expect(main.getByText('Choose picture', { exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
    },
  );

  test(
    'a chosen PNG is previewed, shrunk to 256 px in the browser, saved, and shown in the navbar after the reload',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openProfile(page);
      const png = await makePng(page, 600, 300);
      expect(png.length).toBeGreaterThan(1000);

      await fileInput(page).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png });
      const preview = page.getByRole('main').getByRole('img', { name: 'Profile picture preview' });
      await expect(preview).toBeVisible();
      await expect(page.getByRole('main').getByText('No Image', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name: 'Remove picture' })).toBeVisible();
      // Nothing is stored before Save.
      expect(await readStoredJson(page, 'userProfile')).toBeNull();

      await field(page, 'Name').fill('Nora Newname');
      await saveAndReload(page);

      const stored = await readStoredJson<StoredProfile>(page, 'userProfile');
      expect(stored?.name).toBe('Nora Newname');
      expect(stored?.profilePic).toMatch(/^data:image\/png;base64,/);
      expect(await imageSize(page, stored!.profilePic!)).toEqual({
        width: 256,
        height: 128,
        type: 'image/png',
      });

      // After the reload: the form shows the saved picture, the navbar the new name and picture.
      await expect(field(page, 'Name')).toHaveValue('Nora Newname');
      await expect(
        page.getByRole('main').getByRole('img', { name: 'Profile picture preview' }),
      ).toHaveAttribute('src', stored!.profilePic!);
      await expect(page.getByTestId('profile-name')).toHaveText('Nora Newname');
      await expect(page.getByRole('button', { name: 'Profile menu for Nora Newname' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('img')).toHaveAttribute(
        'src',
        stored!.profilePic!,
      );
    },
  );

  test(
    'a JPEG taller than wide becomes a JPEG 256 px high; a small image is not enlarged',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openProfile(page);
      const jpeg = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 900;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#0f766e';
        context.fillRect(0, 0, 300, 900);
        return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
      });
      await fileInput(page).setInputFiles({
        name: 'tall.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from(jpeg, 'base64'),
      });
      const preview = page.getByRole('main').getByRole('img', { name: 'Profile picture preview' });
      await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
      expect(await imageSize(page, (await preview.getAttribute('src'))!)).toEqual({
        width: 85,
        height: 256,
        type: 'image/jpeg',
      });

      const small = await makePng(page, 40, 20);
      await fileInput(page).setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
      await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
      expect(await imageSize(page, (await preview.getAttribute('src'))!)).toEqual({
        width: 40,
        height: 20,
        type: 'image/png',
      });
    },
  );

  test(
    'a file that is not an image is refused with a message; the previous picture stays and nothing is stored',
    { tag: '@one-width' },
    async ({ memberPage: page, consoleErrors }) => {
      // Chromium logs a connect-src violation for the blob: URL of the fake PNG below, which no decoder
      // can read; the page refuses the file all the same.
      consoleErrors.allow("Connecting to 'blob:");
      await openProfile(page);
      const main = page.getByRole('main');

      await fileInput(page).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('just some text'),
      });
      await expect(main.getByRole('alert')).toHaveText(NOT_AN_IMAGE);
      await expect(main.getByText('No Image', { exact: true })).toBeVisible();
      expect(await readStoredJson(page, 'userProfile')).toBeNull();

      // With a picture chosen, a bad file (here one that claims to be a PNG but is not) leaves it in place.
      await fileInput(page).setInputFiles({
        name: 'ok.png',
        mimeType: 'image/png',
        buffer: await makePng(page, 50, 50),
      });
      const preview = main.getByRole('img', { name: 'Profile picture preview' });
      await expect(preview).toBeVisible();
      await expect(main.getByRole('alert')).toHaveCount(0);
      const src = await preview.getAttribute('src');

      await fileInput(page).setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a png'),
      });
      await expect(main.getByRole('alert')).toHaveText(NOT_AN_IMAGE);
      await expect(preview).toHaveAttribute('src', src!);
      expect(await readStoredJson(page, 'userProfile')).toBeNull();
    },
  );

  test(
    'Remove picture clears it and saves no picture',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const pixel =
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
      await openProfile(page, { json: { userProfile: { name: 'Pic Person', profilePic: pixel } } });
      const main = page.getByRole('main');
      await expect(main.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute('src', pixel);

      await main.getByRole('button', { name: 'Remove picture' }).click();
      await expect(main.getByText('No Image', { exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
      await expect(fileInput(page)).toBeFocused();

      await saveAndReload(page);
      const stored = await readStoredJson<StoredProfile>(page, 'userProfile');
      expect(stored?.name).toBe('Pic Person');
      expect(stored?.profilePic ?? '').toBe('');
      await expect(page.getByRole('navigation', { name: 'Main' }).locator('img')).toHaveCount(0);
    },
  );

  test(
    'Save stores every field under userProfile and the values persist after the reload',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openProfile(page);
      for (const { label, key } of FIELDS) await field(page, label).fill(FULL_PROFILE[key]);
      await saveAndReload(page);

      expect(await readStoredJson(page, 'userProfile')).toEqual({ ...FULL_PROFILE, profilePic: '' });
      for (const { label, key } of FIELDS)
        await expect(field(page, label), label).toHaveValue(FULL_PROFILE[key]);
      await expect(page.getByTestId('profile-name')).toHaveText(FULL_PROFILE.name);
    },
  );

  test('a stored profile fills the form', { tag: '@one-width' }, async ({ memberPage: page }) => {
    await openProfile(page, { json: { userProfile: FULL_PROFILE } });
    for (const { label, key } of FIELDS)
      await expect(field(page, label), label).toHaveValue(FULL_PROFILE[key]);
    await expect(page.getByTestId('profile-name')).toHaveText(FULL_PROFILE.name);
    await expect(page.getByRole('main').getByText('No Image', { exact: true })).toBeVisible();
  });

  test(
    'with storage full, Save shows the storage-full toast, no alert, and keeps both the stored profile and the typed values',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const before = { name: MEMBER.name, email: MEMBER.email };
      await openProfile(page, { json: { userProfile: before } });
      await expect(field(page, 'Name')).toHaveValue(MEMBER.name);
      await fillStorageQuota(page);

      const dialogs = collectDialogs(page);
      await field(page, 'Name').fill('Changed Name');
      await field(page, 'Role').fill('Team Lead');
      await page.getByRole('button', { name: 'Save Profile' }).click();

      await expect(page.getByText(STORAGE_FULL)).toBeVisible();
      expect(dialogs).toEqual([]);
      await expect(field(page, 'Name')).toHaveValue('Changed Name');
      await expect(field(page, 'Role')).toHaveValue('Team Lead');
      expect(await readStoredJson(page, 'userProfile')).toEqual(before);
      await expect(page.getByTestId('profile-name')).toHaveText(MEMBER.name);
    },
  );

  test(
    'a name with an invisible character is refused by the field: no alert, nothing stored, the text kept',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const before = { name: MEMBER.name, email: MEMBER.email };
      await openProfile(page, { json: { userProfile: before } });
      await expect(field(page, 'Name')).toHaveValue(MEMBER.name);

      const dialogs = collectDialogs(page);
      await field(page, 'Name').fill('Carol\u200bDiaz');
      await page.getByRole('button', { name: 'Save Profile' }).click();

      const message =
        'Name must not contain invisible characters or text-direction marks. Type the name again without pasting it.';
      await expect(page.getByText(message)).toBeVisible();
      await expect(field(page, 'Name')).toHaveAccessibleDescription(message);
      expect(dialogs).toEqual([]);
      await expect(field(page, 'Name')).toHaveValue('Carol\u200bDiaz');
      expect(await readStoredJson(page, 'userProfile')).toEqual(before);

      // Typing again clears the message; a plain name saves as before.
      await field(page, 'Name').fill('Carol Diaz');
      await expect(page.getByText(message)).toHaveCount(0);
    },
  );

  test(
    'an unreadable stored profile does not break the page: empty form and a notice naming userProfile',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openProfile(page, { raw: { userProfile: 'not json' } });
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(page.getByText(/"userProfile"/)).toBeVisible();
      for (const { label } of FIELDS) await expect(field(page, label), label).toHaveValue('');
      await expect(page.getByRole('main').getByText('No Image', { exact: true })).toBeVisible();
      await expect(page.getByTestId('profile-name')).toHaveText('User');
    },
  );

  test('works with the keyboard alone', { tag: '@one-width' }, async ({ memberPage: page }) => {
    await openProfile(page, { json: { userProfile: { name: 'Key Board' } } });
    const name = field(page, 'Name');
    await expect(name).toHaveValue('Key Board');

    // The file input is reachable with Tab, before the fields.
    await fileInput(page).focus();
    await expect(fileInput(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(name).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Typed Name');
    // Every field, then Save (the date input has one stop per part, so the count varies).
    const save = page.getByRole('button', { name: 'Save Profile' });
    const visited: string[] = [];
    for (let step = 0; step < 20; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        if (active instanceof HTMLInputElement) return active.labels?.[0]?.textContent ?? active.type;
        return active?.textContent ?? '';
      });
      if (visited.at(-1) !== focused) visited.push(focused);
      if (await save.evaluate((button) => button === document.activeElement)) break;
    }
    expect(visited).toEqual([
      'Email',
      'Phone Number',
      'Address',
      'Date of Birth',
      'Role',
      'LinkedIn Profile',
      'GitHub Profile',
      'Save Profile',
    ]);
    await expect(save).toBeFocused();

    let message: string | undefined;
    page.once('dialog', (dialog) => {
      message = dialog.message();
      void dialog.accept();
    });
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(message).toBe(SAVED);
    expect((await readStoredJson<StoredProfile>(page, 'userProfile'))?.name).toBe('Typed Name');
  });

  test('fits the viewport without horizontal scrolling', async ({ memberPage: page }) => {
    await openProfile(page, { json: { userProfile: FULL_PROFILE } });
    await expect(field(page, 'Name')).toHaveValue(FULL_PROFILE.name);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const state of ['empty', 'with a picture and an error'] as const) {
    test(`axe finds no violations (${state})`, async ({ memberPage: page }) => {
      await openProfile(page);
      if (state !== 'empty') {
        await fileInput(page).setInputFiles({
          name: 'ok.png',
          mimeType: 'image/png',
          buffer: await makePng(page, 300, 300),
        });
        await expect(
          page.getByRole('main').getByRole('img', { name: 'Profile picture preview' }),
        ).toBeVisible();
        await fileInput(page).setInputFiles({
          name: 'x.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('x'),
        });
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(NOT_AN_IMAGE);
      }
      expect(await findAxeViolations(page)).toEqual([]);
    });
  }
});
