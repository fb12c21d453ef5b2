/**
 * "Email me what I miss" (docs/product.md#email-of-what-you-miss): the switch under the morning email
 * on Notifications, saved on the server at each switch, with its loading and failure states; and the
 * digest's unsubscribe page, in the digest's words. The digest's sending itself is tested through a
 * real SMTP server in tests/integration/inbox-digest.test.ts (it waits minutes by design). The shared
 * team-mode server has no SMTP_URL, so the page says nothing is emailed yet.
 */
import { request, type Browser, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer } from './process-helpers';
import { signIn } from './session-helpers';
import { registerAccount, type Account } from './team-sync-helpers';

const TEXTS = {
  heading: 'Missed notifications',
  label: 'Email me what I miss',
  intro:
    'Mentions, comments, assignments and completions you have not read in Tasklane, gathered in one email at most every 10 minutes. What you read within 2 minutes is not sent.',
  noMail: 'This server has no mail server set up yet: nothing is emailed until it has.',
  on: 'On: what you miss is emailed to you.',
  off: 'Off.',
  savedOff: 'You will not get emails of what you miss.',
  savedOn: 'You will get an email of what you miss.',
  loadFailed: 'Could not load your email choice. Check your connection and try again.',
  saveFailed: 'Could not save your email choice. Check your connection and try again.',
};

function digestPart(page: Page) {
  return page.getByRole('region', { name: 'Reminders' });
}

function digestSwitch(page: Page) {
  return digestPart(page).getByRole('switch', { name: TEXTS.label });
}

/**
 * An API call as the account, through Playwright's request client (a fresh connection each time:
 * Node's fetch may reuse one the server has just closed, a reset on a busy machine).
 */
async function api(base: string, account: Account, path: string, body?: unknown) {
  const client = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { authorization: `Bearer ${account.token}` },
  });
  try {
    const response = body === undefined ? await client.get(path) : await client.put(path, { data: body });
    expect(response.status()).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  } finally {
    await client.dispose();
  }
}

async function digestSetting(base: string, account: Account) {
  return (await api(base, account, '/api/reminders/digest')) as { digest: boolean; sending: boolean };
}

