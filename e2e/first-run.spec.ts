/**
 * A team's first run (docs/product.md#sign-up-settings, #admin-dashboard, #member-profile; ADR 0041),
 * on a production server of its own with TEAM_SYNC=on and SIGNUP_MODE unset, and a real SMTP sink:
 * sign-up open until the first admin, then invitation only (a stranger is told so, Admin Settings
 * says why and opens it); the dashboard's checklist ticks as the server sees the steps done and goes
 * when dismissed; a member changes their password and their name on the profile, and the name is in
 * the navbar after logging out and in on another browser.
 */
import type { Browser, Page } from '@playwright/test';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../tests/helpers/smtp-sink';
import { expect, test } from './fixtures';
import { collectDialogs, findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { E2E_PASSWORD } from './session-helpers';
import { openDeviceAt, registerAccount, type Account } from './team-sync-helpers';

const NEW_PASSWORD = 'a brand new password 2';
const INVITATION_NEEDED = 'Sign-up needs an invitation. Ask an administrator for an invitation link.';
const TEAM_DEFAULT_TEXT =
  'Sign-up is invitation only: with team sync on, it closes once the first administrator exists, so strangers cannot join your team. Open it to let anyone who has the address create an account.';

let server: AppProcess;
let sink: SmtpSink;
const received: ReceivedMail[] = [];
const accounts = {} as Record<'admin' | 'member', Account>;

/** Screenshots for looking at the screens, when FIRST_RUN_SHOTS names a folder (light and dark). */
async function shoot(page: Page, name: string) {
  const folder = process.env.FIRST_RUN_SHOTS;
  if (!folder) return;
  const width = page.viewportSize()?.width ?? 0;
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    await page.screenshot({ path: `${folder}/${name}-${width}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
}

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Get your team started' });
}

function step(page: Page, label: string) {
  return checklist(page).getByRole('listitem').filter({ hasText: label });
}

async function expectSteps(page: Page, done: Record<string, boolean>) {
  for (const [label, isDone] of Object.entries(done)) {
    await expect(step(page, label)).toContainText(isDone ? 'Done' : 'To do');
  }
}

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

async function logInThroughForm(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await page.goto('/login?role=user');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 15_000 });
  return { context, page };
}

// One width: flows across browsers and the server (each screen's axe check runs here at desktop).
test.describe('a team’s first run (TEAM_SYNC=on, SIGNUP_MODE unset)', { tag: '@one-width' }, () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async () => {
    sink = await startSmtpSink({ mails: received });
    // SIGNUP_MODE '' is unset: the team default decides (the helper's own default is open).
    server = await startAppServer({ TEAM_SYNC: 'on', SIGNUP_MODE: '', SMTP_URL: sink.url });
    // Open until the first admin exists: a member signs up on their own, then the admin.
    accounts.member = await registerAccount(server.base, 'Mo Member', 'mo@example.com', 'user');
    accounts.admin = await registerAccount(server.base, 'Tara Admin', 'tara@example.com', 'admin');
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  test('a stranger’s sign-up is refused once an admin exists, with the sentence that says why', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Sid Stranger');
    await page.getByRole('textbox', { name: 'Email' }).fill('sid@example.com');
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(INVITATION_NEEDED);
    await expect(page).toHaveURL(/\/signup$/);
    expect(await findAxeViolations(page)).toEqual([]);
    await shoot(page, 'signup-refused');
    // The fixed point, as an API client sees it.
    const refused = await api('/api/auth/register', {
      body: { fullName: 'Sid Stranger', email: 'sid2@example.com', password: E2E_PASSWORD, role: 'user' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(INVITATION_NEEDED);
    await context.close();
  });

  test('the checklist shows, ticks as steps are done, and goes for good when dismissed', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    await page.goto('/admin/dashboard');
    // The member signed up before the admin: the team is there, nothing else is done.
    await expect(checklist(page)).toContainText('1 of 4 done.', { timeout: 15_000 });
    await expectSteps(page, {
      'Invite your team': true,
      'Choose who may join': false,
      'Send a test email': false,
      'Create labels': false,
    });
    expect(await findAxeViolations(page)).toEqual([]);
    await shoot(page, 'checklist');

    // Choose who may join: the link leads to Admin Settings' Sign-up, which says why it is closed.
    await step(page, 'Choose who may join').getByRole('link', { name: 'Choose who may join' }).click();
    await expect(page).toHaveURL(/\/admin\/settings#sign-up$/);
    const signup = page.getByRole('region', { name: 'Sign-up' });
    await expect(signup).toContainText(TEAM_DEFAULT_TEXT);
    await expect(signup.getByRole('radio', { name: 'Invitation only' })).toBeChecked();
    expect(await findAxeViolations(page)).toEqual([]);
    await shoot(page, 'settings-team-default');
    await signup.getByRole('button', { name: 'Open sign-up' }).click();
    await expect(page.getByText('Sign-up settings saved.')).toBeVisible();
    await expect(signup.getByRole('radio', { name: 'Open' })).toBeChecked();
    await expect(signup).not.toContainText(TEAM_DEFAULT_TEXT);
    // Open now: a stranger's sign-up goes through.
    const joined = await api('/api/auth/register', {
      body: { fullName: 'Nia New', email: 'nia@example.com', password: E2E_PASSWORD, role: 'user' },
    });
    expect(joined.status).toBe(201);

    // The dashboard open in another tab meanwhile: it ticks the next step when it is shown again.
    const dashboard = await context.newPage();
    await dashboard.goto('/admin/dashboard');
    await expect(checklist(dashboard)).toContainText('2 of 4 done.', { timeout: 15_000 });
    await page.bringToFront();

    // Send a test email, from the block the checklist links to.
    const mail = page.getByRole('region', { name: 'Outgoing Mail' });
    await mail.getByRole('button', { name: 'Send a Test Email' }).click();
    await expect(mail).toContainText('Test email sent to tara@example.com.');
    await dashboard.bringToFront();
    await dashboard.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(checklist(dashboard)).toContainText('3 of 4 done.');
    await dashboard.close();

    await page.goto('/admin/dashboard');
    await expect(checklist(page)).toContainText('3 of 4 done.', { timeout: 15_000 });
    await expectSteps(page, {
      'Invite your team': true,
      'Choose who may join': true,
      'Send a test email': true,
      'Create labels': false,
    });
    await checklist(page).getByRole('button', { name: 'Dismiss checklist' }).click();
    await expect(page.getByText('Checklist dismissed.')).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Total Users' })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    // Creating labels afterwards does not bring it back (and with every step done it would not show).
    const label = await api('/api/labels', {
      body: { name: 'Urgent', color: 'red' },
      token: accounts.admin.token,
    });
    expect(label.status).toBe(201);
    const state = await api('/api/admin/first-run', { token: accounts.admin.token });
    expect(state.body).toEqual({
      steps: { invite: true, signup: true, testMail: true, labels: true },
      dismissed: true,
    });
    await context.close();
  });

  test('a member changes their password on the profile', async ({ browser }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.member);
    const dialogs = collectDialogs(page);
    await page.goto('/user/profile');
    const section = page.getByRole('region', { name: 'Change Password' });
    await section.getByLabel('Current Password', { exact: true }).fill(E2E_PASSWORD);
    await section.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => dialogs).toEqual(['Password changed successfully!']);
    await expect(section.getByLabel('New Password', { exact: true })).toHaveValue('');
    expect(
      (await api('/api/auth/login', { body: { email: 'mo@example.com', password: NEW_PASSWORD } })).status,
    ).toBe(200);
    expect(
      (await api('/api/auth/login', { body: { email: 'mo@example.com', password: E2E_PASSWORD } })).status,
    ).toBe(401);
    await context.close();
  });

  test('the name saved on the profile is the navbar’s after logging out and in on another browser', async ({
    browser,
  }) => {
    const first = await logInThroughForm(browser, 'mo@example.com', NEW_PASSWORD);
    const page = first.page;
    const dialogs = collectDialogs(page);
    await expect(page.getByRole('button', { name: 'Profile menu for Mo Member' })).toBeVisible({
      timeout: 15_000,
    });
    await page.goto('/user/profile');
    await expect(page.getByRole('main')).toContainText(
      'Your name and email are your account’s: your team sees them, and they follow you to every device. Your other details and picture are saved in this browser.',
    );
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(name).toHaveValue('Mo Member', { timeout: 15_000 });
    await expect(email).toHaveValue('mo@example.com');
    await expect(email).toHaveAttribute('readonly', '');
    expect(await findAxeViolations(page)).toEqual([]);
    await shoot(page, 'member-profile');

    // Refused as sign-up refuses it: nothing is saved.
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    expect(dialogs).toEqual([]);

    await name.fill('Mo Renamed');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('+1 555 000 1111');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => dialogs).toEqual(['Profile updated successfully!']);
    await expect(page.getByRole('button', { name: 'Profile menu for Mo Renamed' })).toBeVisible({
      timeout: 15_000,
    });

    await page.getByRole('button', { name: 'Profile menu for Mo Renamed' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await first.context.close();

    // Another browser: the name comes from the server.
    const second = await logInThroughForm(browser, 'mo@example.com', NEW_PASSWORD);
    // The menu is loaded after the page (next/dynamic): a busy machine takes a while.
    await expect(second.page.getByRole('button', { name: 'Profile menu for Mo Renamed' })).toBeVisible({
      timeout: 15_000,
    });
    await second.page.goto('/user/profile');
    await expect(second.page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Mo Renamed', {
      timeout: 15_000,
    });
    // The other details stayed in the first browser.
    await expect(second.page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('');
    await second.context.close();
  });

  test('an admin’s Profile Settings start from the account, and the name saved there is the account’s', async ({
    browser,
  }) => {
    const { context, page } = await openDeviceAt(server.base, browser, accounts.admin);
    const dialogs = collectDialogs(page);
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Profile Settings' });
    await expect(section).toContainText(
      'Your name and email are your account’s: your team sees them, and they follow you to every device. Your role and picture are saved in this browser.',
    );
    const name = section.getByRole('textbox', { name: 'Name', exact: true });
    const email = section.getByRole('textbox', { name: 'Email', exact: true });
    await expect(name).toHaveValue('Tara Admin', { timeout: 15_000 });
    await expect(email).toHaveValue('tara@example.com');
    await expect(email).toHaveAttribute('readonly', '');
    await shoot(page, 'admin-profile');

    await name.fill('Tara Renamed');
    await section.getByRole('button', { name: 'Save Profile' }).click();
    await expect.poll(() => dialogs).toEqual(['Profile updated successfully!']);
    await expect(page.getByRole('button', { name: 'Profile menu for Tara Renamed' })).toBeVisible({
      timeout: 15_000,
    });
    const account = await api('/api/auth/account', { token: accounts.admin.token });
    expect(account.body.user).toMatchObject({ fullName: 'Tara Renamed', email: 'tara@example.com' });
    // The card of /admin/profile says the same.
    // Another tab (this one reloads after the save's alert).
    const profile = await context.newPage();
    await profile.goto('/admin/profile');
    await expect(profile.getByRole('heading', { level: 2, name: 'Tara Renamed' })).toBeVisible({
      timeout: 15_000,
    });
    await context.close();
  });
});
