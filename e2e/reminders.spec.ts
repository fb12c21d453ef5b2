import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseMail, startSmtpSink, type ReceivedMail, type SmtpSink } from '../tests/helpers/smtp-sink';
import { expect, test } from './fixtures';
import {
  findAxeViolations,
  openWith,
  readStoredJson,
  recordedNotifications as recorded,
  recordNotifications,
  type StoredTask,
} from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { signIn } from './session-helpers';
import { registerAccount, type Account } from './team-sync-helpers';

/**
 * Reminders (docs/product.md#reminders): desktop notifications in the browser (team sync on or off),
 * and with team sync on the morning email, sent by the server's own timer through a real SMTP sink.
 */

function task(id: string, title: string, deadline: string): StoredTask {
  return { id, title, description: 'd', priority: 'Medium', deadline, progress: 0 };
}

function reminders(page: Page) {
  return page.getByRole('region', { name: 'Reminders' });
}

function desktopSwitch(page: Page) {
  return reminders(page).getByRole('switch', { name: 'Desktop notifications' });
}

test.describe('desktop reminders', () => {
  test(
    'notify each task due today or tomorrow once a day, across reloads, and again the next day',
    { tag: '@one-width' },
    async ({ memberPage: page, context }) => {
      // Granted through the recorder: the headless shell the suite runs in keeps the real permission
      // at "denied" whatever the context grants.
      await recordNotifications(context, 'granted');
      // A past day: the fixture's session token expires an hour after the real now.
      await page.clock.install({ time: new Date('2026-03-10T09:00:00') });
      await openWith(page, '/user/notifications', {
        tasks: [
          task('1', 'Call the bank', '2026-03-11'),
          task('2', 'Pay rent', '2026-03-10'),
          task('3', 'Later', '2026-03-14'),
          task('4', 'Yesterday', '2026-03-09'),
        ],
      });
      // The spec's list is unchanged, the section below it.
      await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
        '⏳ Task "Call the bank" is due tomorrow!',
        '🚨 Task "Pay rent" is due today!',
      ]);
      await expect(reminders(page).getByRole('heading', { level: 2 })).toHaveText('Reminders');
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'false');
      await expect(reminders(page).getByRole('status')).toHaveText('Off.');
      expect(await recorded(page)).toEqual([]);

      await desktopSwitch(page).click();
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'true');
      await expect(reminders(page).getByRole('status')).toHaveText(
        'On: tasks due today and tomorrow are notified on this device.',
      );
      expect(await readStoredJson(page, 'tasklane.reminders')).toEqual({ enabled: true });
      const firstDay = [
        {
          title: '⏳ Task Due Tomorrow: "Call the bank"',
          body: 'Deadline: 2026-03-11',
          tag: 'tasklane-2026-03-10-1',
        },
        {
          title: '🚨 Task Due Today: "Pay rent"',
          body: 'Deadline: 2026-03-10',
          tag: 'tasklane-2026-03-10-2',
        },
      ];
      await expect.poll(() => recorded(page)).toEqual(firstDay);
      expect(await readStoredJson(page, 'tasklane.notified')).toEqual({ day: '2026-03-10', ids: ['1', '2'] });

      // Another load, another member page: nothing twice on the same day.
      await page.reload();
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'true');
      await page.goto('/user/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // The dashboard's own toasts are still the spec's.
      await expect(page.getByText('🚨 Task Due Today: "Pay rent"')).toBeVisible();
      await page.clock.runFor(2_000);
      expect(await recorded(page)).toEqual(firstDay);

      // The page stays open past midnight: the next day's reminders come by themselves.
      await page.clock.fastForward('24:00:00');
      await page.clock.runFor(60_000);
      await expect
        .poll(() => recorded(page))
        .toEqual([
          ...firstDay,
          {
            title: '🚨 Task Due Today: "Call the bank"',
            body: 'Deadline: 2026-03-11',
            tag: 'tasklane-2026-03-11-1',
          },
        ]);
      expect(await readStoredJson(page, 'tasklane.notified')).toEqual({ day: '2026-03-11', ids: ['1'] });

      // Switched off: nothing more, even on a new day.
      await page.goto('/user/notifications');
      await desktopSwitch(page).click();
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'false');
      expect(await readStoredJson(page, 'tasklane.reminders')).toEqual({ enabled: false });
      await page.clock.fastForward('24:00:00');
      await page.reload();
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'false');
      expect(await recorded(page)).toHaveLength(3);
    },
  );

  test(
    'says how to allow notifications when the site is blocked',
    { tag: '@one-width' },
    async ({ memberPage: page, context }) => {
      await recordNotifications(context, 'denied');
      await page.goto('/user/notifications');
      await expect(desktopSwitch(page)).toBeDisabled();
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'false');
      await expect(reminders(page).getByRole('status')).toHaveText(
        'Notifications are blocked for this site. To allow them, click the icon at the left of the address bar, open the site settings, set Notifications to Allow, then reload this page.',
      );
    },
  );

  test(
    'says so when the browser has no notifications',
    { tag: '@one-width' },
    async ({ memberPage: page, context }) => {
      await recordNotifications(context, 'missing');
      await page.goto('/user/notifications');
      await expect(desktopSwitch(page)).toBeDisabled();
      await expect(reminders(page).getByRole('status')).toHaveText(
        'This browser cannot show desktop notifications.',
      );
      // Sync off: no email settings, and no request for them.
      await expect(reminders(page).getByRole('heading', { name: 'Morning email' })).toHaveCount(0);
    },
  );

  test(
    'asks for permission only on the click, and a dismissed prompt says so',
    { tag: '@one-width' },
    async ({ memberPage: page, context }) => {
      await recordNotifications(context, 'default');
      await page.goto('/user/notifications');
      await expect(reminders(page).getByRole('status')).toHaveText('Off.');
      expect(await page.evaluate(() => sessionStorage.getItem('e2e.asked'))).toBeNull();
      await desktopSwitch(page).click();
      await expect(reminders(page).getByRole('status')).toHaveText(
        'Notifications were not allowed. Switch them on again to be asked once more.',
      );
      expect(await page.evaluate(() => sessionStorage.getItem('e2e.asked'))).toBe('1');
      await expect(desktopSwitch(page)).toHaveAttribute('aria-checked', 'false');
      expect(await readStoredJson(page, 'tasklane.reminders')).toBeNull();
    },
  );
});

