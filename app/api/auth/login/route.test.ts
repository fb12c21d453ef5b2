import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { getDatabase } from '@/server/db';
import { verifyToken } from '@/server/token';
import { call, type CallResult } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUser, DEFAULT_PASSWORD } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, POST } from './route';

const PATH = '/api/auth/login';
const INVALID_CREDENTIALS = { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' };
const WRONG_PASSWORD = 'not the right password';

async function login(body: unknown, ip?: string) {
  return call(POST, PATH, { body, ip });
}

/** No response of this route may carry a bcrypt hash or the column that holds one. */
function expectNoSecrets(res: CallResult, passwordHash?: string) {
  expect(res.text).not.toMatch(/\$2[aby]\$/);
  expect(res.text).not.toContain('passwordHash');
  expect(res.text).not.toContain('password_hash');
  if (passwordHash) expect(res.text).not.toContain(passwordHash);
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function secret(value = process.env.AUTH_SECRET): Uint8Array {
  if (!value) throw new Error('AUTH_SECRET is not set');
  return new TextEncoder().encode(value);
}

/** A token built by hand with jose, so each test can change exactly one property of a valid one. */
async function signCustomToken(options: {
  sub: string;
  key?: Uint8Array;
  expiresAt?: number;
  issuer?: string;
}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'admin', sv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub)
    .setIssuer(options.issuer ?? 'tasklane')
    .setIssuedAt(now - 7200)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? secret());
}

async function adminGet(token: string) {
  return call(listUsers, '/admin/users', { token });
}

