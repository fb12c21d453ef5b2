import 'server-only';
import { randomUUID } from 'node:crypto';
import { CONTACT_SUCCESS_MESSAGE, type ContactInput } from '@/features/landing/server/contact-schema';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { sendMailInBackground, type MailMessage } from '@/server/mailer';
import { consumeRateLimit } from '@/server/rate-limit';

export function buildContactMail(to: string, input: ContactInput): MailMessage {
  const text = [
    'A new message was sent through the Tasklane Contact Us form.',
    '',
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    '',
    input.message,
  ].join('\n');
  return { to, subject: `Tasklane contact: message from ${input.name}`, text };
}

/**
 * Contact Us (docs/product.md#endpoint-contact): stores the message (table contact_messages) and, when
 * CONTACT_TO is set, mails it there. Limited per IP (RATE_LIMIT_CONTACT_MAX per
 * RATE_LIMIT_CONTACT_WINDOW_SECONDS).
 */
export async function submitContactMessage(options: { input: ContactInput; ip: string }): Promise<string> {
  const { input, ip } = options;
  await consumeRateLimit('contact', ip);
  const { db, tables } = await getDatabase();
  await db.insert(tables.contactMessages).values({
    id: randomUUID(),
    name: input.name,
    email: input.email,
    message: input.message,
    createdAt: new Date(),
    ip: ip === 'unknown' ? null : ip,
  });

  const to = getEnv().CONTACT_TO;
  if (to) {
    // In the background: a slow or broken mail server must not fail or delay the form.
    sendMailInBackground(buildContactMail(to, input), 'Contact message email could not be sent');
  }
  return CONTACT_SUCCESS_MESSAGE;
}