// ---------------------------------------------------------------------------------------------

/** The app server's port, one per project, since the desktop and 360 px projects may run at once. */
const APP_PORT = Number(process.env.E2E_REMINDER_APP_PORT ?? 3341);
const portOffset = () => (test.info().project.name === 'mobile-360' ? 1 : 0);
const INTERVAL_MS = 400;

test.describe('morning email (TEAM_SYNC=on)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ timezoneId: 'UTC' });

  const received: ReceivedMail[] = [];
  let sink: SmtpSink | undefined;
  let server: AppProcess;
  let base = '';
  let env: Record<string, string> = {};

  test.beforeAll(async () => {
    sink = await startSmtpSink({ mails: received });
    base = `http://127.0.0.1:${APP_PORT + portOffset()}`;
    env = {
      TEAM_SYNC: 'on',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Tasklane <reminders@tasklane.test>',
      APP_URL: base,
      REMINDER_INTERVAL_MS: String(INTERVAL_MS),
      RATE_LIMIT_REGISTER_MAX: '1000',
    };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-e2e-reminders-'));
    server = await startAppServer(env, { port: APP_PORT + portOffset(), dataDir });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** The mails sent to `email`, decoded, in the order received. */
  const mailsTo = (email: string) =>
    received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));

  /** Today and tomorrow in UTC, the zone this test's browser and member use. */
  function days() {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);
    return { today, tomorrow };
  }

  async function addTaskDue(page: Page, title: string, deadline: string) {
    await page.goto('/user/userpage');
    const form = page.getByRole('form', { name: 'Create a New Task' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Reminder test');
    await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill(deadline);
    await form.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByRole('main').getByRole('article', { name: title, exact: true })).toBeVisible();
  }

  async function settingsOf(account: Account) {
    const response = await fetch(`${base}/api/reminders/settings`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { email: boolean; time: string; timeZone: string | null };
  }

  test(
    'a member opts in; one email arrives with their tasks, still one after a crash and restart; its link unsubscribes',
    { tag: '@one-width' },
    async ({ browser }) => {
      test.setTimeout(180_000);
      const { today, tomorrow } = days();
      const rita = await registerAccount(base, 'Rita Reminder', `rita-${Date.now()}@example.com`, 'user');
      const context = await browser.newContext({ baseURL: base, timezoneId: 'UTC' });
      const page = await context.newPage();
      await signIn(page, { token: rita.token, email: rita.email, name: rita.fullName });
      await addTaskDue(page, 'Send the invoice', today);
      await addTaskDue(page, 'Book the room', tomorrow);
      await expect(page.getByRole('banner').getByRole('status')).toHaveText('Synced');

      // The Reminders section, with the morning email since sync is on. 00:00 is always already due.
      await page.goto('/user/notifications');
      const form = page.getByRole('form', { name: 'Morning email' });
      await expect(form.getByRole('checkbox', { name: 'Email me my tasks every morning' })).not.toBeChecked();
      await expect(form.getByLabel('Time', { exact: true })).toHaveValue('08:00');
      await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
      expect(await findAxeViolations(page)).toEqual([]);
      await form.getByLabel('Time', { exact: true }).fill('00:00');
      await form.getByRole('checkbox', { name: 'Email me my tasks every morning' }).check();
      await form.getByRole('button', { name: 'Save email reminders' }).click();
      await expect(form.getByRole('status')).toHaveText('Email reminders saved.');
      expect(await settingsOf(rita)).toEqual({ email: true, time: '00:00', timeZone: 'UTC' });

      await expect.poll(() => mailsTo(rita.email).length, { timeout: 30_000 }).toBe(1);
      const [mail] = mailsTo(rita.email);
      expect(mail!.headers.get('subject')).toBe('Tasklane reminder: 2 tasks need your attention');
      expect(mail!.headers.get('from')).toBe('Tasklane <reminders@tasklane.test>');
      const link = /\/reminders\/unsubscribe\?token=([\w.-]+)/.exec(mail!.text);
      expect(link, mail!.text).not.toBeNull();
      const token = link![1]!;
      expect(mail!.text).toBe(
        [
          'Hello Rita Reminder,',
          '',
          `Your Tasklane tasks for ${today}:`,
          '',
          'Due today (1):',
          '- Send the invoice',
          '',
          'Due tomorrow (1):',
          '- Book the room',
          '',
          `Open Tasklane: ${base}/user/dashboard`,
          '',
          'You get this email because you turned on email reminders in Tasklane (every day at 00:00, UTC).',
          `To stop them, open: ${base}/reminders/unsubscribe?token=${token}`,
        ].join('\n'),
      );
      expect(mail!.headers.get('list-unsubscribe')).toBe(
        `<${base}/api/reminders/unsubscribe?token=${token}>`,
      );
      expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

      // A crash (no shutdown code) and a restart on the same data: the claim holds.
      await server.kill();
      server = await startAppServer(env, { port: server.port, dataDir: server.dataDir });
      // Proof that the restarted server's timer runs: another member's email arrives after it...
      const sam = await registerAccount(base, 'Sam Second', `sam-${Date.now()}@example.com`, 'user');
      const samDevice = await browser.newContext({ baseURL: base, timezoneId: 'UTC' });
      const samPage = await samDevice.newPage();
      await signIn(samPage, { token: sam.token, email: sam.email, name: sam.fullName });
      await addTaskDue(samPage, 'Water the plants', today);
      await expect(samPage.getByRole('banner').getByRole('status')).toHaveText('Synced');
      const saved = await fetch(`${base}/api/reminders/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${sam.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: true, time: '00:00', timeZone: 'UTC' }),
      });
      expect(saved.status).toBe(200);
      await expect.poll(() => mailsTo(sam.email).length, { timeout: 30_000 }).toBe(1);
      // ...then two more intervals: Rita still has exactly one.
      await samPage.waitForTimeout(2 * INTERVAL_MS + 200);
      expect(mailsTo(rita.email)).toHaveLength(1);
      expect(mailsTo(sam.email)).toHaveLength(1);

      // The email's visible link: a page with a button (a GET alone changes nothing).
      await page.goto(`/reminders/unsubscribe?token=${token}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop reminder emails');
      await expect(
        page.getByText('Turn off the morning reminder emails Tasklane sends you?', { exact: false }),
      ).toBeVisible();
      expect((await settingsOf(rita)).email).toBe(true);
      expect(await findAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'You are unsubscribed. Tasklane will not send you reminder emails any more.',
      );
      expect(await settingsOf(rita)).toEqual({ email: false, time: '00:00', timeZone: 'UTC' });
      await page.goto('/user/notifications');
      await expect(
        page
          .getByRole('form', { name: 'Morning email' })
          .getByRole('checkbox', { name: 'Email me my tasks every morning' }),
      ).not.toBeChecked();

      // Sam's mail client uses the one-click header (RFC 8058).
      const samLink = /<([^>]+)>/.exec(mailsTo(sam.email)[0]!.headers.get('list-unsubscribe') ?? '')![1]!;
      const oneClick = await fetch(samLink, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect((await settingsOf(sam)).email).toBe(false);

      // A broken link says so.
      await page.goto(`/reminders/unsubscribe?token=${token.slice(0, -2)}xx`);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'This unsubscribe link is invalid or has expired. You can turn reminder emails off on the Notifications page.',
      );
      await page.goto('/reminders/unsubscribe');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        'This unsubscribe link is incomplete. You can turn reminder emails off on the Notifications page.',
      );
      await samDevice.close();
      await context.close();
    },
  );

  test('the Reminders section with the morning email fits the width and passes axe', async ({ browser }) => {
    const kim = await registerAccount(base, 'Kim Narrow', `kim-${Date.now()}@example.com`, 'user');
    const viewport = test.info().project.use.viewport ?? { width: 1280, height: 720 };
    const context = await browser.newContext({ baseURL: base, timezoneId: 'UTC', viewport });
    const page = await context.newPage();
    await signIn(page, { token: kim.token, email: kim.email, name: kim.fullName });
    await page.goto('/user/notifications');
    const form = page.getByRole('form', { name: 'Morning email' });
    await expect(form.getByRole('button', { name: 'Save email reminders' })).toBeVisible();
    await expect(desktopSwitch(page)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // A bad time is refused in the form, with the server's words, before anything is sent.
    await form.getByLabel('Time', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Save email reminders' }).click();
    await expect(form.getByText('Choose a time as HH:MM, from 00:00 to 23:59.')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
