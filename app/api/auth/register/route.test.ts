import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { verifyToken } from '@/server/token';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createUser } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, POST } from './route';

const PATH = '/api/auth/register';
const valid = { fullName: 'Asha Rao', email: 'asha@example.com', password: 'long enough pw', role: 'user' };

async function findUser(email: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email));
  return row;
}

describe('POST /api/auth/register', () => {
  it('creates a user and answers 201 with token, role, user and message', async () => {
    const res = await call(POST, PATH, { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.any(String),
      role: 'user',
      user: { fullName: 'Asha Rao', email: 'asha@example.com', role: 'user' },
      message: expect.any(String),
    });
    const claims = await verifyToken(res.body.token as string);
    expect(claims).toMatchObject({ role: 'user', sv: 0 });
    const row = await findUser('asha@example.com');
    expect(row?.fullName).toBe('Asha Rao');
    expect(row?.passwordHash).toMatch(/^\$2[aby]\$/);
    expect(row?.passwordHash).not.toContain(valid.password);
    expect(claims?.sub).toBe(row?.id);
  });

  it('never returns the password hash', async () => {
    const res = await call(POST, PATH, { body: valid });
    expect(res.text).not.toContain('$2');
    expect(res.text).not.toContain('passwordHash');
  });

  it('stores the email trimmed and lower-cased', async () => {
    const res = await call(POST, PATH, { body: { ...valid, email: '  Asha@Example.COM ' } });
    expect(res.status).toBe(201);
    expect((res.body.user as { email: string }).email).toBe('asha@example.com');
    expect(await findUser('asha@example.com')).toBeDefined();
  });

  it('answers 409 for an email that differs only in letter case', async () => {
    await call(POST, PATH, { body: valid });
    const res = await call(POST, PATH, { body: { ...valid, email: 'ASHA@example.com', fullName: 'Other' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.stringMatching(/already exists/), code: 'EMAIL_TAKEN' });
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.users)).toHaveLength(1);
  });

  it('defaults the role to user', async () => {
    const { role: _role, ...withoutRole } = valid;
    const res = await call(POST, PATH, { body: withoutRole });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
  });

  it('accepts the first admin and then closes admin sign-up with 403', async () => {
    const first = await call(POST, PATH, { body: { ...valid, role: 'admin' } });
    expect(first.status).toBe(201);
    expect(first.body.role).toBe('admin');
    const second = await call(POST, PATH, { body: { ...valid, email: 'second@example.com', role: 'admin' } });
    expect(second.status).toBe(403);
    expect(second.body).toEqual({
      message: 'Admin sign-up is closed. Ask an administrator to grant you the admin role.',
      code: 'ADMIN_SIGNUP_CLOSED',
    });
    expect(await findUser('second@example.com')).toBeUndefined();
  });

  it('closes admin sign-up when an admin was seeded directly', async () => {
    await createUser({ role: 'admin' });
    const res = await call(POST, PATH, { body: { ...valid, role: 'admin' } });
    expect(res.status).toBe(403);
  });

  it('stores the name in normal form C', async () => {
    const res = await call(POST, PATH, { body: { ...valid, fullName: 'Zoe\u0308 Rao' } });
    expect(res.status).toBe(201);
    expect((await findUser('asha@example.com'))?.fullName).toBe('Zoë Rao'.normalize('NFC'));
  });

  it.each([
    [{ ...valid, fullName: undefined }, 'Full name is required.'],
    [{ ...valid, fullName: '   ' }, 'Full name is required.'],
    [{ ...valid, fullName: 42 }, 'Full name must be text.'],
    [{ ...valid, email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ ...valid, email: undefined }, 'Email is required.'],
    [{ ...valid, email: ['a@b.co'] }, 'Email must be text.'],
    [{ ...valid, password: 'short' }, 'Password must be at least 8 characters.'],
    [{ ...valid, password: 'é'.repeat(40) }, 'Password must be at most 72 bytes.'],
    [{ ...valid, password: undefined }, 'Password is required.'],
    [{ ...valid, role: 'superuser' }, 'Role must be "user" or "admin".'],
    // Names that look like another (docs/product.md#names).
    [
      { ...valid, fullName: 'Asha\u200bRao' },
      'Full name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
    ],
    [
      { ...valid, fullName: 'Asha \u202eoaR' },
      'Full name must not contain invisible characters or text-direction marks. Type the name again without pasting it.',
    ],
    [{ ...valid, fullName: 'Asha\u2028Rao' }, 'Full name must not contain control characters.'],
  ])('answers 400 with the first problem for %j', async (body, message) => {
    const res = await call(POST, PATH, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.users)).toHaveLength(0);
  });

  it('answers 400 for malformed JSON, an empty body and a non-object', async () => {
    for (const rawBody of ['{"fullName": "x",', '', '[1,2]', '"text"', 'null']) {
      const res = await call(POST, PATH, { rawBody, method: 'POST' });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
  });

  it('answers 413 for a 1 MB body, with or without Content-Length', async () => {
    const huge = JSON.stringify({ ...valid, fullName: 'x'.repeat(1024 * 1024) });
    const res = await call(POST, PATH, { rawBody: huge, method: 'POST' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)));
        controller.close();
      },
    });
    const streamed = await POST(
      new Request(`http://tasklane.test${PATH}`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
      } as RequestInit),
      {} as never,
    );
    expect(streamed.status).toBe(413);
  });

  it('stores SQL and script strings as plain text', async () => {
    const fullName = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const res = await call(POST, PATH, { body: { ...valid, fullName } });
    expect(res.status).toBe(201);
    expect((res.body.user as { fullName: string }).fullName).toBe(fullName);
    expect((await findUser(valid.email))?.fullName).toBe(fullName);
    const injection = await call(POST, PATH, { body: { ...valid, email: "x' OR '1'='1@example.com" } });
    expect(injection.status).toBe(400);
  });

  it('answers 429 with Retry-After once the per-IP limit is used up', async () => {
    await applyTestEnv({ RATE_LIMIT_REGISTER_MAX: '2' });
    try {
      for (let i = 0; i < 2; i++) {
        const ok = await call(POST, PATH, {
          body: { ...valid, email: `r${i}@example.com` },
          ip: '198.51.100.7',
        });
        expect(ok.status).toBe(201);
      }
      const limited = await call(POST, PATH, {
        body: { ...valid, email: 'r9@example.com' },
        ip: '198.51.100.7',
      });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const otherIp = await call(POST, PATH, {
        body: { ...valid, email: 'r8@example.com' },
        ip: '198.51.100.8',
      });
      expect(otherIp.status).toBe(201);
    } finally {
      await applyTestEnv();
    }
  });

  it('answers 405 in JSON for other methods', async () => {
    await expectMethodNotAllowed({ GET, DELETE }, PATH, 'POST');
  });
});

describe('first-admin bootstrap under concurrent sign-ups', () => {
  it('lets exactly one of several simultaneous admin sign-ups through', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(POST, PATH, { body: { ...valid, email: `race${i}@example.com`, role: 'admin' } }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    const { db, tables } = await getDatabase();
    const admins = (await db.select().from(tables.users)).filter((row) => row.role === 'admin');
    expect(admins).toHaveLength(1);
  });
});
