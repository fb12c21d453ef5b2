import 'server-only';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getDataDir, getEnv } from './env';
import { logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
 * SMTP_URL set → real SMTP. Unset → the message is written to the server log and appended to
 * data/outbox.log, so a self-hoster without mail can still follow a reset link.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    await getTransporter(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, ...message });
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
  logger.info('Mail not sent (SMTP_URL is unset); written to data/outbox.log', {
    to: message.to,
    text: message.text,
  });
  await mkdir(getDataDir(), { recursive: true });
  await appendFile(getOutboxFile(), entry + '\n', 'utf8');
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
