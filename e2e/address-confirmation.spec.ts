/**
 * Who owns an address (docs/product.md#confirming-an-email-address, ADR 0042): a sign-up under
 * SIGNUP_DOMAINS waits for its mailed link; the confirmation page; and single sign-on, against the real
 * provider, refusing to open an account whose address nobody proved (the pre-hijack). Each describe runs
 * its own app server (its environment differs from the shared one).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../tests/helpers/oidc-provider';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { freePort, startAppServer, type AppProcess } from './process-helpers';
import { E2E_PASSWORD, mailedConfirmationPath } from './session-helpers';
import { openDeviceAt, registerAccount } from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

const NAME = 'Acme SSO';
const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const status = (page: Page) => page.getByRole('main').getByRole('status');
const outboxOf = (app: AppProcess) => path.join(app.dataDir, 'outbox.log');

/** Opens a mailed confirmation link and presses the button; the page then says so. */
async function confirmThroughPage(page: Page, app: AppProcess, email: string, nth = 1) {
  await page.goto(`${app.base}${await mailedConfirmationPath(outboxOf(app), email, nth)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Email' })).toBeVisible();
  await expect(
    page.getByText('Confirm that this email address is yours to finish setting up your account.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(status(page)).toHaveText('Your email address is confirmed. You can now log in.');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
}

/** A member signed up with a password (address unproved) and logged in through the form. */
async function signUpAndLogIn(page: Page, app: AppProcess, fullName: string, email: string) {
  const signup = await page.request.post(`${app.base}/api/auth/register`, {
    data: { fullName, email, password: E2E_PASSWORD, role: 'user' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto(`${app.base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${app.base}/user/dashboard`);
}

test.describe('SIGNUP_DOMAINS: a sign-up waits for the mailed link', () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startAppServer({ SIGNUP_DOMAINS: 'corp.example' });
  });
  test.afterAll(async () => app?.stop());

  test('@one-width signing up mails a link; login says to confirm and sends a new one; the link opens the account', async ({
    page,
  }, testInfo) => {
    const email = `cara-${testInfo.project.name}@corp.example`;
    await page.goto(`${app.base}/signup`);
    await page.getByLabel('Full Name').fill('Cara Corp');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(status(page)).toHaveText(
      `Check your email: we sent a link to ${email}. Open it within 24 hours to confirm your address, then log in.`,
    );
    await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto(`${app.base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(alert(page)).toHaveText(
      `Confirm your email address before logging in: open the link we sent to ${email}. If it has expired or not arrived, send a new one.`,
    );
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send a new confirmation link' }).click();
    await expect(status(page)).toHaveText(
      'If an account with this email still needs confirming, a new link has been sent to it. The link works for 24 hours.',
    );

    // The second mail's link (the new one replaced the first).
    await confirmThroughPage(page, app, email, 2);
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${app.base}/user/dashboard`);
  });

  test('a used or unknown link says what to do; the page fits the width and passes axe', async ({ page }) => {
    await page.goto(`${app.base}/confirm-email?token=not-a-real-token`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await findAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(alert(page)).toHaveText(
      'This confirmation link is invalid, expired or already used. Log in to have a new one sent.',
    );
    await page.goto(`${app.base}/confirm-email`);
    await expect(alert(page)).toHaveText(
      'This confirmation link is incomplete. Log in to have a new one sent.',
    );
  });
});

test.describe('single sign-on opens only an account whose address is proved', () => {
  let app: AppProcess;
  let provider: TestProvider;
  test.beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({ redirectUris: [`${base}/api/auth/oidc/callback`] });
    app = await startAppServer(
      {
        APP_URL: base,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: NAME,
      },
      { port, dataDir: mkdtempSync(path.join(tmpdir(), 'tasklane-e2e-')) },
    );
  });
  test.afterAll(async () => {
    await app?.stop();
    await provider?.stop();
  });

  test('@one-width the pre-hijack: an account signed up under the owner’s email is refused until its address is confirmed', async ({
    page,
  }) => {
    const email = 'ann@example.com';
    // Someone signs up with Ann's address and a password of their own.
    const signup = await page.request.post(`${app.base}/api/auth/register`, {
      data: { fullName: 'Not Ann', email, password: E2E_PASSWORD, role: 'user' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    provider.signInAs({ sub: 'ann-1', email, emailVerified: true, name: 'Ann Lee' });
    await page.goto(`${app.base}/login`);
    await page.getByRole('link', { name: `Sign in with ${NAME}` }).click();
    await page.waitForURL(`${app.base}/login?sso_error=unconfirmed`);
    await expect(alert(page)).toHaveText(
      `An account with this email already exists, but its address has not been confirmed, so ${NAME} cannot open it. If it is yours, set a new password with Forgot Password? (the emailed link confirms the address), then sign in with ${NAME} again. If you know its password, log in and link ${NAME} from your profile.`,
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Whoever reads the mailbox confirms it (here through a link asked for by the account); then the
    // provider opens the account.
    const resend = await page.request.post(`${app.base}/api/auth/confirm-email/resend`, { data: { email } });
    expect(resend.status()).toBe(200);
    await confirmThroughPage(page, app, email);
    await page.goto(`${app.base}/login`);
    await page.getByRole('link', { name: `Sign in with ${NAME}` }).click();
    await page.waitForURL(`${app.base}/user/dashboard`);
  });

  test('@one-width an account whose address nobody proved links the provider from its profile; the provider then opens it', async ({
    page,
  }, testInfo) => {
    const email = `lena-${testInfo.project.name}@example.com`;
    await signUpAndLogIn(page, app, 'Lena Link', email);

    await page.goto(`${app.base}/user/profile`);
    const section = page.getByRole('region', { name: 'Single Sign-On' });
    await expect(
      section.getByText(
        `Your account is not linked to ${NAME}. Link it to sign in with ${NAME} instead of your password.`,
      ),
    ).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    // Her account at the provider has another address: the link binds it by its subject.
    provider.signInAs({
      sub: `lena-${testInfo.project.name}`,
      email: `l.link-${testInfo.project.name}@corp.example`,
      emailVerified: true,
    });
    await section.getByRole('button', { name: `Link ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === '/user/profile');
    await expect(section.getByRole('status')).toHaveText(
      `Your account is linked to ${NAME}. You can now sign in with ${NAME}.`,
    );
    await expect(section.getByRole('button', { name: `Link ${NAME}` })).toHaveCount(0);
    // The outcome is taken off the address: a reload does not say it again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await findAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.reload();
    await expect(section.getByText(`Your account is linked to ${NAME}.`, { exact: true })).toBeVisible();
    await expect(section.getByRole('status')).toHaveCount(0);

    // Signed out, the provider opens her account.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.base}/login`);
    await page.getByRole('link', { name: `Sign in with ${NAME}` }).click();
    await page.waitForURL(`${app.base}/user/dashboard`);
    const account = await page.request.get(`${app.base}/api/auth/account`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect((await account.json()).user.email).toBe(email);
  });

  test('@one-width a link refused at the provider is said on the profile, and the section offers it again', async ({
    page,
  }, testInfo) => {
    const email = `omar-${testInfo.project.name}@example.com`;
    await signUpAndLogIn(page, app, 'Omar Other', email);
    await page.goto(`${app.base}/user/profile`);
    const section = page.getByRole('region', { name: 'Single Sign-On' });
    // An identity whose email the provider has not verified.
    provider.signInAs({ sub: `omar-${testInfo.project.name}`, email, emailVerified: false });
    await section.getByRole('button', { name: `Link ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === '/user/profile');
    await expect(section.getByRole('alert')).toHaveText(
      `Your email address at ${NAME} is not verified. Verify it there, then try again.`,
    );
    await expect(section.getByRole('button', { name: `Link ${NAME}` })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
  });
});

test.describe('team mode: the profile offers a confirmation link while the address is unproved', () => {
  let app: AppProcess;
  test.beforeAll(async () => {
    app = await startAppServer({ TEAM_SYNC: 'on', SIGNUP_MODE: 'open' });
  });
  test.afterAll(async () => app?.stop());

  test('@one-width a quiet notice on Profile sends a link; once it is followed the notice is gone', async ({
    browser,
  }, testInfo) => {
    const email = `pia-${testInfo.project.name}@example.com`;
    const account = await registerAccount(app.base, 'Pia Member', email, 'user');
    const { context, page } = await openDeviceAt(app.base, browser, account);
    try {
      await page.goto('/user/profile');
      const notice = page.getByRole('region', { name: 'Email confirmation' });
      await expect(
        notice.getByText('Your email address is not confirmed yet: a link mailed to it proves it is yours.'),
      ).toBeVisible();
      expect(await findAxeViolations(page)).toEqual([]);
      await notice.getByRole('button', { name: 'Send a confirmation link' }).click();
      await expect(notice.getByRole('status')).toHaveText(
        'If an account with this email still needs confirming, a new link has been sent to it. The link works for 24 hours.',
      );
      await confirmThroughPage(page, app, email);
      await page.goto('/user/profile');
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
