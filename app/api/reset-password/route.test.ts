import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile } from '@/server/mailer';
import { call } from '@/tests/helpers/api';
import { outboxText } from '@/tests/helpers/outbox';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUser, DEFAULT_PASSWORD } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, POST } from './route';

const PATH = '/api/reset-password';
const NEW_PASSWORD = 'a brand new password';
const SUCCESS = { message: 'Your password has been reset. You can now log in.' };
const INVALID_TOKEN = {
  message: 'This reset link is invalid, expired or already used. Request a new one.',
  code: 'INVALID_RESET_TOKEN',
};
const LINK_PATTERN = /http:\/\/tasklane\.test\/reset-password\?token=([A-Za-z0-9_-]+)/g;

async function readOutbox(): Promise<string> {
  await flushBackgroundMail();
  return outboxText();
}

/** Asks for a reset link through the real route and returns the token from the mailed link. */
async function requestToken(email: string): Promise<string> {
  const res = await call(forgotPassword, '/api/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  const tokens = [...(await readOutbox()).matchAll(LINK_PATTERN)].map((match) => match[1] ?? '');
  const token = tokens.at(-1);
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

async function reset(token: unknown, password: unknown = NEW_PASSWORD, ip?: string) {
  return call(POST, PATH, { body: { token, password }, ip });
}

async function loginStatus(email: string, password: string): Promise<number> {
  return (await call(login, '/api/auth/login', { body: { email, password } })).status;
}

async function findUser(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id));
  return row;
}

async function tokenRows(userId: string) {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.passwordResetTokens).where(eq(tables.passwordResetTokens.userId, userId));
}

beforeEach(async () => {
  await flushBackgroundMail();
  await rm(getOutboxFile(), { force: true });
});