/** A signed-in device at this project's width (360 px on mobile). */
async function openDevice(browser: Browser, base: string, account: Account) {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 720 };
  const context = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  await signIn(page, { token: account.token, email: account.email, name: account.fullName });
  return { context, page };
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test.describe('Email me what I miss (TEAM_SYNC=on)', () => {
  test('starts on, switches off and on again, kept on the server; fits the width and passes axe', async ({
    browser,
    teamServer,
  }) => {
    const dana = await registerAccount(
      teamServer.base,
      'Dana Digest',
      `dana-${unique()}@example.com`,
      'user',
    );
    const { context, page } = await openDevice(browser, teamServer.base, dana);
    await page.goto('/user/notifications');
    const part = digestPart(page);
    // The first load of the team's tasks may take a while on a busy machine.
    await expect(part.getByRole('heading', { name: TEXTS.heading, level: 3 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'true');
    await expect(part.getByText(TEXTS.intro, { exact: true })).toBeVisible();
    await expect(part.getByText(TEXTS.noMail, { exact: true })).toBeVisible();
    await expect(digestSwitch(page)).toHaveAccessibleDescription(TEXTS.on);
    // The Reminders section, the switch and its lines stay within the screen (360 px too), unclipped.
    const fit = await part.evaluate((section) => ({
      overflow: section.scrollWidth - section.clientWidth,
      right: Math.max(...[...section.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
      screen: document.documentElement.clientWidth,
    }));
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(fit.screen);
    expect(await findAxeViolations(page)).toEqual([]);

    await digestSwitch(page).click();
    await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'false');
    await expect(digestSwitch(page)).toHaveAccessibleDescription(TEXTS.savedOff);
    expect(await digestSetting(teamServer.base, dana)).toEqual({ digest: false, sending: false });

    await page.reload();
    await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'false', { timeout: 30_000 });
    await expect(digestSwitch(page)).toHaveAccessibleDescription(TEXTS.off);
    // Keyboard: Space on the focused switch.
    await digestSwitch(page).focus();
    await page.keyboard.press('Space');
    await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'true');
    await expect(digestSwitch(page)).toHaveAccessibleDescription(TEXTS.savedOn);
    expect((await digestSetting(teamServer.base, dana)).digest).toBe(true);
    // The morning email's form is its own: saving it leaves this switch as it is.
    const morning = page.getByRole('form', { name: 'Morning email' });
    await morning.getByRole('button', { name: 'Save email reminders' }).click();
    await expect(morning.getByRole('status')).toHaveText('Email reminders saved.');
    expect((await digestSetting(teamServer.base, dana)).digest).toBe(true);
    await context.close();
  });

  test(
    'says when it cannot load or save, and Retry loads it',
    { tag: '@one-width' },
    async ({ browser, teamServer, consoleErrors }) => {
      consoleErrors.allow('/api/reminders/digest');
      const eli = await registerAccount(
        teamServer.base,
        'Eli Offline',
        `eli-${unique()}@example.com`,
        'user',
      );
      const { context, page } = await openDevice(browser, teamServer.base, eli);
      await page.route('**/api/reminders/digest', (route) => route.abort('connectionrefused'));
      await page.goto('/user/notifications');
      const part = digestPart(page);
      await expect(part.getByRole('alert')).toHaveText(TEXTS.loadFailed, { timeout: 30_000 });
      await page.unroute('**/api/reminders/digest');
      await part.getByRole('button', { name: 'Retry' }).click();
      await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'true');

      await page.route('**/api/reminders/digest', (route) =>
        route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.fallback(),
      );
      await digestSwitch(page).click();
      await expect(part.getByRole('alert')).toHaveText(TEXTS.saveFailed);
      await expect(digestSwitch(page)).toHaveAttribute('aria-checked', 'true');
      expect((await digestSetting(teamServer.base, eli)).digest).toBe(true);
      await context.close();
    },
  );

  test('the digest’s unsubscribe link asks first, then turns off that email only', async ({
    browser,
    teamServer,
  }) => {
    const fay = await registerAccount(teamServer.base, 'Fay Away', `fay-${unique()}@example.com`, 'user');
    await api(teamServer.base, fay, '/api/reminders/settings', {
      email: true,
      time: '08:00',
      timeZone: 'UTC',
    });
    // The token the digest's email carries: signed with the test server's secret, for the digest only.
    const userId = (
      JSON.parse(Buffer.from(fay.token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }
    ).sub;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer('tasklane')
      .setAudience('tasklane:digest-unsubscribe')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('e2e-process-secret-0123456789abcdefghijkl'));

    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 720 };
    const context = await browser.newContext({ baseURL: teamServer.base, viewport });
    const page = await context.newPage();
    await page.goto(`/reminders/unsubscribe?token=${token}&email=digest`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop emails of what you miss');
    await expect(
      page.getByText(
        'Turn off the emails Tasklane sends you with the notifications you have not read? The morning reminder email, if you have it, stays on. You can turn them on again on the Notifications page.',
        { exact: true },
      ),
    ).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    expect((await digestSetting(teamServer.base, fay)).digest).toBe(true);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'You are unsubscribed. Tasklane will not email you what you miss any more.',
    );
    expect((await digestSetting(teamServer.base, fay)).digest).toBe(false);
    expect((await api(teamServer.base, fay, '/api/reminders/settings')).email).toBe(true);
    await context.close();
  });

  test('@one-width an admin has the switch in Admin Settings, Missed Notifications, kept on the server', async ({
    browser,
  }) => {
    // An admin of their own: on the shared server, sign-up as admin closed with its first admin.
    const server = await startAppServer({ TEAM_SYNC: 'on' });
    try {
      const ada = await registerAccount(server.base, 'Ada Admin', `ada-${unique()}@example.com`, 'admin');
      const { context, page } = await openDevice(browser, server.base, ada);
      await page.goto('/admin/settings');
      const part = page.getByRole('region', { name: 'Missed Notifications' });
      const toggle = part.getByRole('switch', { name: TEXTS.label });
      await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
      await expect(part.getByText(TEXTS.intro, { exact: true })).toBeVisible();
      await toggle.click();
      await expect(toggle).toHaveAccessibleDescription(TEXTS.savedOff);
      expect((await digestSetting(server.base, ada)).digest).toBe(false);
      expect(await findAxeViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
