import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer } from './process-helpers';
import { E2E_PASSWORD, registerViaApi, signIn, uniqueEmail } from './session-helpers';

/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): set up from the profile, then asked for
 * after the password at login. The codes are computed here from the secret the page shows, as an
 * authenticator app would.
 */

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

/** A member with a real account, signed in on `page`. */
async function member(page: Page, request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const name = 'Tess Twofactor';
  const token = await registerViaApi(request, { fullName: name, email });
  await signIn(page, { token, email, name });
  return { email, name, token };
}

/** A member whose two-factor sign-in is on (set up through the API): its secret. */
async function memberWithTwoFactorOn(request: APIRequestContext) {
  const email = uniqueEmail('tfa-login');
  const token = await registerViaApi(request, { fullName: 'Lena Login', email });
  const headers = { authorization: `Bearer ${token}` };
  const setup = await request.post('/api/auth/two-factor/setup', { headers });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/auth/two-factor/enable', {
    headers,
    data: { code: codeFor(secret) },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  return { email, secret, recoveryCodes };
}

async function startSetup(page: Page) {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  return secret;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
}

test.describe('two-factor sign-in', () => {
  test(
    'set up from the profile, log out, log in with the password then a Code',
    { tag: '@one-width' },
    async ({ page, request }) => {
      const { email } = await member(page, request, 'tfa-setup');
      await page.goto('/user/profile');
      const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
      await expect(section.getByText('Two-factor authentication is off.', { exact: false })).toBeVisible();
      const secret = await startSetup(page);

      await section.getByLabel('Code').fill(codeFor(secret));
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'Two-factor authentication is on. Save your recovery codes now: they are shown only once.',
      );
      const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCodes = await codes.allTextContents();
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('tasklane-recovery-codes.txt');
      const text = await readFile((await download.path()) ?? '', 'utf8');
      for (const code of recoveryCodes) expect(text).toContain(code);

      await section.getByRole('button', { name: 'Done' }).click();
      await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

      // The session was renewed (turning it on ends the others): the page still works after a reload.
      await page.reload();
      await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();

      await page.evaluate(() => localStorage.clear());
      await passwordStep(page, email);
      await expect(
        page.getByText('Two-factor authentication is on for this account.', { exact: false }),
      ).toBeVisible();
      // The code of the next step: the one used to turn it on cannot be used again.
      await page.getByLabel('Code').fill(codeFor(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);
    },
  );

  test(
    'a wrong code is refused, and a recovery code signs in once',
    { tag: '@one-width' },
    async ({ page, request }) => {
      const { email, secret, recoveryCodes } = await memberWithTwoFactorOn(request);
      const wrong = codeFor(secret, 5);
      await passwordStep(page, email);
      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'That code is not right. Check the code and try again.',
      );
      await expect(page).toHaveURL(/\/login$/);

      const recovery = recoveryCodes[0] ?? '';
      await page.getByLabel('Code').fill(recovery);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);

      await page.evaluate(() => localStorage.clear());
      await passwordStep(page, email);
      await page.getByLabel('Code').fill(recovery);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'That code is not right. Check the code and try again.',
      );
    },
  );

  test('Manage Users shows who has it on', { tag: '@one-width' }, async ({ adminPage: page, request }) => {
    const { email } = await memberWithTwoFactorOn(request);
    const without = uniqueEmail('tfa-none');
    await registerViaApi(request, { fullName: 'Nora None', email: without });
    await page.goto('/admin/manage-users');
    const rowOf = (address: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: address }) });
    await expect(rowOf(email).getByText('2FA on', { exact: true })).toBeVisible();
    await expect(rowOf(without)).toBeVisible();
    await expect(rowOf(without).getByText('2FA on', { exact: true })).toHaveCount(0);
  });

  test('the admin profile offers the set-up too', { tag: '@one-width' }, async ({ adminPage: page }) => {
    await page.goto('/admin/profile');
    const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
    await expect(section.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    // Opened and left: nothing is turned on until a code is entered.
    await startSetup(page);
    await expect(section.getByLabel('Code')).toBeVisible();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  });

  test('axe finds no violations on the set-up and the recovery codes', async ({ page, request }) => {
    await member(page, request, 'tfa-axe');
    await page.goto('/user/profile');
    const secret = await startSetup(page);
    expect(await findAxeViolations(page)).toEqual([]);
    const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
    await section.getByLabel('Code').fill(codeFor(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    expect(await findAxeViolations(page)).toEqual([]);
  });

  test('axe finds no violations on the login Code step', async ({ page, request }) => {
    const { email, secret } = await memberWithTwoFactorOn(request);
    await passwordStep(page, email);
    await page.getByLabel('Code').fill(codeFor(secret, 7));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
  });

  test(
    'REQUIRE_2FA=admins: an admin who logs in with a password sets it up before the admin area',
    { tag: '@one-width' },
    async ({ page }) => {
      // A server of its own (REQUIRE_2FA), on the next port of this helper's range.
      const port = Number(process.env.E2E_PORT ?? 3210) + 1;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-e2e-2fa-'));
      const server = await startAppServer({ REQUIRE_2FA: 'admins' }, { port, dataDir });
      try {
        const email = uniqueEmail('tfa-admin');
        const registered = await page.request.post(`${server.base}/api/auth/register`, {
          data: { fullName: 'Rhea Required', email, password: E2E_PASSWORD, role: 'admin' },
        });
        expect(registered.status(), await registered.text()).toBe(201);

        await page.goto(`${server.base}/login?role=admin`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'Two-factor authentication required',
        );
        await expect(
          page.getByText(
            'This server requires two-factor authentication for admins. Set it up to use the admin area.',
          ),
        ).toBeVisible();
        expect(await findAxeViolations(page)).toEqual([]);

        const secret = await startSetup(page);
        const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
        await section.getByLabel('Code').fill(codeFor(secret));
        await section.getByRole('button', { name: 'Turn on' }).click();
        await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(
          10,
        );
        await section.getByRole('button', { name: 'Done' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
      } finally {
        await server.stop();
      }
    },
  );
});
