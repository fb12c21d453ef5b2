import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/admin/users/route';
import { POST as unsubscribe } from '@/app/api/reminders/unsubscribe/route';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_SECONDS } from '@/server/unsubscribe-link';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken } from '@/tests/helpers/factories';
import { BASE_TEST_ENV } from '@/tests/setup/integration';

/** A token signed with the server's secret, with any claims and audience. */
function signWith(claims: Record<string, unknown>, userId: string, audience?: string): Promise<string> {
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('tasklane')
    .setIssuedAt()
    .setExpirationTime('1h');
  if (audience !== undefined) jwt = jwt.setAudience(audience);
  return jwt.sign(new TextEncoder().encode(BASE_TEST_ENV.AUTH_SECRET));
}

const adminCall = (token: string) => call(listUsers, '/admin/users', { token });

describe('session and unsubscribe tokens', () => {
  it('issues session tokens with the `session` audience and an expiry', async () => {
    const { token } = await createAdminWithToken();
    const claims = decodeJwt(token);
    expect(claims.aud).toBe('session');
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp! - claims.iat!).toBe(60 * 60);
    // Each token is unique (two logins in one second differ), so a logout ends just the one.
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps accepting a session token of the previous version (no audience) until it expires', async () => {
    const { user } = await createAdminWithToken();
    const legacy = await signWith({ role: 'admin', sv: 0 }, user.id);
    expect(decodeJwt(legacy).aud).toBeUndefined();
    expect((await adminCall(legacy)).status).toBe(200);
  });

  it('refuses as a session any token with another audience, even one carrying a role and version', async () => {
    const { user } = await createAdminWithToken();
    const unsubscribeToken = await signUnsubscribeToken(user.id);
    for (const token of [
      unsubscribeToken,
      await signWith({ role: 'admin', sv: 0 }, user.id, 'tasklane:reminder-unsubscribe'),
      await signWith({ role: 'admin', sv: 0 }, user.id, 'somewhere-else'),
    ]) {
      const res = await adminCall(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
  });

  it('gives unsubscribe tokens their own audience and an expiry, and refuses a session token there', async () => {
    const { user, token: sessionToken } = await createAdminWithToken();
    const claims = decodeJwt(await signUnsubscribeToken(user.id));
    expect(claims.aud).toBe('tasklane:reminder-unsubscribe');
    expect(claims.exp! - claims.iat!).toBe(UNSUBSCRIBE_TOKEN_TTL_SECONDS);
    const res = await call(unsubscribe, `/api/reminders/unsubscribe?token=${sessionToken}`, {
      method: 'POST',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ code: 'INVALID_UNSUBSCRIBE_TOKEN' }));
  });
});
