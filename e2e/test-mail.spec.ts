import type { Page } from '@playwright/test';
import { parseMail, startSmtpSink, type ReceivedMail, type SmtpSink } from '../tests/helpers/smtp-sink';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { E2E_ADMIN, signIn, uniqueEmail } from './session-helpers';
import { registerAccount } from './team-sync-helpers';

/** Admin Settings' 'Outgoing Mail' block: Send a Test Email (docs/product.md#send-a-test-email). */

const SETTINGS = '/admin/settings';

function emailBlock(page: Page) {
  return page.getByRole('main').getByRole('region', { name: 'Outgoing Mail', exact: true });
}

async function openEmailBlock(page: Page) {
  await page.goto(SETTINGS);
  await expect(emailBlock(page).getByRole('button', { name: 'Send a Test Email' })).toBeVisible({
    timeout: 15_000,
  });
  return emailBlock(page);
}

test.describe('Send a test email on the shared server (no SMTP_URL)', () => {
  test(
    'says that no mail server is configured and where the mail went; a bad address is refused',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      const block = await openEmailBlock(page);
      await expect(
        block.getByText('Check that this server can send mail: password reset links,'),
      ).toBeVisible();
      await expect(block.getByLabel('Send to', { exact: true })).toHaveValue('');
      await expect(block.getByText("Leave empty to send it to your own account's email.")).toBeVisible();
      expect(await findAxeViolations(page)).toEqual([]);

      await block.getByRole('button', { name: 'Send a Test Email' }).click();
      await expect(block.getByRole('status')).toHaveText(
        `No mail server is configured (SMTP_URL is unset), so the test email to ${E2E_ADMIN.email} was written to data/outbox.log instead. Set SMTP_URL to send real mail.`,
      );

      await block.getByLabel('Send to', { exact: true }).fill('not an address');
      await block.getByRole('button', { name: 'Send a Test Email' }).click();
      await expect(block.getByRole('alert')).toHaveText('Enter a valid email address.');
      await expect(block.getByRole('status')).toHaveCount(0);
      // The page does not scroll sideways at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    },
  );
});

test.describe('Send a test email through a real SMTP server', () => {
  test.describe.configure({ mode: 'serial' });

  const received: ReceivedMail[] = [];
  let sink: SmtpSink | undefined;
  let server: AppProcess | undefined;

  test.beforeAll(async () => {
    sink = await startSmtpSink({ mails: received });
    server = await startAppServer({ SMTP_URL: sink.url, MAIL_FROM: 'Tasklane <no-reply@tasklane.test>' });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  test(
    'sends it and says so; a mail server that refuses is told in words',
    { tag: '@one-width' },
    async ({ browser }) => {
      test.setTimeout(90_000);
      const base = server!.base;
      const admin = await registerAccount(base, 'Mail Admin', uniqueEmail('mail-admin'), 'admin');
      const context = await browser.newContext({ baseURL: base });
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: ')) {
          errors.push(message.text());
        }
      });
      const page = await context.newPage();
      await signIn(page, { token: admin.token, email: admin.email, name: admin.fullName });
      const block = await openEmailBlock(page);

      await block.getByLabel('Send to', { exact: true }).fill('Ops@Example.org');
      await block.getByRole('button', { name: 'Send a Test Email' }).click();
      await expect(block.getByRole('status')).toHaveText('Test email sent to ops@example.org.');
      await expect(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Test email sent to ops@example.org.' }),
      ).toBeVisible();
      expect(received.map((mail) => mail.to)).toEqual([['ops@example.org']]);
      expect(parseMail(received[0]!.raw).headers.get('subject')).toBe('Tasklane test email');

      // Empty: the admin's own address.
      await block.getByLabel('Send to', { exact: true }).fill('');
      await block.getByRole('button', { name: 'Send a Test Email' }).click();
      await expect(block.getByRole('status')).toHaveText(`Test email sent to ${admin.email}.`);

      sink!.refuseNext(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      await block.getByRole('button', { name: 'Send a Test Email' }).click();
      const port = new URL(sink!.url).port;
      await expect(block.getByRole('alert')).toHaveText(
        `The mail server at 127.0.0.1:${port} could not take the message for now. It said: “451 Mailbox busy, try again later”. Try again in a few minutes.`,
      );
      await expect(block.getByRole('button', { name: 'Send a Test Email' })).toBeEnabled();
      expect(received).toHaveLength(2);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
