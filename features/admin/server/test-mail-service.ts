import 'server-only';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { describeMailError } from '@/server/mail-errors';
import { sendMail, type MailMessage } from '@/server/mailer';
import { consumeRateLimit } from '@/server/rate-limit';

/**
 * How long each wait on the mail server may last: the admin is looking at a busy button (and the
 * browser gives up on a request after 15 s), the command line at a waiting prompt.
 */
export const TEST_MAIL_TIMEOUT_MS = 10_000;

export interface TestMailResult {
  /** `smtp`: the mail server took it; `outbox`: SMTP_URL is unset, it went to data/outbox.log. */
  delivered: 'smtp' | 'outbox';
  message: string;
}

export function buildTestMail(to: string): MailMessage {
  const text = [
    'This is a test email from Tasklane.',
    '',
    'It was sent to check that the server can send mail: password reset links, invitations and',
    'reminders go out the same way. Nothing else needs to be done.',
  ].join('\n');
  return { to, subject: 'Tasklane test email', text };
}

/**
 * Sends a short test email to `to` and waits for the outcome (docs/product.md#send-a-test-email):
 * POST /api/admin/test-mail and `npm run admin -- send-test-mail`. A mail server's refusal or
 * silence is an AppError `MAIL_FAILED` (502) whose message says what went wrong in words; the raw
 * error goes to the log. `rateLimitKey`: the admin's id, for the endpoint's limit.
 */
export async function sendTestMail(
  to: string,
  options: { rateLimitKey?: string } = {},
): Promise<TestMailResult> {
  if (options.rateLimitKey !== undefined) await consumeRateLimit('testMail', options.rateLimitKey);
  const smtpUrl = getEnv().SMTP_URL;
  try {
    await sendMail(buildTestMail(to), { timeoutMs: TEST_MAIL_TIMEOUT_MS });
  } catch (error) {
    if (!smtpUrl) throw error;
    logger.warn('Test email could not be sent', error);
    throw new AppError('MAIL_FAILED', describeMailError(error, smtpUrl));
  }
  if (!smtpUrl) {
    return {
      delivered: 'outbox',
      message: `No mail server is configured (SMTP_URL is unset), so the test email to ${to} was written to data/outbox.log instead. Set SMTP_URL to send real mail.`,
    };
  }
  return { delivered: 'smtp', message: `Test email sent to ${to}.` };
}
