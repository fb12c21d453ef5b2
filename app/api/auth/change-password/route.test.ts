import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { POST as login } from '@/app/api/auth/login/route';
import { getDatabase } from '@/server/db';
import { hashResetToken } from '@/features/accounts/server/password-reset-service';
import { signToken } from '@/server/token';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import {
  createAdminWithToken,
  createUser,
  createUserWithToken,
  DEFAULT_PASSWORD,
  loginAs,
} from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/auth/change-password';
const NEW_PASSWORD = 'a brand new password';
const SUCCESS_MESSAGE = 'Password changed successfully!';
const WRONG_CURRENT = { message: 'Your current password is incorrect.', code: 'INCORRECT_PASSWORD' };

function change(token: string | undefined, body: unknown, ip?: string) {
  return call<{ message: string; code?: string; token?: string }>(POST, PATH, { token, body, ip });
}

async function loginStatus(email: string, password: string): Promise<number> {
  return (await call(login, '/api/auth/login', { body: { email, password } })).status;
}

async function findUser(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id));
  return row;
}

describe('POST /api/auth/change-password', () => {
  it('changes an admin’s password: new password logs in, old one does not, old tokens end, the new token works', async () => {
    const { user, token: oldToken } = await createAdminWithToken({ email: 'admin@example.com' });
    const otherSession = await loginAs('admin@example.com');
    expect((await call(listUsers, '/admin/users', { token: oldToken })).status).toBe(200);

    const res = await change(oldToken, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SUCCESS_MESSAGE, token: expect.any(String) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).not.toMatch(/\$2[aby]\$/);
    const freshToken = res.body.token!;
    expect(freshToken).not.toBe(oldToken);

    expect(await loginStatus('admin@example.com', NEW_PASSWORD)).toBe(200);
    expect(await loginStatus('admin@example.com', DEFAULT_PASSWORD)).toBe(401);

    // Every token from before the change is refused with 401 (not 403), this one and any other.
    for (const stale of [oldToken, otherSession]) {
      const refused = await call(listUsers, '/admin/users', { token: stale });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
    }
    // The caller's session goes on with the returned token.
    expect((await call(listUsers, '/admin/users', { token: freshToken })).status).toBe(200);

    const after = await findUser(user.id);
    expect(after?.sessionVersion).toBe(user.sessionVersion + 1);
    expect(after?.passwordHash).not.toBe(user.passwordHash);
    expect(after?.passwordHash).toMatch(/^\$2[aby]\$04\$/);
    expect(after?.role).toBe('admin');
  });

  it('lets a plain user change their own password, and the fresh token keeps the user role', async () => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const res = await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUCCESS_MESSAGE);
    expect(await loginStatus('member@example.com', NEW_PASSWORD)).toBe(200);
    expect(await loginStatus('member@example.com', DEFAULT_PASSWORD)).toBe(401);
    // The new token is a user's: the admin API still answers 403, not 401.
    expect((await call(listUsers, '/admin/users', { token: res.body.token })).status).toBe(403);
    expect((await findUser(user.id))?.role).toBe('user');
    // And it works for another change.
    const again = await change(res.body.token, {
      currentPassword: NEW_PASSWORD,
      newPassword: 'the third password',
    });
    expect(again.status).toBe(200);
    expect(await loginStatus('member@example.com', 'the third password')).toBe(200);
  });

  it('answers 400 (not 401) for a wrong current password and changes nothing', async () => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const res = await change(token, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(WRONG_CURRENT);

    expect(await loginStatus('member@example.com', DEFAULT_PASSWORD)).toBe(200);
    expect(await loginStatus('member@example.com', NEW_PASSWORD)).toBe(401);
    const after = await findUser(user.id);
    expect(after?.sessionVersion).toBe(0);
    expect(after?.passwordHash).toBe(user.passwordHash);
    // The session is untouched.
    expect(
      (await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('changes only the caller’s password', async () => {
    const { token } = await createUserWithToken({ email: 'alice@example.com' });
    const bob = await createUser({ email: 'bob@example.com' });
    const bobToken = await loginAs('bob@example.com');
    expect(
      (await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(await loginStatus('bob@example.com', DEFAULT_PASSWORD)).toBe(200);
    expect(await loginStatus('bob@example.com', NEW_PASSWORD)).toBe(401);
    expect((await findUser(bob.id))?.sessionVersion).toBe(0);
    // Bob's session is unaffected.
    expect(
      (await change(bobToken, { currentPassword: DEFAULT_PASSWORD, newPassword: 'bob new password' })).status,
    ).toBe(200);
  });

  it('drops unused reset links, so a link requested before the change cannot undo it', async () => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const { db, tables } = await getDatabase();
    const now = new Date();
    await db.insert(tables.passwordResetTokens).values({
      id: randomUUID(),
      tokenHash: hashResetToken('an-old-link'),
      userId: user.id,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
      createdAt: now,
    });
    expect(
      (await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    const rows = await db
      .select()
      .from(tables.passwordResetTokens)
      .where(eq(tables.passwordResetTokens.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('lets only one of two simultaneous changes land; the token it returns is the one that works', async () => {
    const { token } = await createUserWithToken({ email: 'member@example.com' });
    const results = await Promise.all([
      change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: 'first new password' }),
      change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: 'second new password' }),
    ]);
    const statuses = results.map((res) => res.status);
    const winners = results.filter((res) => res.status === 200);
    expect(winners).toHaveLength(1);
    // The loser either saw the bumped session (401) or lost the conditional update (409).
    expect(statuses.find((status) => status !== 200)).toBeOneOf([401, 409]);
    const winner = results[0]?.status === 200 ? 'first new password' : 'second new password';
    const loser = winner === 'first new password' ? 'second new password' : 'first new password';
    expect(await loginStatus('member@example.com', winner)).toBe(200);
    expect(await loginStatus('member@example.com', loser)).toBe(401);
    const next = await change(winners[0]?.body.token, { currentPassword: winner, newPassword: loser });
    expect(next.status).toBe(200);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, 'Current password is required.'],
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required.'],
    [{ currentPassword: 42, newPassword: NEW_PASSWORD }, 'Current password must be text.'],
    [{ currentPassword: 'x'.repeat(1025), newPassword: NEW_PASSWORD }, 'Current password is too long.'],
    [{ currentPassword: DEFAULT_PASSWORD }, 'New password is required.'],
    [{ currentPassword: DEFAULT_PASSWORD, newPassword: '' }, 'New password must be at least 8 characters.'],
    [
      { currentPassword: DEFAULT_PASSWORD, newPassword: ' '.repeat(7) },
      'New password must be at least 8 characters.',
    ],
    [
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'short' },
      'New password must be at least 8 characters.',
    ],
    [{ currentPassword: DEFAULT_PASSWORD, newPassword: 12345678 }, 'New password must be text.'],
    [
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'a'.repeat(73) },
      'New password must be at most 72 bytes.',
    ],
    [
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'é'.repeat(37) },
      'New password must be at most 72 bytes.',
    ],
    [
      { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD },
      'Your new password must be different from your current password.',
    ],
  ])('answers 400 with the first problem for %j and changes nothing', async (body, message) => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const res = await change(token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    const after = await findUser(user.id);
    expect(after?.passwordHash).toBe(user.passwordHash);
    expect(after?.sessionVersion).toBe(0);
  });

  it('accepts a new password of exactly 8 characters and of exactly 72 bytes', async () => {
    const { token } = await createUserWithToken({ email: 'member@example.com' });
    const first = await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: '12345678' });
    expect(first.status).toBe(200);
    const second = await change(first.body.token, {
      currentPassword: '12345678',
      newPassword: 'é'.repeat(36),
    });
    expect(second.status).toBe(200);
    expect(await loginStatus('member@example.com', 'é'.repeat(36))).toBe(200);
  });

  it('answers 400 for malformed JSON and a non-object', async () => {
    const { token } = await createUserWithToken();
    for (const rawBody of ['{"currentPassword":', '', '[]', 'null']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST', token });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
  });

  it('answers 401 without a token, with a bad token, and with one for a deleted user', async () => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const body = { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD };
    const forged = await signToken({ userId: user.id, role: 'admin', sessionVersion: 0 });
    const tampered = `${forged.slice(0, -4)}${forged.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const candidates: (string | undefined)[] = [undefined, 'not-a-jwt', `${token}x`, tampered];
    for (const candidate of candidates) {
      const res = await change(candidate, body);
      expect(res.status, String(candidate)).toBe(401);
      expect(res.body, String(candidate)).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
    }
    // Refused before the body is even read: no validation message for an anonymous caller.
    const anonymous = await change(undefined, {});
    expect(anonymous.status).toBe(401);

    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, user.id));
    expect((await change(token, body)).status).toBe(401);
  });

  it('answers 401 to a token issued before a password reset', async () => {
    const { user, token } = await createUserWithToken({ email: 'member@example.com' });
    const { db, tables } = await getDatabase();
    await db.update(tables.users).set({ sessionVersion: 1 }).where(eq(tables.users.id, user.id));
    const res = await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(await loginStatus('member@example.com', DEFAULT_PASSWORD)).toBe(200);
  });

  it('answers 429 with Retry-After after RATE_LIMIT_CHANGE_PASSWORD_MAX attempts on one account, even with the right password', async () => {
    await applyTestEnv({ RATE_LIMIT_CHANGE_PASSWORD_MAX: '2' });
    try {
      const { token } = await createUserWithToken({ email: 'member@example.com' });
      for (let i = 0; i < 2; i++) {
        const guess = await change(token, { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD });
        expect(guess.status).toBe(400);
      }
      // Another address does not help: the account's own limit holds.
      const limited = await change(
        token,
        { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
        '198.51.100.77',
      );
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: expect.stringMatching(/^Too many attempts. Please try again in \d+ minutes?\.$/),
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await loginStatus('member@example.com', DEFAULT_PASSWORD)).toBe(200);

      // Another account is not affected.
      const { token: otherToken } = await createUserWithToken({ email: 'other@example.com' });
      expect(
        (
          await change(
            otherToken,
            { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
            '198.51.100.78',
          )
        ).status,
      ).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });

  it('answers 429 from one IP after 4 × RATE_LIMIT_CHANGE_PASSWORD_MAX attempts across accounts', async () => {
    await applyTestEnv({ RATE_LIMIT_CHANGE_PASSWORD_MAX: '1' });
    try {
      const ip = '198.51.100.90';
      for (let i = 0; i < 4; i++) {
        const { token } = await createUserWithToken({ email: `member${i}@example.com` });
        const res = await change(token, { currentPassword: 'wrong password', newPassword: NEW_PASSWORD }, ip);
        expect(res.status).toBe(400);
      }
      const { token } = await createUserWithToken({ email: 'member4@example.com' });
      const limited = await change(
        token,
        { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
        ip,
      );
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(await loginStatus('member4@example.com', DEFAULT_PASSWORD)).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });

  it('does not count requests refused as invalid before the password is checked', async () => {
    await applyTestEnv({ RATE_LIMIT_CHANGE_PASSWORD_MAX: '1' });
    try {
      const { token } = await createUserWithToken({ email: 'member@example.com' });
      for (let i = 0; i < 3; i++) {
        expect(
          (await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: 'short' })).status,
        ).toBe(400);
      }
      expect(
        (await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD })).status,
      ).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });

  it('answers 405 in JSON for GET, PUT, PATCH and DELETE', async () => {
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, PATH, 'POST', { token });
  });
});
