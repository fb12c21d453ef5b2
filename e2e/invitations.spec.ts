/**
 * Who may join (docs/product.md#sign-up-settings, #invitations): the sign-up modes set in Admin
 * Settings and the invitation links of Manage Users, end to end. On a server of its own: switching
 * sign-up to Invitation only on the shared server would refuse the other specs' sign-ups.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, stubUsers } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { E2E_ADMIN, E2E_PASSWORD, fakeToken, signIn } from './session-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
let adminToken = '';
const contexts: BrowserContext[] = [];

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A fresh browser on this spec's server; signed in as the admin unless `signedOut`. */
async function openPage(
  browser: Browser,
  options: { signedOut?: boolean; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.base,
    ...(options.width ? { viewport: { width: options.width, height: 740 } } : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  if (!options.signedOut) {
    await signIn(page, { token: adminToken, email: E2E_ADMIN.email, name: E2E_ADMIN.fullName });
  }
  return page;
}

// Next.js adds its own role="alert" route announcer, so messages are looked for inside the page's main.
const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

function signupSection(page: Page) {
  return page.getByRole('region', { name: 'Sign-up' });
}

function invitePanel(page: Page) {
  return page.getByRole('region', { name: 'Invite someone' });
}

async function fillSignup(page: Page, account: { fullName: string; email?: string }) {
  await page.getByRole('textbox', { name: 'Full Name' }).fill(account.fullName);
  if (account.email) await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

async function setMode(mode: 'open' | 'invitation' | 'closed') {
  const saved = await api('/api/admin/signup-settings', {
    method: 'PUT',
    body: { mode, domains: [] },
    token: adminToken,
  });
  expect(saved.status).toBe(200);
}

test.describe('who may join', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ APP_URL: 'https://tasks.example.test' });
    // The first admin of a fresh install signs up freely (first-run bootstrap).
    const registered = await api('/api/auth/register', { body: { ...E2E_ADMIN, role: 'admin' } });
    expect(registered.status).toBe(201);
    adminToken = String(registered.body.token);
  });

  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width an admin sets Invitation only; a sign-up without a link is refused with the reason', async ({
    browser,
  }) => {
    // A fresh server: nothing saved, the environment's preset (Open) is in force.
    const admin = await openPage(browser);
    await admin.goto('/admin/settings');
    const section = signupSection(admin);
    await expect(section.getByRole('radio', { name: 'Open' })).toBeChecked();
    await expect(section).toContainText(
      "Preset by the server's SIGNUP_MODE and SIGNUP_DOMAINS until you save here.",
    );
    await section.getByText('Invitation only', { exact: true }).click();
    await expect(section).toContainText(
      'Only people with an invitation link from Manage Users can create an account.',
    );
    await section.getByRole('button', { name: 'Save Sign-up Settings' }).click();
    await expect(admin.getByText('Sign-up settings saved.')).toBeVisible();

    const visitor = await openPage(browser, { signedOut: true });
    await visitor.goto('/signup');
    await fillSignup(visitor, { fullName: 'Stan Stranger', email: 'stan@example.com' });
    await expect(alertIn(visitor)).toHaveText(
      'Sign-up needs an invitation. Ask an administrator for an invitation link.',
    );
    await expect(visitor).toHaveURL(/\/signup$/);

    // A domain that is not a domain is caught in the form, nothing is sent.
    await section.getByRole('textbox', { name: 'Allowed email domains' }).fill('example.com, not a domain');
    await section.getByRole('button', { name: 'Save Sign-up Settings' }).click();
    await expect(section.getByText('"not" is not a domain name such as example.com.')).toBeVisible();
  });

  test('@one-width an invitation link opens /signup prefilled, creates the account once and leaves the list', async ({
    browser,
  }) => {
    await setMode('closed');
    const admin = await openPage(browser);
    await admin.goto('/admin/manage-users');
    const panel = invitePanel(admin);
    await expect(panel.getByText('No open invitations.')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Email (optional)' }).fill('ina@example.com');
    await panel.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await panel.getByRole('button', { name: 'Create invitation' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Invitation created for ina@example.com (Admin). The link is shown only once.',
    );
    const link = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(/^https:\/\/tasks\.example\.test\/signup\?invite=[A-Za-z0-9_-]{43}$/);
    const item = panel.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('ina@example.com');
    await expect(item).toContainText('Admin');

    const invitee = await openPage(browser, { signedOut: true });
    await invitee.goto(new URL(link).pathname + new URL(link).search);
    await expect(invitee.getByRole('heading', { name: 'Admin Signup' })).toBeVisible();
    await expect(invitee.getByRole('status').filter({ hasText: 'invited' })).toHaveText(
      'You are invited to join as Admin with ina@example.com.',
    );
    const email = invitee.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue('ina@example.com');
    await expect(email).toHaveAttribute('readonly', '');
    await fillSignup(invitee, { fullName: 'Ina Invited' });
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

    await admin.reload();
    await expect(panel.getByText('No open invitations.')).toBeVisible();

    // The same link again: refused, with the reason shown before anything is typed.
    const again = await openPage(browser, { signedOut: true });
    await again.goto(new URL(link).pathname + new URL(link).search);
    await expect(alertIn(again)).toHaveText(
      'This invitation has already been used. Log in, or ask an administrator for a new invitation.',
    );
  });

  test('@one-width Revoke asks first, then the link stops working', async ({ browser }) => {
    const admin = await openPage(browser);
    await admin.goto('/admin/manage-users');
    const panel = invitePanel(admin);
    await panel.getByRole('button', { name: 'Create invitation' }).click();
    await expect(panel.getByRole('status')).toContainText(
      'Invitation created for Anyone with the link (User).',
    );
    const link = new URL(await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue());

    await panel.getByRole('button', { name: 'Revoke' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke invitation?' });
    await expect(dialog).toContainText('The link for Anyone with the link (User) will stop working.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(admin.getByText('Invitation revoked.')).toBeVisible();
    await expect(panel.getByText('No open invitations.')).toBeVisible();

    const visitor = await openPage(browser, { signedOut: true });
    await visitor.goto(link.pathname + link.search);
    await expect(alertIn(visitor)).toHaveText(
      'This invitation was revoked. Ask an administrator for a new invitation.',
    );
    // No form to fill for a dead link; the plain sign-up is offered (and refused by the mode here).
    await expect(visitor.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await visitor.getByRole('link', { name: 'Sign up without an invitation' }).click();
    await expect(visitor).toHaveURL(/\/signup\?role=user$/);
    await fillSignup(visitor, { fullName: 'Late Larry', email: 'larry@example.com' });
    await expect(alertIn(visitor)).toHaveText(
      'Sign-up is closed on this server. Ask an administrator for an invitation.',
    );
  });

  test('@one-width with a token the server refuses, the added blocks say so and the session stays', async ({
    browser,
  }) => {
    // As a test of the original screens runs them: a fake admin token and only /admin/users stubbed.
    const page = await openPage(browser, { signedOut: true });
    await signIn(page, { token: fakeToken('admin'), email: 'fake-admin@example.com', name: 'Fay Fake' });
    await stubUsers(page, []);
    const refused = 'Your session is invalid or has expired. Please log in again.';
    await page.goto('/admin/manage-users');
    await expect(invitePanel(page).getByRole('alert')).toContainText(refused);
    await expect(page.getByText('No users found.')).toBeVisible();
    await page.goto('/admin/settings');
    await expect(signupSection(page).getByRole('alert')).toContainText(refused);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });

  test('the sign-up and invitation screens pass axe in both themes and fit the width', async ({
    browser,
  }, testInfo) => {
    const width = testInfo.project.name === 'mobile-360' ? 360 : undefined;
    // On its own at 360 px (the tests above run on desktop only): set the mode it shows.
    await setMode('closed');
    const admin = await openPage(browser, { width });
    await admin.goto('/admin/settings');
    await expect(signupSection(admin).getByRole('radio', { name: 'Closed' })).toBeChecked();
    expect(await findAxeViolations(admin)).toEqual([]);

    await admin.goto('/admin/manage-users');
    const panel = invitePanel(admin);
    await panel.getByRole('textbox', { name: 'Email (optional)' }).fill('axe@example.com');
    await panel.getByRole('button', { name: 'Create invitation' }).click();
    const link = new URL(await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue());
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    expect(await findAxeViolations(admin)).toEqual([]);
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const visitor = await openPage(browser, { signedOut: true, width });
    await visitor.goto(link.pathname + link.search);
    await expect(visitor.getByRole('textbox', { name: 'Email' })).toHaveValue('axe@example.com');
    expect(await findAxeViolations(visitor)).toEqual([]);
  });
});