describe('POST /api/auth/login', () => {
  it('answers 200 with token, role, user and message', async () => {
    const row = await createUser({ fullName: 'Asha Rao', email: 'asha@example.com' });
    const res = await login({ email: 'asha@example.com', password: DEFAULT_PASSWORD, role: 'user' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      role: 'user',
      user: { fullName: 'Asha Rao', email: 'asha@example.com', role: 'user' },
      message: 'Login successful.',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectNoSecrets(res, row.passwordHash);
  });

  it('returns a token that verifies, with sub = the user id and no personal data', async () => {
    const row = await createUser({ email: 'claims@example.com' });
    const res = await login({ email: 'claims@example.com', password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    const claims = await verifyToken(token);
    expect(claims).toEqual({ sub: row.id, role: 'user', sv: 0 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(JSON.stringify(payload)).not.toContain('claims@example.com');
    expect(payload.iss).toBe('tasklane');
    expect(payload.exp).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });

  it('returns the stored role for an admin who sends role user', async () => {
    const row = await createUser({ role: 'admin', email: 'boss@example.com' });
    const res = await login({ email: 'boss@example.com', password: DEFAULT_PASSWORD, role: 'user' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((res.body.user as { role: string }).role).toBe('admin');
    expect(await verifyToken(res.body.token as string)).toEqual({ sub: row.id, role: 'admin', sv: 0 });
  });

  it('returns the stored role for a user who sends role admin, and the token opens no admin door', async () => {
    const row = await createUser({ role: 'user', email: 'member@example.com' });
    const res = await login({ email: 'member@example.com', password: DEFAULT_PASSWORD, role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('user');
    expect((res.body.user as { role: string }).role).toBe('user');
    expect(await verifyToken(res.body.token as string)).toEqual({ sub: row.id, role: 'user', sv: 0 });
    const admin = await adminGet(res.body.token as string);
    expect(admin.status).toBe(403);
    expect(admin.body.code).toBe('FORBIDDEN');
  });

  it('ignores the letter case and surrounding spaces of the email', async () => {
    await createUser({ email: 'mixed@example.com' });
    for (const email of ['MIXED@Example.COM', '  mixed@example.com  ', '\tMixed@EXAMPLE.com\n']) {
      const res = await login({ email, password: DEFAULT_PASSWORD });
      expect(res.status, email).toBe(200);
      expect((res.body.user as { email: string }).email).toBe('mixed@example.com');
    }
  });

  it('does not ignore the letter case of the password', async () => {
    await createUser({ email: 'case@example.com', password: 'Secret Password' });
    const res = await login({ email: 'case@example.com', password: 'secret password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_CREDENTIALS);
  });

  it('answers 401 with exactly the same body for a wrong password and an unknown email', async () => {
    const row = await createUser({ email: 'known@example.com' });
    const wrong = await login({ email: 'known@example.com', password: WRONG_PASSWORD });
    const unknown = await login({ email: 'nobody@example.com', password: WRONG_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_CREDENTIALS);
    expect(unknown.body).toEqual(INVALID_CREDENTIALS);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.headers.get('retry-after')).toBeNull();
    expectNoSecrets(wrong, row.passwordHash);
    expectNoSecrets(unknown);
  });

  it('leaves the stored user untouched by a failed login', async () => {
    const row = await createUser({ email: 'still@example.com' });
    await login({ email: 'still@example.com', password: WRONG_PASSWORD });
    const { db, tables } = await getDatabase();
    const [after] = await db.select().from(tables.users).where(eq(tables.users.id, row.id));
    expect(after).toEqual(row);
  });

  it.each([
    [{ password: DEFAULT_PASSWORD }, 'Email is required.'],
    [{ email: 'a@example.com' }, 'Password is required.'],
    [{ email: 'a@example.com', password: '' }, 'Password is required.'],
    [{ email: 42, password: DEFAULT_PASSWORD }, 'Email must be text.'],
    [{ email: ['a@example.com'], password: DEFAULT_PASSWORD }, 'Email must be text.'],
    [{ email: 'a@example.com', password: 12345678 }, 'Password must be text.'],
    [{ email: 'a@example.com', password: { $ne: '' } }, 'Password must be text.'],
    [{ email: 'not-an-email', password: DEFAULT_PASSWORD }, 'Enter a valid email address.'],
    [{ email: 'a@example.com', password: 'x'.repeat(1025) }, 'Password is too long.'],
  ])('answers 400 with the first problem for %j', async (body, message) => {
    await createUser({ email: 'a@example.com' });
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect(res.body.token).toBeUndefined();
  });

  it('answers 400 for malformed JSON, an empty body and a non-object', async () => {
    for (const rawBody of ['{"email": "a@example.com",', '', '   ', '[1,2]', '"text"', 'null', '42']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST' });
      expect(res.status, JSON.stringify(rawBody)).toBe(400);
      expect(res.body, JSON.stringify(rawBody)).toEqual({
        message: expect.any(String),
        code: 'INVALID_JSON',
      });
    }
  });

  it('answers 413 for a 1 MB body', async () => {
    await createUser({ email: 'big@example.com' });
    const huge = JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(1024 * 1024) });
    const res = await call(POST, PATH, { rawBody: huge, method: 'POST' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 405 in JSON for GET and DELETE', async () => {
    await expectMethodNotAllowed({ GET, DELETE }, PATH, 'POST');
  });

  it('takes comparable time for an unknown email and a wrong password (both run bcrypt)', async () => {
    // Timing assertions are normally avoided. This one is lenient on purpose: "an unknown email
    // answers in about the same time" is a security requirement, and without the dummy bcrypt
    // compare the unknown-email path is an order of magnitude faster at cost 10.
    await applyTestEnv({ BCRYPT_COST: '10' });
    // A fresh module graph, like a server started with BCRYPT_COST=10: password.ts keeps the
    // dummy hash made at the first cost it saw (4, from the tests above) for the life of the process.
    vi.resetModules();
    const fresh = await import('./route');
    const freshDb = await import('@/server/db');
    try {
      await createUser({ email: 'timed@example.com' });
      const time = async (email: string) => {
        const started = performance.now();
        const res = await call(fresh.POST, PATH, { body: { email, password: WRONG_PASSWORD } });
        const elapsed = performance.now() - started;
        expect(res.status).toBe(401);
        expect(res.body).toEqual(INVALID_CREDENTIALS);
        return elapsed;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // Warm both paths first: the first unknown email also makes the dummy hash.
      await time('timed@example.com');
      await time('nobody-timed@example.com');
      // Taken in turns, and compared by their medians: a machine that gets busier half-way (other
      // suites beside this one) slows both alike, and one stalled request does not decide.
      const wrongPassword: number[] = [];
      const unknownEmail: number[] = [];
      for (let i = 0; i < 5; i++) {
        wrongPassword.push(await time('timed@example.com'));
        unknownEmail.push(await time('nobody-timed@example.com'));
      }
      expect(median(unknownEmail)).toBeGreaterThanOrEqual(0.5 * median(wrongPassword));
    } finally {
      await freshDb.closeDatabase();
      await applyTestEnv();
    }
  });
});

describe('login rate limiting', () => {
  const IP = '198.51.100.20';

  async function withLimit(run: () => Promise<void>) {
    await applyTestEnv({ RATE_LIMIT_LOGIN_MAX_FAILURES: '3' });
    try {
      await run();
    } finally {
      await applyTestEnv();
    }
  }

  it('answers 429 with Retry-After after 3 failures from one IP and email, even with the right password', () =>
    withLimit(async () => {
      await createUser({ email: 'target@example.com' });
      for (let i = 0; i < 3; i++) {
        const res = await login({ email: 'target@example.com', password: WRONG_PASSWORD }, IP);
        expect(res.status, `failure ${i + 1}`).toBe(401);
        expect(res.body).toEqual(INVALID_CREDENTIALS);
      }
      const blocked = await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        message: expect.stringMatching(/^Too many attempts/),
        code: 'RATE_LIMITED',
      });
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(blocked.body.token).toBeUndefined();

      // The same email in another letter case is the same key.
      const otherCase = await login({ email: 'TARGET@example.com', password: DEFAULT_PASSWORD }, IP);
      expect(otherCase.status).toBe(429);
    }));

  it('does not block the same email from another IP, nor another email from the same IP', () =>
    withLimit(async () => {
      await createUser({ email: 'target@example.com' });
      await createUser({ email: 'bystander@example.com' });
      for (let i = 0; i < 3; i++) await login({ email: 'target@example.com', password: WRONG_PASSWORD }, IP);
      expect((await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP)).status).toBe(429);

      const otherIp = await login(
        { email: 'target@example.com', password: DEFAULT_PASSWORD },
        '198.51.100.21',
      );
      expect(otherIp.status).toBe(200);
      const otherEmail = await login({ email: 'bystander@example.com', password: DEFAULT_PASSWORD }, IP);
      expect(otherEmail.status).toBe(200);
      const otherEmailWrong = await login({ email: 'bystander@example.com', password: WRONG_PASSWORD }, IP);
      expect(otherEmailWrong.status).toBe(401);
    }));

  it('counts failures for unknown emails too', () =>
    withLimit(async () => {
      for (let i = 0; i < 3; i++) {
        expect((await login({ email: 'ghost@example.com', password: WRONG_PASSWORD }, IP)).status).toBe(401);
      }
      expect((await login({ email: 'ghost@example.com', password: WRONG_PASSWORD }, IP)).status).toBe(429);
    }));

  it('resets the failure count after a successful login', () =>
    withLimit(async () => {
      await createUser({ email: 'target@example.com' });
      for (let i = 0; i < 2; i++) {
        expect((await login({ email: 'target@example.com', password: WRONG_PASSWORD }, IP)).status).toBe(401);
      }
      expect((await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP)).status).toBe(200);
      // Without the reset the second of these would already be refused (2 + 2 > 3).
      for (let i = 0; i < 3; i++) {
        const res = await login({ email: 'target@example.com', password: WRONG_PASSWORD }, IP);
        expect(res.status, `failure ${i + 1} after the success`).toBe(401);
      }
      expect((await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP)).status).toBe(429);
    }));

  it('allows no more than the limit of password checks when the attempts arrive at once', () =>
    withLimit(async () => {
      await createUser({ email: 'target@example.com' });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          login({ email: 'target@example.com', password: WRONG_PASSWORD }, IP),
        ),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect((await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP)).status).toBe(429);
    }));

  it('limits failures per email from any address, so forged client IPs do not help a guesser', async () => {
    await applyTestEnv({ RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES: '4' });
    try {
      await createUser({ email: 'target@example.com' });
      for (let i = 0; i < 4; i++) {
        const res = await login(
          { email: 'target@example.com', password: WRONG_PASSWORD },
          `203.0.113.${100 + i}`,
        );
        expect(res.status, `failure ${i + 1}`).toBe(401);
      }
      const blocked = await login({ email: 'target@example.com', password: WRONG_PASSWORD }, '203.0.113.200');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account is unaffected.
      await createUser({ email: 'other@example.com' });
      expect(
        (await login({ email: 'other@example.com', password: DEFAULT_PASSWORD }, '203.0.113.200')).status,
      ).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });

  it('limits failures per IP across emails, counting failures only', async () => {
    await applyTestEnv({ RATE_LIMIT_LOGIN_IP_MAX_FAILURES: '3' });
    try {
      for (let i = 0; i < 5; i++) await createUser({ email: `ok${i}@example.com` });
      // Successes do not use up the IP's allowance.
      for (let i = 0; i < 5; i++) {
        expect((await login({ email: `ok${i}@example.com`, password: DEFAULT_PASSWORD }, IP)).status).toBe(
          200,
        );
      }
      for (let i = 0; i < 3; i++) {
        expect((await login({ email: `guess${i}@example.com`, password: WRONG_PASSWORD }, IP)).status).toBe(
          401,
        );
      }
      const blocked = await login({ email: 'ok0@example.com', password: DEFAULT_PASSWORD }, IP);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        (await login({ email: 'ok0@example.com', password: DEFAULT_PASSWORD }, '198.51.100.99')).status,
      ).toBe(200);
    } finally {
      await applyTestEnv();
    }
  });

  it('does not count validation errors as failures', () =>
    withLimit(async () => {
      await createUser({ email: 'target@example.com' });
      for (let i = 0; i < 5; i++) {
        expect((await login({ email: 'target@example.com', password: '' }, IP)).status).toBe(400);
      }
      expect((await login({ email: 'target@example.com', password: DEFAULT_PASSWORD }, IP)).status).toBe(200);
    }));
});

describe('token checks on the admin API', () => {
  async function adminWithToken() {
    const row = await createUser({ role: 'admin', email: 'admin@example.com' });
    const res = await login({ email: 'admin@example.com', password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    return { row, token: res.body.token as string };
  }

  function expectUnauthorized(res: CallResult) {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
  }

  it('accepts the token login returned', async () => {
    const { token } = await adminWithToken();
    const res = await adminGet(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ email: 'admin@example.com', role: 'admin' })]);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    await adminWithToken();
    expectUnauthorized(await call(listUsers, '/admin/users'));
    expectUnauthorized(await call(listUsers, '/admin/users', { headers: { authorization: 'Bearer' } }));
    expectUnauthorized(await call(listUsers, '/admin/users', { token: 'not.a.jwt' }));
  });

  it('answers 401 for a token whose signature was tampered with', async () => {
    const { token } = await adminWithToken();
    const [header, payload, signature = ''] = token.split('.');
    // Change a character in the middle: the last one may carry only padding bits.
    const index = Math.floor(signature.length / 2);
    const flipped = signature[index] === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature.slice(0, index)}${flipped}${signature.slice(index + 1)}`;
    expect(tampered).not.toBe(token);
    expectUnauthorized(await adminGet(tampered));
  });

  it('answers 401 for a token whose payload was changed', async () => {
    const { row } = await adminWithToken();
    const user = await createUser({ role: 'user', email: 'user@example.com' });
    const userLogin = await login({ email: 'user@example.com', password: DEFAULT_PASSWORD });
    const [header, , signature] = (userLogin.body.token as string).split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = base64url({
      sub: row.id,
      role: 'admin',
      sv: 0,
      iss: 'tasklane',
      iat: now,
      exp: now + 3600,
    });
    expect(user.id).not.toBe(row.id);
    expectUnauthorized(await adminGet(`${header}.${forged}.${signature}`));
  });

  it('answers 401 for an unsigned token (alg: none)', async () => {
    const { row } = await adminWithToken();
    const now = Math.floor(Date.now() / 1000);
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({
      sub: row.id,
      role: 'admin',
      sv: 0,
      iss: 'tasklane',
      iat: now,
      exp: now + 3600,
    });
    expectUnauthorized(await adminGet(`${header}.${payload}.`));
    expect(await verifyToken(`${header}.${payload}.`)).toBeNull();
  });

  it('answers 401 for an expired token (and 200 for the same token not yet expired)', async () => {
    const { row } = await adminWithToken();
    const now = Math.floor(Date.now() / 1000);
    const valid = await signCustomToken({ sub: row.id, expiresAt: now + 3600 });
    expect((await adminGet(valid)).status).toBe(200);
    const expired = await signCustomToken({ sub: row.id, expiresAt: now - 60 });
    expectUnauthorized(await adminGet(expired));
  });

  it('answers 401 for a token signed with another secret', async () => {
    const { row } = await adminWithToken();
    const forged = await signCustomToken({
      sub: row.id,
      key: secret('another-secret-that-is-also-long-enough-0987654321'),
    });
    expectUnauthorized(await adminGet(forged));
  });

  it('answers 401 for a token from another issuer', async () => {
    const { row } = await adminWithToken();
    expectUnauthorized(await adminGet(await signCustomToken({ sub: row.id, issuer: 'someone-else' })));
  });

  it('answers 401 for a valid token of a deleted user', async () => {
    const { row, token } = await adminWithToken();
    expect((await adminGet(token)).status).toBe(200);
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, row.id));
    expect(await verifyToken(token)).not.toBeNull();
    expectUnauthorized(await adminGet(token));
  });
});
