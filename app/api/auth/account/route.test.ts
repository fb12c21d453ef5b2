import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as syncUsers } from '@/app/api/sync/users/route';
import { getDatabase } from '@/server/db';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken, DEFAULT_PASSWORD } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/auth/account';

function rename(token: string | undefined, body: unknown, ip?: string) {
  return call(PUT, PATH, { token, method: 'PUT', body, ip });
}

async function storedName(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id));
  return row?.fullName;
}

afterEach(async () => {
  await applyTestEnv();
});

describe('GET /api/auth/account', () => {
  it("answers the caller's own name, email and role, and nothing secret", async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Max Member', email: 'max@example.com' });
    const res = await call(GET, PATH, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        fullName: 'Max Member',
        email: 'max@example.com',
        role: 'user',
        createdAt: user.createdAt.toISOString(),
      },
      // Not proved: the profile offers a confirmation link (ADR 0042).
      emailConfirmed: false,
    });
    expect(res.text).not.toMatch(/\$2[aby]\$/);
    const proved = await createUserWithToken({ emailConfirmedAt: new Date() });
    expect((await call(GET, PATH, { token: proved.token })).body.emailConfirmed).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 without a valid token', async () => {
    const res = await call(GET, PATH, {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/auth/account', () => {
  it('renames the caller only; the name is there at the next login and in the team list', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
    const { user, token } = await createUserWithToken({ fullName: 'Max Member', email: 'max@example.com' });
    const other = await createAdminWithToken({ fullName: 'Ada Admin' });
    const res = await rename(token, { fullName: '  Max  Müller ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        fullName: 'Max  Müller',
        email: 'max@example.com',
        role: 'user',
        createdAt: expect.any(String),
      },
      message: 'Name saved.',
    });
    expect(await storedName(user.id)).toBe('Max  Müller');
    expect(await storedName(other.user.id)).toBe('Ada Admin');
    // Kept on the server: a new session (another browser) starts from it.
    const again = await call<{ user: { fullName: string } }>(login, '/api/auth/login', {
      body: { email: 'max@example.com', password: DEFAULT_PASSWORD },
    });
    expect(again.body.user.fullName).toBe('Max  Müller');
    const team = await call(syncUsers, '/api/sync/users', { token: other.token });
    expect(JSON.stringify(team.body)).toContain('Max  Müller');
  });

  it('stores the name in normal form C, as sign-up does', async () => {
    const { user, token } = await createUserWithToken();
    const res = await rename(token, { fullName: 'Zoe\u0308' });
    expect(res.status).toBe(200);
    expect(await storedName(user.id)).toBe('Zo\u00eb');
  });

  it("refuses what sign-up refuses, with sign-up's messages, and saves nothing", async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Max Member' });
    const cases: [unknown, string][] = [
      [{}, 'Full name is required.'],
      [{ fullName: '   ' }, 'Full name is required.'],
      [{ fullName: 42 }, 'Full name must be text.'],
      [{ fullName: 'x'.repeat(101) }, 'Full name must be at most 100 characters.'],
      [{ fullName: 'Max\nMember' }, 'Full name must not contain control characters.'],
      [
        { fullName: 'Max\u200bMember' },
        'Full name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await rename(token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await storedName(user.id)).toBe('Max Member');
  });

  it('answers 401 without a valid token, and 405 in the JSON shape for other methods', async () => {
    const res = await rename(undefined, { fullName: 'Nobody' });
    expect(res.status).toBe(401);
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, PATH, 'GET, PUT', { token });
  });

  it('is rate-limited per account (429 with Retry-After), and per address at four times that', async () => {
    await applyTestEnv({ RATE_LIMIT_CHANGE_NAME_MAX: '2' });
    const { user, token } = await createUserWithToken({ fullName: 'Max Member' });
    expect((await rename(token, { fullName: 'One' })).status).toBe(200);
    expect((await rename(token, { fullName: 'Two' })).status).toBe(200);
    const third = await rename(token, { fullName: 'Three' });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await storedName(user.id)).toBe('Two');
    // Another account from the same address still has its own allowance, up to the address's 8.
    const ip = '198.51.100.7';
    let allowed = 0;
    for (let i = 0; i < 5; i += 1) {
      const { token: next } = await createUserWithToken();
      for (let j = 0; j < 2; j += 1)
        if ((await rename(next, { fullName: `N${i}${j}` }, ip)).status === 200) allowed += 1;
    }
    expect(allowed).toBe(8);
  });
});
