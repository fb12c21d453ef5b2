import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { signToken } from '@/server/token';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUser, createUserWithToken } from '@/tests/helpers/factories';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/admin/users';

async function setRole(id: string, role: 'user' | 'admin') {
  const { db, tables } = await getDatabase();
  await db.update(tables.users).set({ role }).where(eq(tables.users.id, id));
}

/** Every key found anywhere in a JSON value, however deeply nested. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

describe('GET /admin/users', () => {
  it('lists every user as { fullName, email, role, createdAt }, newest first', async () => {
    // Inserted out of order on purpose: the response order must come from createdAt.
    const { token } = await createAdminWithToken({
      fullName: 'Ada Admin',
      email: 'ada@example.com',
      createdAt: new Date('2024-03-01T09:00:00.000Z'),
    });
    await createUser({
      fullName: 'Old Olga',
      email: 'olga@example.com',
      createdAt: new Date('2023-01-15T08:30:00.000Z'),
    });
    await createUser({
      fullName: 'New Nina',
      email: 'nina@example.com',
      createdAt: new Date('2025-06-30T23:59:59.123Z'),
    });
    await createUser({
      fullName: 'Mid Mona',
      email: 'mona@example.com',
      role: 'admin',
      createdAt: new Date('2024-03-01T09:00:00.001Z'),
    });

    const res = await call<unknown[]>(GET, PATH, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual([
      {
        fullName: 'New Nina',
        email: 'nina@example.com',
        role: 'user',
        createdAt: '2025-06-30T23:59:59.123Z',
      },
      {
        fullName: 'Mid Mona',
        email: 'mona@example.com',
        role: 'admin',
        createdAt: '2024-03-01T09:00:00.001Z',
      },
      {
        fullName: 'Ada Admin',
        email: 'ada@example.com',
        role: 'admin',
        createdAt: '2024-03-01T09:00:00.000Z',
      },
      {
        fullName: 'Old Olga',
        email: 'olga@example.com',
        role: 'user',
        createdAt: '2023-01-15T08:30:00.000Z',
      },
    ]);
  });

  it('never exposes ids, password hashes or session versions', async () => {
    const { token, user: admin } = await createAdminWithToken();
    const other = await createUser();
    const res = await call<unknown[]>(GET, PATH, { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const keys = new Set(allKeys(res.body));
    expect([...keys].sort()).toEqual(['createdAt', 'email', 'fullName', 'role']);
    for (const secret of [admin.id, other.id, admin.passwordHash, other.passwordHash]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).not.toMatch(/passwordHash|sessionVersion|\$2[aby]\$/);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    await createUser({ role: 'admin' });
    const res = await call(GET, PATH);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });
    expect(res.body.message).not.toBe('');
  });

  it('answers 401 for a garbage token, a non-Bearer scheme and a token signed with another secret', async () => {
    const { user } = await createAdminWithToken();
    const garbage = await call(GET, PATH, { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED' });

    const basic = await call(GET, PATH, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(basic.status).toBe(401);
    expect(basic.body.code).toBe('UNAUTHORIZED');

    // A well-formed token whose signature does not match: its claims must not be trusted.
    const valid = await signToken({ userId: user.id, role: 'admin', sessionVersion: 0 });
    const [header, payload] = valid.split('.');
    const forged = await call(GET, PATH, { token: `${header}.${payload}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 FORBIDDEN for a user token', async () => {
    const { token } = await createUserWithToken();
    const res = await call(GET, PATH, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
    expect(res.text).not.toContain('@example.com');
  });

  it('reads the role from the database: an admin demoted after login gets 403', async () => {
    const { token, user } = await createAdminWithToken();
    expect((await call(GET, PATH, { token })).status).toBe(200);
    await setRole(user.id, 'user');
    const res = await call(GET, PATH, { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('reads the role from the database: a user promoted after login is let in', async () => {
    const { token, user } = await createUserWithToken();
    expect((await call(GET, PATH, { token })).status).toBe(403);
    await setRole(user.id, 'admin');
    const res = await call<unknown[]>(GET, PATH, { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });

  it('answers 401 for the token of a user who no longer exists', async () => {
    const { token, user } = await createAdminWithToken();
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, user.id));
    const res = await call(GET, PATH, { token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('redirects a browser navigation (Accept: text/html) to /admin/manage-users with 307', async () => {
    const res = await call(GET, PATH, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.status).toBe(307);
    // Relative: behind a proxy the server's own idea of its address (localhost:3000) is not the
    // browser's, and an absolute Location would send the browser there.
    expect(res.headers.get('location')).toBe('/admin/manage-users');
    expect(res.text).not.toContain('@');
  });

  it('redirects when Sec-Fetch-Mode is navigate, even with a JSON Accept header', async () => {
    const { token } = await createAdminWithToken();
    const res = await call(GET, PATH, { token, headers: { 'sec-fetch-mode': 'navigate' } });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/admin/manage-users');
  });

  it('answers API clients with JSON, not a redirect, for Accept: */* and a cors fetch', async () => {
    const { token } = await createAdminWithToken();
    const star = await call(GET, PATH, { token, headers: { accept: '*/*' } });
    expect(star.status).toBe(200);
    expect(Array.isArray(star.body)).toBe(true);
    const cors = await call(GET, PATH, { token, headers: { 'sec-fetch-mode': 'cors' } });
    expect(cors.status).toBe(200);
  });

  it('answers 405 in JSON with Allow: GET for other methods', async () => {
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', {
      token,
      body: { fullName: 'x' },
    });
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.users)).toHaveLength(1);
  });
});
