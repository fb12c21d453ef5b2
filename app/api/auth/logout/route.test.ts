import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { getDatabase } from '@/server/db';
import { sha256Hex } from '@/server/digest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, loginAs } from '@/tests/helpers/factories';
import { BASE_TEST_ENV } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/auth/logout';
const UNAUTHORIZED = {
  message: 'Your session is invalid or has expired. Please log in again.',
  code: 'UNAUTHORIZED',
};

const logOut = (token: string | undefined) => call(POST, PATH, { token, method: 'POST' });
const adminCallStatus = async (token: string) => (await call(listUsers, '/admin/users', { token })).status;

async function revokedRows() {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.revokedTokens);
}

/** A session token as the previous version signed it: no audience. */
function tokenWithoutAudience(userId: string, role: 'user' | 'admin'): Promise<string> {
  return new SignJWT({ role, sv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('tasklane')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(BASE_TEST_ENV.AUTH_SECRET));
}

describe('POST /api/auth/logout', () => {
  it('answers 204 and the token gets 401 from then on; the account’s other sessions go on', async () => {
    const { user, token } = await createAdminWithToken();
    const other = await loginAs(user.email);
    expect(await adminCallStatus(token)).toBe(200);

    const res = await logOut(token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const refused = await call(listUsers, '/admin/users', { token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(UNAUTHORIZED);
    expect(await adminCallStatus(other)).toBe(200);
  });

  it('is idempotent: a second call with the same token answers 204 again and stores one row', async () => {
    const { token } = await createAdminWithToken();
    expect((await logOut(token)).status).toBe(204);
    expect((await logOut(token)).status).toBe(204);
    const rows = await revokedRows();
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
    // Kept until the token's own expiry, not longer.
    const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number })
      .exp;
    expect(rows[0]?.expiresAt.getTime()).toBe(exp * 1000);
  });

  it('ends a token of the previous version (no audience) too', async () => {
    const { user } = await createAdminWithToken();
    const legacy = await tokenWithoutAudience(user.id, 'admin');
    expect(await adminCallStatus(legacy)).toBe(200);
    expect((await logOut(legacy)).status).toBe(204);
    expect(await adminCallStatus(legacy)).toBe(401);
  });

  it('answers 401 without a token; 204 for a token that is no session (nothing to end), storing nothing', async () => {
    const res = await logOut(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Authentication required. Log in and try again.',
      code: 'UNAUTHORIZED',
    });
    const { user } = await createAdminWithToken();
    const expired = await new SignJWT({ role: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('tasklane')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(BASE_TEST_ENV.AUTH_SECRET));
    for (const token of ['garbage', expired]) expect((await logOut(token)).status).toBe(204);
    expect(await revokedRows()).toEqual([]);
  });

  it('purges revocations whose token has expired', async () => {
    const { db, tables } = await getDatabase();
    await db.insert(tables.revokedTokens).values([
      { tokenHash: 'expired', expiresAt: new Date(Date.now() - 1_000) },
      { tokenHash: 'still-valid', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const { token } = await createAdminWithToken();
    expect((await logOut(token)).status).toBe(204);
    expect((await revokedRows()).map((row) => row.tokenHash).sort()).toEqual(
      [sha256Hex(token), 'still-valid'].sort(),
    );
  });

  it('answers 405 for other methods', async () => {
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, PATH, 'POST', { token });
  });
});
