import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { outboxText } from '@/tests/helpers/outbox';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUser } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, POST } from './route';

const PATH = '/api/forgot-password';
const SAME_BODY = { message: 'If an account exists for that email, a reset link has been sent to it.' };
const LINK_PATTERN = /http:\/\/tasklane\.test\/reset-password\?token=([A-Za-z0-9_-]+)/g;

async function readOutbox(): Promise<string> {
  await flushBackgroundMail();
  return outboxText();
}

/** Every reset token mailed so far, oldest first. */
async function mailedTokens(): Promise<string[]> {
  return [...(await readOutbox()).matchAll(LINK_PATTERN)].map((match) => match[1] ?? '');
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

async function resetRows() {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.passwordResetTokens);
}

beforeEach(async () => {
  await flushBackgroundMail();
  await rm(getOutboxFile(), { force: true });
});

describe('POST /api/forgot-password', () => {
  it('answers the same 200 body for a known and an unknown email', async () => {
    await createUser({ email: 'known@example.com' });
    const known = await call(POST, PATH, { body: { email: 'known@example.com', role: 'user' } });
    const unknown = await call(POST, PATH, { body: { email: 'unknown@example.com', role: 'user' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(SAME_BODY);
    expect(unknown.body).toEqual(SAME_BODY);
    expect(unknown.text).toBe(known.text);
    expect(known.headers.get('cache-control')).toBe('no-store');
  });

  it('stores one token row with only the SHA-256 of the mailed token, expiring in 60 minutes', async () => {
    const user = await createUser({ email: 'known@example.com' });
    const before = Date.now();
    const res = await call(POST, PATH, { body: { email: 'known@example.com' } });
    const after = Date.now();
    expect(res.status).toBe(200);

    const tokens = await mailedTokens();
    expect(tokens).toHaveLength(1);
    const token = tokens[0] ?? '';
    // 32 random bytes in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await resetRows();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.userId).toBe(user.id);
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.usedAt).toBeNull();
    const expiresAt = row?.expiresAt.getTime() ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + 60 * 60_000 + 1000);
    expect(expiresAt - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60_000);
    // No column anywhere holds the token itself.
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('follows PASSWORD_RESET_TTL_MINUTES', async () => {
    await applyTestEnv({ PASSWORD_RESET_TTL_MINUTES: '15' });
    try {
      await createUser({ email: 'known@example.com' });
      expect((await call(POST, PATH, { body: { email: 'known@example.com' } })).status).toBe(200);
      const [row] = await resetRows();
      expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(15 * 60_000);
      expect(await readOutbox()).toContain('for 15 minutes');
    } finally {
      await applyTestEnv();
    }
  });

  it('never puts the token in the response', async () => {
    await createUser({ email: 'known@example.com' });
    const res = await call(POST, PATH, { body: { email: 'known@example.com' } });
    const [token] = await mailedTokens();
    expect(token).toBeDefined();
    expect(res.text).not.toContain(token ?? '');
    expect(res.text).not.toContain('reset-password?token');
    const [row] = await resetRows();
    expect(res.text).not.toContain(row?.tokenHash ?? '');
  });

  it('appends the mail with the reset link to the outbox when SMTP_URL is unset', async () => {
    await createUser({ email: 'known@example.com' });
    await call(POST, PATH, { body: { email: 'known@example.com' } });
    const outbox = await readOutbox();
    expect(outbox).toContain('To: known@example.com');
    expect(outbox).toContain('Subject: Reset your Tasklane password');
    expect(outbox).toMatch(/^http:\/\/tasklane\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
  });

  it('with OIDC_ONLY=on mails a link to the break-glass admin only, with the same answer for everyone', async () => {
    await createUser({ email: 'member@example.com' });
    await createUser({ email: 'root@example.com', role: 'admin' });
    await applyTestEnv({
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'tasklane',
      OIDC_ONLY: 'on',
      OIDC_BREAK_GLASS_EMAIL: 'root@example.com',
    });
    try {
      const member = await call(POST, PATH, { body: { email: 'member@example.com' } });
      const root = await call(POST, PATH, { body: { email: 'root@example.com' } });
      expect(member.body).toEqual(SAME_BODY);
      expect(root.body).toEqual(SAME_BODY);
      const outbox = await readOutbox();
      expect(outbox).toContain('To: root@example.com');
      expect(outbox).not.toContain('To: member@example.com');
      expect(await resetRows()).toHaveLength(1);
    } finally {
      await applyTestEnv();
    }
  });

  it('finds the account whatever the case and spaces of the email', async () => {
    const user = await createUser({ email: 'known@example.com' });
    const res = await call(POST, PATH, { body: { email: '  KNOWN@Example.com ' } });
    expect(res.status).toBe(200);
    const rows = await resetRows();
    expect(rows.map((row) => row.userId)).toEqual([user.id]);
    expect(await readOutbox()).toContain('To: known@example.com');
  });

  it('replaces an earlier unused token: one live token per user', async () => {
    const user = await createUser({ email: 'known@example.com' });
    // Mail goes out in the background, so two links may reach the outbox in either order:
    // wait for each before the next request so the outbox order is the request order.
    await call(POST, PATH, { body: { email: 'known@example.com' } });
    await flushBackgroundMail();
    await call(POST, PATH, { body: { email: 'known@example.com' } });
    const tokens = await mailedTokens();
    expect(tokens).toHaveLength(2);
    const [first = '', second = ''] = tokens;
    expect(first).not.toBe(second);

    const rows = await resetRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(user.id);
    expect(rows[0]?.tokenHash).toBe(sha256Hex(second));

    const withFirst = await call(resetPassword, '/api/reset-password', {
      body: { token: first, password: 'brand new password' },
    });
    expect(withFirst.status).toBe(400);
    expect(withFirst.body.code).toBe('INVALID_RESET_TOKEN');
    const withSecond = await call(resetPassword, '/api/reset-password', {
      body: { token: second, password: 'brand new password' },
    });
    expect(withSecond.status).toBe(200);
  });

  it("does not touch another user's token", async () => {
    const alice = await createUser({ email: 'alice@example.com' });
    const bob = await createUser({ email: 'bob@example.com' });
    await call(POST, PATH, { body: { email: 'alice@example.com' } });
    await call(POST, PATH, { body: { email: 'bob@example.com' } });
    const rows = await resetRows();
    expect(rows.map((row) => row.userId).sort()).toEqual([alice.id, bob.id].sort());
  });

  it('creates no row and writes no mail for an unknown email', async () => {
    await createUser({ email: 'known@example.com' });
    const res = await call(POST, PATH, { body: { email: 'unknown@example.com' } });
    expect(res.status).toBe(200);
    expect(await resetRows()).toHaveLength(0);
    expect(await readOutbox()).toBe('');
  });

  it.each([
    [{ email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ email: '' }, 'Email is required.'],
    [{}, 'Email is required.'],
    [{ email: 42 }, 'Email must be text.'],
    [{ email: ['known@example.com'] }, 'Email must be text.'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email is too long.'],
  ])('answers 400 for %j and sends nothing', async (body, message) => {
    await createUser({ email: 'known@example.com' });
    const res = await call(POST, PATH, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(await resetRows()).toHaveLength(0);
    expect(await readOutbox()).toBe('');
  });

  it('answers 400 for malformed JSON and a non-object', async () => {
    for (const rawBody of ['{"email":', '', '[]', '"known@example.com"']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST' });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
  });

  it('answers 413 for a 1 MB body', async () => {
    const res = await call(POST, PATH, {
      rawBody: JSON.stringify({ email: 'known@example.com', role: 'x'.repeat(1024 * 1024) }),
      method: 'POST',
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 405 in JSON for GET and DELETE', async () => {
    await expectMethodNotAllowed({ GET, DELETE }, PATH, 'POST');
  });

  describe('rate limiting (RATE_LIMIT_FORGOT_MAX = 2)', () => {
    async function withLimit(run: () => Promise<void>) {
      await applyTestEnv({ RATE_LIMIT_FORGOT_MAX: '2' });
      try {
        await run();
      } finally {
        await applyTestEnv();
      }
    }

    it('answers 429 with Retry-After on the third request for one email, from any IP', () =>
      withLimit(async () => {
        const user = await createUser({ email: 'known@example.com' });
        for (let i = 0; i < 2; i++) {
          const ok = await call(POST, PATH, { body: { email: 'known@example.com' }, ip: '198.51.100.30' });
          expect(ok.status).toBe(200);
          await flushBackgroundMail(); // keeps the outbox in request order
        }
        const limited = await call(POST, PATH, { body: { email: 'Known@Example.com' }, ip: '198.51.100.31' });
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual({
          message: expect.stringMatching(/^Too many attempts/),
          code: 'RATE_LIMITED',
        });
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

        // The refused request neither mailed nor replaced the token.
        await flushBackgroundMail();
        const tokens = await mailedTokens();
        expect(tokens).toHaveLength(2);
        const rows = await resetRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.tokenHash).toBe(sha256Hex(tokens[1] ?? ''));
        expect(rows[0]?.userId).toBe(user.id);

        const otherEmail = await call(POST, PATH, {
          body: { email: 'other@example.com' },
          ip: '198.51.100.30',
        });
        expect(otherEmail.status).toBe(200);
      }));

    it('limits unknown emails the same way, so the limit reveals nothing', () =>
      withLimit(async () => {
        for (let i = 0; i < 2; i++) {
          expect((await call(POST, PATH, { body: { email: 'ghost@example.com' } })).status).toBe(200);
        }
        const limited = await call(POST, PATH, { body: { email: 'ghost@example.com' } });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }));
  });
});

describe('password_reset_tokens rows', () => {
  it('are removed with their user', async () => {
    const user = await createUser({ email: 'known@example.com' });
    await call(POST, PATH, { body: { email: 'known@example.com' } });
    expect(await resetRows()).toHaveLength(1);
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, user.id));
    expect(await resetRows()).toHaveLength(0);
  });
});
