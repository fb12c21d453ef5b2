import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/contact';
const valid = { name: 'Asha Rao', email: 'asha@example.com', message: 'Do you offer a plan for schools?' };

async function storedMessages() {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.contactMessages);
}

async function readOutbox(): Promise<string> {
  try {
    return await readFile(getOutboxFile(), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return '';
    throw error;
  }
}

describe('POST /api/contact', () => {
  it('stores the message and answers 201 with the thank-you message', async () => {
    const before = Date.now();
    const res = await call(POST, PATH, { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Thanks! Your message has been sent.' });
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Asha Rao',
      email: 'asha@example.com',
      message: valid.message,
      createdAt: expect.any(Date),
      ip: '203.0.113.10',
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores the name and message trimmed and the email trimmed and lower-cased', async () => {
    const res = await call(POST, PATH, {
      body: {
        name: '  Asha Rao ',
        email: ' Asha@Example.COM ',
        message: '\n  Hello there.\nSecond line.  \n',
      },
    });
    expect(res.status).toBe(201);
    const [row] = await storedMessages();
    expect(row).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      message: 'Hello there.\nSecond line.',
    });
  });

  it('accepts a message of exactly 5,000 characters and a name of 100', async () => {
    const res = await call(POST, PATH, {
      body: { ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) },
    });
    expect(res.status).toBe(201);
    const [row] = await storedMessages();
    expect(row?.message).toHaveLength(5000);
  });

  it.each([
    [{ ...valid, name: undefined }, 'Name is required.'],
    [{ ...valid, name: '   ' }, 'Name is required.'],
    [{ ...valid, name: 42 }, 'Name must be text.'],
    [{ ...valid, name: 'n'.repeat(101) }, 'Name must be at most 100 characters.'],
    [{ ...valid, name: 'Asha\r\nBcc: victim@example.com' }, 'Name must not contain control characters.'],
    [{ ...valid, email: undefined }, 'Email is required.'],
    [{ ...valid, email: '  ' }, 'Email is required.'],
    [{ ...valid, email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ ...valid, email: ['asha@example.com'] }, 'Email must be text.'],
    [{ ...valid, message: undefined }, 'Message is required.'],
    [{ ...valid, message: ' \n\t ' }, 'Message is required.'],
    [{ ...valid, message: { text: 'hi' } }, 'Message must be text.'],
    [{ ...valid, message: 'm'.repeat(5001) }, 'Message must be at most 5,000 characters.'],
    [{}, 'Name is required.'],
  ])('answers 400 with the first problem for %#', async (body, message) => {
    const res = await call(POST, PATH, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await storedMessages()).toHaveLength(0);
  });

  it('answers 400 for malformed JSON, an empty body and a non-object', async () => {
    for (const rawBody of ['{"name": "x",', '', '[1,2]', '"text"', 'null']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST' });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
    expect(await storedMessages()).toHaveLength(0);
  });

  it('answers 413 for a 1 MB body', async () => {
    const huge = JSON.stringify({ ...valid, message: 'x'.repeat(1024 * 1024) });
    const res = await call(POST, PATH, { rawBody: huge, method: 'POST' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedMessages()).toHaveLength(0);
  });

  it('stores SQL and script strings verbatim', async () => {
    const name = `Robert'); DROP TABLE contact_messages;--`;
    const message = `<script>alert(1)</script>\n' OR '1'='1; DELETE FROM users; -- "quoted" \\ back\\slash`;
    const res = await call(POST, PATH, { body: { ...valid, name, message } });
    expect(res.status).toBe(201);
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name, message });
  });

  it('answers 429 with Retry-After once the per-IP limit is used up', async () => {
    await applyTestEnv({ RATE_LIMIT_CONTACT_MAX: '2' });
    try {
      for (let i = 0; i < 2; i++) {
        const ok = await call(POST, PATH, { body: valid, ip: '198.51.100.7' });
        expect(ok.status).toBe(201);
      }
      const limited = await call(POST, PATH, { body: valid, ip: '198.51.100.7' });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: expect.stringMatching(/try again/i), code: 'RATE_LIMITED' });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await storedMessages()).toHaveLength(2);

      const otherIp = await call(POST, PATH, { body: valid, ip: '198.51.100.8' });
      expect(otherIp.status).toBe(201);
    } finally {
      await applyTestEnv();
    }
  });

  it('answers 405 in JSON for other methods', async () => {
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, PATH, 'POST');
  });
});

describe('POST /api/contact mail', () => {
  it('mails the message to CONTACT_TO in the background', async () => {
    await applyTestEnv({ CONTACT_TO: 'support@tasklane.test', SMTP_URL: undefined });
    try {
      const marker = `marker-${randomUUID()}`;
      const res = await call(POST, PATH, { body: { ...valid, message: `Hello ${marker}` } });
      expect(res.status).toBe(201);
      // The response does not wait for the mail: poll the outbox until it lands.
      await vi.waitFor(
        async () => {
          const outbox = await readOutbox();
          expect(outbox).toContain(marker);
        },
        { timeout: 5_000, interval: 50 },
      );
      const outbox = await readOutbox();
      const entry = outbox.slice(outbox.lastIndexOf('--- ', outbox.indexOf(marker)));
      expect(entry).toContain('To: support@tasklane.test');
      expect(entry).toContain('Subject: Tasklane contact: message from Asha Rao');
      expect(entry).toContain('Email: asha@example.com');
    } finally {
      await applyTestEnv();
    }
  });

  it('sends no mail when CONTACT_TO is unset', async () => {
    await applyTestEnv({ CONTACT_TO: undefined, SMTP_URL: undefined });
    const marker = `marker-${randomUUID()}`;
    const res = await call(POST, PATH, { body: { ...valid, message: `Hello ${marker}` } });
    expect(res.status).toBe(201);
    await flushBackgroundMail();
    expect(await readOutbox()).not.toContain(marker);
    expect(await storedMessages()).toHaveLength(1);
  });

  it('still answers 201 and keeps the message when the mail cannot be sent', async () => {
    // Port 1 on the loopback refuses connections: the SMTP send fails.
    await applyTestEnv({ CONTACT_TO: 'support@tasklane.test', SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await call(POST, PATH, { body: valid });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'Thanks! Your message has been sent.' });
      await flushBackgroundMail();
      expect(await storedMessages()).toHaveLength(1);
    } finally {
      await applyTestEnv({ SMTP_URL: undefined });
    }
  });
});
