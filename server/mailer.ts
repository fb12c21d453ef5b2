import 'server-only';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getDataDir, getEnv } from './env';
import { logger } from './logger';
import { ensurePrivateDir, ensurePrivateFile } from './private-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (a reminder's List-Unsubscribe); SMTP only, the outbox file leaves them out. */
  headers?: Record<string, string>;
}

export function getOutboxFile(): string {
  return path.join(getDataDir(), 'outbox.log');
}

let transport: { url: string; transporter: Transporter } | undefined;

function getTransporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * SMTP_URL set → real SMTP. Unset → the message is appended to data/outbox.log (mode 0600), so a
 * self-hoster without mail can still follow a reset link; outside production its text is also logged.
 * `timeoutMs` bounds each wait on the mail server (connecting, its greeting, each reply) for a
 * caller who is waiting for the outcome; without it nodemailer's own limits (up to minutes) apply.
 */
export async function sendMail(message: MailMessage, options: { timeoutMs?: number } = {}): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    const { timeoutMs } = options;
    const transporter =
      timeoutMs === undefined
        ? getTransporter(env.SMTP_URL)
        : nodemailer.createTransport({
            url: env.SMTP_URL,
            connectionTimeout: timeoutMs,
            greetingTimeout: timeoutMs,
            socketTimeout: timeoutMs,
          });
    await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    return;
  }
  const entry = [
    `--- ${new Date().toISOString()}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    message.text,
    '',
  ].join('\n');
  // The text holds reset links and unsubscribe tokens: in production it goes to the 0600 outbox
  // only, never to a log that log collectors and support staff read.
  logger.info('Mail not sent (SMTP_URL is unset); written to data/outbox.log', {
    to: message.to,
    subject: message.subject,
    ...(env.NODE_ENV === 'production' ? {} : { text: message.text }),
  });
  ensurePrivateDir(getDataDir());
  ensurePrivateFile(getOutboxFile());
  await appendFile(getOutboxFile(), entry + '\n', 'utf8');
}

/** Mail on its way in the background, so tests can wait for it. */
const pendingMail = new Set<Promise<void>>();

/**
 * Sends without making the caller wait: a slow or broken mail server must neither delay nor fail the
 * request, and the response time must not reveal whether a mail was sent. A failure is logged as
 * `failureLog`.
 */
export function sendMailInBackground(message: MailMessage, failureLog: string): void {
  const sending = sendMail(message)
    .catch((error: unknown) => logger.error(failureLog, error))
    .finally(() => pendingMail.delete(sending));
  pendingMail.add(sending);
}

/** Tests wait for background mail before reading the outbox or the SMTP sink. */
export async function flushBackgroundMail(): Promise<void> {
  await Promise.all([...pendingMail]);
}

export function buildPasswordResetMail(to: string, link: string, ttlMinutes: number): MailMessage {
  const text = [
    'Someone asked to reset the password of your Tasklane account.',
    '',
    `Open this link to choose a new password (it works once, for ${ttlMinutes} minutes):`,
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  return { to, subject: 'Reset your Tasklane password', text };
}
