import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { GET as twoFactorList } from '@/app/api/admin/two-factor/route';
import { POST as changePassword } from '@/app/api/auth/change-password/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as loginWithCode } from '@/app/api/auth/login/two-factor/route';
import { runAdminCli } from '@/server/entry/admin-cli';
import { getDatabase } from '@/server/db';
import { verifyToken } from '@/server/token';
import { totpCode, TOTP_PERIOD_SECONDS } from '@/features/accounts/server/two-factor-codes';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken, DEFAULT_PASSWORD } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { POST as disable } from './disable/route';
import { POST as enable } from './enable/route';
import { GET as status } from './route';
import { POST as setup } from './setup/route';

const INVALID_CODE = {
  code: 'INVALID_CODE',
  message: 'That code is not right. Check the code and try again.',
};

/** A code of another step than now's, for a second code that is not a replay. */
function codeAt(secret: string, stepOffset: number): string {
  return totpCode(secret, Date.now() + stepOffset * TOTP_PERIOD_SECONDS * 1000);
}

async function startSetup(token: string) {
  const res = await call<{ secret: string; otpauthUri: string; qrCode: string }>(
    setup,
    '/api/auth/two-factor/setup',
    { method: 'POST', token },
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** A member with two-factor on: its secret, recovery codes and current token. */
async function memberWithTwoFactor(overrides: Parameters<typeof createUserWithToken>[0] = {}) {
  const { user, token } = await createUserWithToken(overrides);
  const { secret } = await startSetup(token);
  const res = await call<{ token: string; recoveryCodes: string[]; message: string }>(
    enable,
    '/api/auth/two-factor/enable',
    { method: 'POST', token, body: { code: codeAt(secret, -1) } },
  );
  expect(res.status).toBe(200);
  return { user, secret, recoveryCodes: res.body.recoveryCodes, token: res.body.token };
}

async function passwordStep(email: string, password = DEFAULT_PASSWORD) {
  return call(login, '/api/auth/login', { body: { email, password } });
}

async function codeStep(challenge: unknown, code: string) {
  return call(loginWithCode, '/api/auth/login/two-factor', { body: { challenge, code } });
}

describe('two-factor set-up (POST /api/auth/two-factor/setup and /enable)', () => {
  it('shows a secret, its otpauth URI and a QR code, and stores the secret encrypted, not on yet', async () => {
    const { user, token } = await createUserWithToken({ email: 'setup@example.com' });
    const body = await startSetup(token);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toBe(
      `otpauth://totp/Tasklane:setup%40example.com?issuer=Tasklane&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const { db, tables } = await getDatabase();
    const [row] = await db
      .select()
      .from(tables.userTwoFactor)
      .where(eq(tables.userTwoFactor.userId, user.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secret).not.toContain(body.secret);
    expect(row?.secret).toMatch(/^v1\./);
    const state = await call(status, '/api/auth/two-factor', { token });
    expect(state.body).toEqual({ enabled: false, required: false });
  });

  it('refuses a wrong first code, then turns on with a right one: ten recovery codes, other sessions end', async () => {
    const { user, token } = await createUserWithToken();
    const other = await passwordStep(user.email);
    const { secret } = await startSetup(token);
    const wrong = await call(enable, '/api/auth/two-factor/enable', {
      method: 'POST',
      token,
      body: { code: '000000' === codeAt(secret, 0) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(INVALID_CODE);

    const res = await call<{ token: string; recoveryCodes: string[]; message: string }>(
      enable,
      '/api/auth/two-factor/enable',
      { method: 'POST', token, body: { code: codeAt(secret, 0) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Two-factor authentication is on. Save your recovery codes now: they are shown only once.',
    );
    expect(res.body.recoveryCodes).toHaveLength(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    expect(await verifyToken(res.body.token)).toMatchObject({ sub: user.id, sv: 1 });

    // The caller's old token and the other session have ended; the fresh token works.
    expect((await call(status, '/api/auth/two-factor', { token })).status).toBe(401);
    expect((await call(status, '/api/auth/two-factor', { token: other.body.token as string })).status).toBe(
      401,
    );
    const state = await call(status, '/api/auth/two-factor', { token: res.body.token });
    expect(state.body).toEqual({ enabled: true, required: false });

    // Only hashes are stored.
    const { db, tables } = await getDatabase();
    const [row] = await db
      .select()
      .from(tables.userTwoFactor)
      .where(eq(tables.userTwoFactor.userId, user.id));
    for (const code of res.body.recoveryCodes) expect(row?.recoveryCodes).not.toContain(code);

    // A second set-up is refused while it is on.
    const again = await call(setup, '/api/auth/two-factor/setup', { method: 'POST', token: res.body.token });
    expect(again.status).toBe(409);
  });

  it('refuses /enable without a set-up, and needs a session', async () => {
    const { token } = await createUserWithToken();
    const res = await call(enable, '/api/auth/two-factor/enable', {
      method: 'POST',
      token,
      body: { code: '123456' },
    });
    expect(res.status).toBe(409);
    expect((await call(setup, '/api/auth/two-factor/setup', { method: 'POST' })).status).toBe(401);
  });
});

describe('login with two-factor on (POST /api/auth/login, then /api/auth/login/two-factor)', () => {
  it('answers a correct password with a challenge and no token; a correct code signs in', async () => {
    const { user, secret } = await memberWithTwoFactor({ fullName: 'Tara Two', email: 'tara@example.com' });
    const first = await passwordStep('tara@example.com');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      message: 'Enter the code from your authenticator app, or a recovery code.',
    });
    // The challenge is no session.
    expect(await verifyToken(first.body.challenge as string)).toBeNull();
    expect(
      (await call(status, '/api/auth/two-factor', { token: first.body.challenge as string })).status,
    ).toBe(401);

    const res = await codeStep(first.body.challenge, codeAt(secret, 0));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      role: 'user',
      user: { fullName: 'Tara Two', email: 'tara@example.com', role: 'user' },
      message: 'Login successful.',
    });
    expect(await verifyToken(res.body.token as string)).toMatchObject({ sub: user.id });
  });

  it('still refuses a wrong password as before', async () => {
    const { user } = await memberWithTwoFactor();
    const res = await passwordStep(user.email, 'not the password');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a wrong code, a replayed code, and a forged or stale challenge', async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).body;
    const wrong = await codeStep(challenge, codeAt(secret, 5));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(INVALID_CODE);
    expect(wrong.text).not.toContain('token');

    const code = codeAt(secret, 1);
    expect((await codeStep(challenge, code)).status).toBe(200);
    const replay = await codeStep((await passwordStep(user.email)).body.challenge, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(INVALID_CODE);

    const forged = await codeStep('not.a.challenge', codeAt(secret, 0));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({
      code: 'SIGN_IN_EXPIRED',
      message: 'This sign-in has expired. Log in with your password again.',
    });
    // A session token is not a challenge.
    const session = await createUserWithToken();
    expect((await codeStep(session.token, codeAt(secret, 0))).body.code).toBe('SIGN_IN_EXPIRED');
  });

  it('rate-limits wrong codes per account, like passwords', async () => {
    await applyTestEnv({ RATE_LIMIT_LOGIN_MAX_FAILURES: '3' });
    const { user, secret } = await memberWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).body;
    const wrongCode = codeAt(secret, 10);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await codeStep(challenge, wrongCode)).status).toBe(400);
    }
    const limited = await codeStep(challenge, codeAt(secret, 0));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // A new password step does not clear the count.
    const again = await codeStep((await passwordStep(user.email)).body.challenge, codeAt(secret, 0));
    expect(again.status).toBe(429);
  });

  it('accepts each recovery code once, in any case and with or without dashes', async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const challenge = () => passwordStep(user.email).then((res) => res.body.challenge);
    expect((await codeStep(await challenge(), first)).status).toBe(200);
    const reused = await codeStep(await challenge(), first);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(INVALID_CODE);
    expect((await codeStep(await challenge(), second.replaceAll('-', '').toUpperCase())).status).toBe(200);
  });

  it('voids a challenge when the account changes meanwhile (two-factor turned off)', async () => {
    const { user, secret, token } = await memberWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).body;
    expect(
      (
        await call(disable, '/api/auth/two-factor/disable', {
          method: 'POST',
          token,
          body: { code: codeAt(secret, 0) },
        })
      ).status,
    ).toBe(200);
    expect((await codeStep(challenge, codeAt(secret, 1))).body.code).toBe('SIGN_IN_EXPIRED');
  });

  it('leaves accounts without two-factor exactly as they were', async () => {
    const { user } = await createUserWithToken({ fullName: 'Plain Login' });
    const res = await passwordStep(user.email);
    expect(res.body).toEqual({
      token: expect.any(String),
      role: 'user',
      user: { fullName: 'Plain Login', email: user.email, role: 'user' },
      message: 'Login successful.',
    });
  });
});

describe('turning two-factor off (POST /api/auth/two-factor/disable)', () => {
  it('needs a right code, then turns it off, ends other sessions, and login asks for no code', async () => {
    const { user, secret, token } = await memberWithTwoFactor();
    const other = await codeStep((await passwordStep(user.email)).body.challenge, codeAt(secret, 0));
    const wrong = await call(disable, '/api/auth/two-factor/disable', {
      method: 'POST',
      token,
      body: { code: codeAt(secret, 7) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(INVALID_CODE);

    const res = await call<{ token: string; message: string }>(disable, '/api/auth/two-factor/disable', {
      method: 'POST',
      token,
      body: { code: codeAt(secret, 1) },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Two-factor authentication is off.');
    expect((await call(status, '/api/auth/two-factor', { token: other.body.token as string })).status).toBe(
      401,
    );
    expect((await call(status, '/api/auth/two-factor', { token: res.body.token })).body).toEqual({
      enabled: false,
      required: false,
    });
    expect((await passwordStep(user.email)).body.token).toEqual(expect.any(String));
  });

  it('accepts a recovery code instead of an app code', async () => {
    const { token, recoveryCodes } = await memberWithTwoFactor();
    const res = await call(disable, '/api/auth/two-factor/disable', {
      method: 'POST',
      token,
      body: { code: recoveryCodes[3] },
    });
    expect(res.status).toBe(200);
  });
});

describe('two-factor in Manage Users (GET /api/admin/two-factor)', () => {
  it('lists the emails of who has it on, to admins only', async () => {
    const { token } = await createAdminWithToken({ email: 'admin-2fa@example.com' });
    const { token: memberToken } = await memberWithTwoFactor({ email: 'with-2fa@example.com' });
    await createUserWithToken({ email: 'without-2fa@example.com' });
    const res = await call(twoFactorList, '/api/admin/two-factor', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ emails: ['with-2fa@example.com'] });
    expect((await call(twoFactorList, '/api/admin/two-factor', { token: memberToken })).status).toBe(403);
  });
});

describe('npm run admin -- reset-2fa EMAIL', () => {
  async function admin(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await runAdminCli(args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readStdin: async () => '',
      promptSecret: null,
    });
    return { status, out: out.join('\n'), err: err.join('\n') };
  }

  it('clears two-factor and ends the sessions: the next login asks for no code', async () => {
    const { user, token } = await memberWithTwoFactor({ email: 'lost-phone@example.com' });
    const res = await admin(['reset-2fa', 'Lost-Phone@example.com']);
    expect(res).toEqual({
      status: 0,
      out: 'Two-factor authentication is off for lost-phone@example.com; their sessions have ended. They can log in with their password and set it up again from their profile.',
      err: '',
    });
    expect((await call(status, '/api/auth/two-factor', { token })).status).toBe(401);
    const again = await passwordStep(user.email);
    expect(again.body.token).toEqual(expect.any(String));
    expect(again.body.twoFactorRequired).toBeUndefined();
  });

  it('says when there was nothing to clear, and refuses an unknown email', async () => {
    await createUserWithToken({ email: 'plain@example.com' });
    const none = await admin(['reset-2fa', 'plain@example.com']);
    expect(none.status).toBe(0);
    expect(none.out).toBe(
      'plain@example.com had no two-factor authentication; nothing to clear. Their sessions have ended.',
    );
    const unknown = await admin(['reset-2fa', 'nobody@example.com']);
    expect(unknown).toEqual({
      status: 1,
      out: '',
      err: 'No account uses nobody@example.com. See every account with list-users.',
    });
    expect((await admin(['reset-2fa'])).status).toBe(2);
  });
});

describe('REQUIRE_2FA=admins', () => {
  it('sends an admin who logs in with a password without two-factor to set it up before the admin API', async () => {
    await applyTestEnv({ REQUIRE_2FA: 'admins' });
    const { user, token } = await createAdminWithToken({ email: 'must-2fa@example.com' });
    expect(await verifyToken(token)).toMatchObject({ sub: user.id, tfs: true });
    const refused = await call(listUsers, '/admin/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Set up two-factor authentication in your profile to use the admin area.',
    });
    expect((await call(status, '/api/auth/two-factor', { token })).body).toEqual({
      enabled: false,
      required: true,
    });

    // The set-up is open to it; once on, the fresh token opens the admin API.
    const { secret } = await startSetup(token);
    const on = await call<{ token: string }>(enable, '/api/auth/two-factor/enable', {
      method: 'POST',
      token,
      body: { code: codeAt(secret, 0) },
    });
    expect(on.status).toBe(200);
    expect((await verifyToken(on.body.token))?.tfs).toBeUndefined();
    expect((await call(listUsers, '/admin/users', { token: on.body.token })).status).toBe(200);

    // It cannot be turned off while required.
    const off = await call(disable, '/api/auth/two-factor/disable', {
      method: 'POST',
      token: on.body.token,
      body: { code: codeAt(secret, 1) },
    });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('keeps the set-up mark through a password change', async () => {
    await applyTestEnv({ REQUIRE_2FA: 'admins' });
    const { token } = await createAdminWithToken();
    const res = await call<{ token: string }>(changePassword, '/api/auth/change-password', {
      token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'another good password' },
    });
    expect(res.status).toBe(200);
    expect((await verifyToken(res.body.token))?.tfs).toBe(true);
    expect((await call(listUsers, '/admin/users', { token: res.body.token })).status).toBe(403);
  });

  it('asks nothing more of members, and nothing of admins when off', async () => {
    await applyTestEnv({ REQUIRE_2FA: 'admins' });
    const member = await createUserWithToken();
    expect((await verifyToken(member.token))?.tfs).toBeUndefined();
    await applyTestEnv({ REQUIRE_2FA: 'off' });
    const { token } = await createAdminWithToken();
    expect((await verifyToken(token))?.tfs).toBeUndefined();
    expect((await call(listUsers, '/admin/users', { token })).status).toBe(200);
  });
});