describe('POST /api/reset-password', () => {
  it('resets the password: forgot → mailed link → reset → log in with the new password only', async () => {
    const user = await createUser({ role: 'admin', email: 'admin@example.com' });
    const oldSession = await call(login, '/api/auth/login', {
      body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
    });
    expect(oldSession.status).toBe(200);
    const oldToken = oldSession.body.token as string;
    expect((await call(listUsers, '/admin/users', { token: oldToken })).status).toBe(200);

    const token = await requestToken('admin@example.com');
    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SUCCESS);
    expect(res.text).not.toContain(token);
    expect(res.text).not.toMatch(/\$2[aby]\$/);

    expect(await loginStatus('admin@example.com', NEW_PASSWORD)).toBe(200);
    const old = await call(login, '/api/auth/login', {
      body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
    });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });

    const after = await findUser(user.id);
    expect(after?.sessionVersion).toBe(user.sessionVersion + 1);
    expect(after?.passwordHash).not.toBe(user.passwordHash);
    expect(after?.passwordHash).toMatch(/^\$2[aby]\$/);
    const rows = await tokenRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.usedAt).toBeInstanceOf(Date);
  });

  it('ends every session issued before the reset (401, not 403, for an admin)', async () => {
    await createUser({ role: 'admin', email: 'admin@example.com' });
    const before = await call(login, '/api/auth/login', {
      body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
    });
    const oldToken = before.body.token as string;
    expect((await reset(await requestToken('admin@example.com'))).status).toBe(200);

    const withOld = await call(listUsers, '/admin/users', { token: oldToken });
    expect(withOld.status).toBe(401);
    expect(withOld.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });

    const fresh = await call(login, '/api/auth/login', {
      body: { email: 'admin@example.com', password: NEW_PASSWORD },
    });
    expect(fresh.status).toBe(200);
    expect((await call(listUsers, '/admin/users', { token: fresh.body.token as string })).status).toBe(200);
  });

  it('accepts a token only once', async () => {
    const user = await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_TOKEN);
    expect(await loginStatus('user@example.com', NEW_PASSWORD)).toBe(200);
    expect(await loginStatus('user@example.com', 'yet another password')).toBe(401);
    expect((await findUser(user.id))?.sessionVersion).toBe(1);
  });

  it('lets only one of two simultaneous requests with the same token succeed', async () => {
    await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    const results = await Promise.all([
      reset(token, 'first new password'),
      reset(token, 'second new password'),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 400]);
    const winner = results[0]?.status === 200 ? 'first new password' : 'second new password';
    const loser = winner === 'first new password' ? 'second new password' : 'first new password';
    expect(await loginStatus('user@example.com', winner)).toBe(200);
    expect(await loginStatus('user@example.com', loser)).toBe(401);
  });

  it('changes only the password of the user the token was issued to', async () => {
    const alice = await createUser({ email: 'alice@example.com' });
    const bob = await createUser({ email: 'bob@example.com' });
    expect((await reset(await requestToken('alice@example.com'))).status).toBe(200);
    expect(await loginStatus('bob@example.com', DEFAULT_PASSWORD)).toBe(200);
    expect(await loginStatus('bob@example.com', NEW_PASSWORD)).toBe(401);
    expect((await findUser(bob.id))?.sessionVersion).toBe(0);
    expect((await findUser(alice.id))?.sessionVersion).toBe(1);
  });

  it('answers 400 for a token that was never issued', async () => {
    const user = await createUser({ email: 'user@example.com' });
    await requestToken('user@example.com');
    const res = await reset(randomBytes(32).toString('base64url'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TOKEN);
    expect(await loginStatus('user@example.com', DEFAULT_PASSWORD)).toBe(200);
    expect((await tokenRows(user.id))[0]?.usedAt).toBeNull();
  });

  it('answers 400 for an expired token and leaves the password alone', async () => {
    const user = await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    const { db, tables } = await getDatabase();
    await db
      .update(tables.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.passwordResetTokens.userId, user.id));

    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TOKEN);
    expect(await loginStatus('user@example.com', DEFAULT_PASSWORD)).toBe(200);
    expect(await loginStatus('user@example.com', NEW_PASSWORD)).toBe(401);
    expect((await findUser(user.id))?.sessionVersion).toBe(0);
    expect((await tokenRows(user.id))[0]?.usedAt).toBeNull();
  });

  it('accepts a token a minute before it expires', async () => {
    const user = await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    const { db, tables } = await getDatabase();
    await db
      .update(tables.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(tables.passwordResetTokens.userId, user.id));
    expect((await reset(token)).status).toBe(200);
  });

  it('answers 400 for the hash of a token sent as the token', async () => {
    const user = await createUser({ email: 'user@example.com' });
    await requestToken('user@example.com');
    const [row] = await tokenRows(user.id);
    const res = await reset(row?.tokenHash);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TOKEN);
  });

  it('answers 400 for garbage and near-miss tokens', async () => {
    await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const candidates = [
      token.slice(0, -1),
      `${token}A`,
      flipped,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      ` ${token}`,
      'abc',
      'x'.repeat(512),
      "' OR '1'='1",
      '../../etc/passwd',
      'ünïcödé-tökén',
    ];
    for (const candidate of candidates) {
      const res = await reset(candidate);
      expect(res.status, candidate).toBe(400);
      expect(res.body, candidate).toEqual(INVALID_TOKEN);
    }
    // None of them consumed the real token.
    expect((await reset(token)).status).toBe(200);
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'Reset token is required.'],
    [{ token: '', password: NEW_PASSWORD }, 'Reset token is required.'],
    [{ token: 42, password: NEW_PASSWORD }, 'Reset token must be text.'],
    [{ token: 'x'.repeat(513), password: NEW_PASSWORD }, 'Reset token is invalid.'],
    [{ token: 'abc' }, 'Password is required.'],
    [{ token: 'abc', password: 12345678 }, 'Password must be text.'],
    [{ token: 'abc', password: 'é'.repeat(40) }, 'Password must be at most 72 bytes.'],
  ])('answers 400 with the first problem for %j', async (body, message) => {
    const res = await call(POST, PATH, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  });

  it('answers 400 for a short password without consuming the token', async () => {
    const user = await createUser({ email: 'user@example.com' });
    const token = await requestToken('user@example.com');
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: 'Password must be at least 8 characters.',
      code: 'VALIDATION_ERROR',
    });
    expect((await tokenRows(user.id))[0]?.usedAt).toBeNull();
    expect(await loginStatus('user@example.com', DEFAULT_PASSWORD)).toBe(200);

    const ok = await reset(token);
    expect(ok.status).toBe(200);
    expect(await loginStatus('user@example.com', NEW_PASSWORD)).toBe(200);
  });

  it('answers 400 for malformed JSON and a non-object', async () => {
    for (const rawBody of ['{"token":', '', '[]', 'null']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST' });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
  });

  it('answers 413 for a 1 MB body', async () => {
    const res = await call(POST, PATH, {
      rawBody: JSON.stringify({ token: 'abc', password: 'x'.repeat(1024 * 1024) }),
      method: 'POST',
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 405 in JSON for GET and DELETE', async () => {
    await expectMethodNotAllowed({ GET, DELETE }, PATH, 'POST');
  });

  it('answers 429 with Retry-After after RATE_LIMIT_RESET_MAX attempts from one IP, even with a valid token', async () => {
    await applyTestEnv({ RATE_LIMIT_RESET_MAX: '2' });
    try {
      const user = await createUser({ email: 'user@example.com' });
      const token = await requestToken('user@example.com');
      const ip = '198.51.100.40';
      for (let i = 0; i < 2; i++) {
        const guess = await reset(randomBytes(32).toString('base64url'), NEW_PASSWORD, ip);
        expect(guess.status).toBe(400);
      }
      const limited = await reset(token, NEW_PASSWORD, ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: expect.stringMatching(/^Too many attempts/),
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Refused before the token was looked at.
      expect((await tokenRows(user.id))[0]?.usedAt).toBeNull();
      expect(await loginStatus('user@example.com', DEFAULT_PASSWORD)).toBe(200);

      const otherIp = await reset(token, NEW_PASSWORD, '198.51.100.41');
      expect(otherIp.status).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });
});
