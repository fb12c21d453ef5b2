import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import {
  parseMail,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
  closedPort,
} from '@/tests/helpers/smtp-sink';
import { outboxText } from '@/tests/helpers/outbox';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/admin/test-mail';
const received: ReceivedMail[] = [];
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ mails: received });
});

beforeEach(async () => {
  received.length = 0;
  await rm(getOutboxFile(), { force: true });
  await applyTestEnv({ SMTP_URL: sink.url, MAIL_FROM: 'Tasklane <no-reply@tasklane.test>' });
});

afterAll(async () => {
  await sink.close();
  // SMTP_URL is not among the base test values: take this file's away.
  await applyTestEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
});

describe('POST /api/admin/test-mail', () => {
  it('answers 401 without a token and 403 for a user, and sends nothing', async () => {
    const { token } = await createUserWithToken();
    const anonymous = await call(POST, PATH, { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    const member = await call(POST, PATH, { token, body: { to: 'x@example.com' } });
    expect(member.status).toBe(403);
    expect(member.body).toEqual({ message: 'Administrator access is required.', code: 'FORBIDDEN' });
    expect(received).toHaveLength(0);
  });

  it('answers 405 in the JSON shape for other methods', async () => {
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, PATH, 'POST', { token });
  });

  it('mails the admin’s own address by default, through SMTP_URL, and says so', async () => {
    const { user, token } = await createAdminWithToken({ email: 'ada.admin@example.com' });
    const res = await call(POST, PATH, { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      delivered: 'smtp',
      to: user.email,
      message: 'Test email sent to ada.admin@example.com.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['ada.admin@example.com']);
    const { headers, text } = parseMail(received[0]?.raw ?? '');
    expect(headers.get('subject')).toBe('Tasklane test email');
    expect(headers.get('from')).toBe('Tasklane <no-reply@tasklane.test>');
    expect(text).toContain('This is a test email from Tasklane.');
    expect(await outboxText()).toBe('');
  });

  it('mails the address given (trimmed, lower-cased); an empty one means the admin’s own', async () => {
    const { token } = await createAdminWithToken({ email: 'own@example.com' });
    const other = await call(POST, PATH, { token, body: { to: '  Ops@Example.org ' } });
    expect(other.status).toBe(200);
    expect(other.body.message).toBe('Test email sent to ops@example.org.');
    const empty = await call(POST, PATH, { token, body: { to: '' } });
    expect(empty.body.message).toBe('Test email sent to own@example.com.');
    expect(received.map((mail) => mail.to)).toEqual([['ops@example.org'], ['own@example.com']]);
  });

  it('refuses an invalid address and a body that is not an object, sending nothing', async () => {
    const { token } = await createAdminWithToken();
    const bad = await call(POST, PATH, { token, body: { to: 'not an email' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Enter a valid email address.' });
    const none = await call(POST, PATH, { token, rawBody: '' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('INVALID_JSON');
    expect(received).toHaveLength(0);
  });

  it('answers 502 with the SMTP error in words when the mail server refuses the connection', async () => {
    const port = await closedPort();
    await applyTestEnv({ SMTP_URL: `smtp://mailer:s3cret-pw@127.0.0.1:${port}` });
    const { token } = await createAdminWithToken();
    const res = await call(POST, PATH, { token, body: { to: 'ops@example.org' } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'MAIL_FAILED',
      message: `The mail server at 127.0.0.1:${port} refused the connection. Check the host and port in SMTP_URL and that the mail server is running.`,
    });
    expect(res.text).not.toContain('s3cret-pw');
  });

  it('answers 502 with the server’s reply when it refuses the message', async () => {
    const { token } = await createAdminWithToken();
    sink.refuseNext();
    const res = await call(POST, PATH, { token, body: {} });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^The mail server at 127\.0\.0\.1:\d+ could not take the message for now\. It said: “45\d .*try again later”\. Try again in a few minutes\.$/,
    );
  });

  it('without SMTP_URL says no mail server is configured and writes the mail to the outbox', async () => {
    await applyTestEnv({ SMTP_URL: undefined });
    const { token } = await createAdminWithToken({ email: 'solo@example.com' });
    const res = await call(POST, PATH, { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      delivered: 'outbox',
      to: 'solo@example.com',
      message:
        'No mail server is configured (SMTP_URL is unset), so the test email to solo@example.com was written to data/outbox.log instead. Set SMTP_URL to send real mail.',
    });
    const outbox = await outboxText();
    expect(outbox).toContain('To: solo@example.com');
    expect(outbox).toContain('Subject: Tasklane test email');
    expect(received).toHaveLength(0);
  });

  it('is rate-limited per admin (RATE_LIMIT_TEST_MAIL_MAX), with Retry-After', async () => {
    await applyTestEnv({ SMTP_URL: sink.url, RATE_LIMIT_TEST_MAIL_MAX: '2' });
    const { token } = await createAdminWithToken();
    const { token: otherAdmin } = await createAdminWithToken();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await call(POST, PATH, { token, body: {} })).status).toBe(200);
    }
    const limited = await call(POST, PATH, { token, body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(received).toHaveLength(2);
    // Another admin has an allowance of their own.
    expect((await call(POST, PATH, { token: otherAdmin, body: {} })).status).toBe(200);
  });
});
