import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { startSmtpSink, type ReceivedMail, type SmtpSink, closedPort } from '@/tests/helpers/smtp-sink';
import { outboxText } from '@/tests/helpers/outbox';
import { applyTestEnv } from '@/tests/setup/integration';

const received: ReceivedMail[] = [];
let sink: SmtpSink;
let smtpUrl = '';

beforeAll(async () => {
  sink = await startSmtpSink({ mails: received });
  smtpUrl = sink.url;
});

afterAll(async () => {
  await sink.close();
  await applyTestEnv();
});

beforeEach(async () => {
  await flushBackgroundMail();
  received.length = 0;
  await rm(getOutboxFile(), { force: true });
});

async function waitForMail(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
  await flushBackgroundMail();
  const deadline = Date.now() + timeoutMs;
  while (received.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return received;
}

/** Splits a raw RFC 5322 message into unfolded headers (lower-case names) and its body. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable: `=\r\n` is a soft line break, `=XX` a byte (so `=3D` is `=`). */
function decodeQuotedPrintable(body: string): string {
  const latin1 = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** The text of a single-part message, whatever transfer encoding the mailer chose. */
function readText(raw: string): { headers: Map<string, string>; text: string } {
  const { headers, body } = parseMessage(raw);
  expect(headers.get('content-type') ?? '').toMatch(/^text\/plain/i);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return { headers, text: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  return { headers, text: body };
}

describe('password reset mail over real SMTP', () => {
  it('sends the reset link by SMTP, and the link resets the password', async () => {
    await applyTestEnv({ SMTP_URL: smtpUrl, MAIL_FROM: 'Tasklane <no-reply@tasklane.test>' });
    try {
      const signup = await call(register, '/api/auth/register', {
        body: {
          fullName: 'Mail Tester',
          email: 'mail.tester@example.com',
          password: 'original password',
          role: 'user',
        },
      });
      expect(signup.status).toBe(201);

      const forgot = await call(forgotPassword, '/api/forgot-password', {
        body: { email: 'Mail.Tester@example.com', role: 'user' },
      });
      expect(forgot.status).toBe(200);
      expect(forgot.body).toEqual({
        message: 'If an account exists for that email, a reset link has been sent to it.',
      });

      const mails = await waitForMail(1);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.to).toEqual(['mail.tester@example.com']);
      expect(mail?.from).toBe('no-reply@tasklane.test');

      const { headers, text } = readText(mail?.raw ?? '');
      expect(headers.get('to')).toBe('mail.tester@example.com');
      expect(headers.get('subject')).toBe('Reset your Tasklane password');
      expect(headers.get('from')).toBe('Tasklane <no-reply@tasklane.test>');
      expect(text).toContain('it works once, for 60 minutes');

      const link = /http:\/\/tasklane\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      expect(link, text).not.toBeNull();
      const token = link?.[1] ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(forgot.text).not.toContain(token);
      // Real SMTP set: nothing goes to the outbox file.
      expect(await outboxText()).toBe('');

      const reset = await call(resetPassword, '/api/reset-password', {
        body: { token, password: 'a new password from mail' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Your password has been reset. You can now log in.' });

      const fresh = await call(login, '/api/auth/login', {
        body: { email: 'mail.tester@example.com', password: 'a new password from mail', role: 'user' },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.body.role).toBe('user');
      const stale = await call(login, '/api/auth/login', {
        body: { email: 'mail.tester@example.com', password: 'original password' },
      });
      expect(stale.status).toBe(401);
    } finally {
      await applyTestEnv();
    }
  });

  it('sends nothing for an unknown email', async () => {
    await applyTestEnv({ SMTP_URL: smtpUrl });
    try {
      const res = await call(forgotPassword, '/api/forgot-password', {
        body: { email: 'nobody@example.com' },
      });
      expect(res.status).toBe(200);
      await flushBackgroundMail();
      // Give a stray message time to arrive before asserting there is none.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(0);
    } finally {
      await applyTestEnv();
    }
  });

  it('answers the same 200 and keeps the token when the SMTP server is down', async () => {
    await applyTestEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      await call(register, '/api/auth/register', {
        body: { fullName: 'Down Tester', email: 'down@example.com', password: 'original password' },
      });
      const res = await call(forgotPassword, '/api/forgot-password', { body: { email: 'down@example.com' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'If an account exists for that email, a reset link has been sent to it.',
      });
      await flushBackgroundMail();
      const { db, tables } = await getDatabase();
      const [user] = await db.select().from(tables.users).where(eq(tables.users.email, 'down@example.com'));
      const rows = await db
        .select()
        .from(tables.passwordResetTokens)
        .where(eq(tables.passwordResetTokens.userId, user?.id ?? ''));
      expect(rows).toHaveLength(1);
      expect(received).toHaveLength(0);
    } finally {
      await applyTestEnv();
    }
  });
});
