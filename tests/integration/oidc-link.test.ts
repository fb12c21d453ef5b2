/**
 * Linking the team's provider from the profile (docs/product.md#single-sign-on, ADR 0042): a
 * signed-in person binds their provider identity to their account, through the real test provider.
 * The provider can then open the account even though its address was never proved by mail.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as linkStatusRoute, POST as startLinkRoute } from '@/app/api/auth/oidc/link/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { authenticateToken } from '@/features/accounts/server/auth-service';
import { getDatabase } from '@/server/db';
import { forgetProviderConfiguration } from '@/features/accounts/server/oidc/provider';
import { call, type CallResult } from '@/tests/helpers/api';
import { createAdminWithToken, createUser, createUserWithToken, loginAs } from '@/tests/helpers/factories';
import {
  callBack,
  cookieFrom,
  locationOf,
  oidcTestEnv,
  setCookieLine,
  signInThrough,
  TEST_APP_URL,
  TEST_CALLBACK,
  throughProvider,
} from '@/tests/helpers/oidc-flow';
import { startTestProvider, type TestAccount, type TestProvider } from '@/tests/helpers/oidc-provider';
import { applyTestEnv } from '@/tests/setup/integration';

let provider: TestProvider;

function oidcEnv(extra: Record<string, string> = {}) {
  return oidcTestEnv(provider, extra);
}

const ANN: TestAccount = { sub: 'ann-1', email: 'ann@example.com', emailVerified: true, name: 'Ann Lee' };

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [TEST_CALLBACK] });
});

afterAll(async () => {
  await provider.stop();
  await applyTestEnv();
});

beforeEach(async () => {
  forgetProviderConfiguration();
  await oidcEnv();
});

function status(token?: string) {
  return call(linkStatusRoute, '/api/auth/oidc/link', { token });
}

function startLink(token?: string, ip?: string) {
  return call<{ url: string }>(startLinkRoute, '/api/auth/oidc/link', { method: 'POST', token, ip });
}

/** The link as the browser makes it: POST, the provider as `account`, the callback with the flow cookie. */
async function linkThrough(token: string, account: TestAccount): Promise<CallResult> {
  const start = await startLink(token);
  if (start.status !== 200) throw new Error(`link answered ${start.status}: ${start.text}`);
  provider.signInAs(account);
  const back = await throughProvider(start.body.url);
  return callBack(back, cookieFrom(start, 'tasklane_oidc_flow'));
}

async function identities() {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.userIdentities);
}

async function userById(id: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, id)).limit(1);
  return row;
}

describe('linking the provider from the profile', () => {
  it('an account whose address was never proved links its identity; the provider then opens it', async () => {
    const { user, token } = await createUserWithToken({ email: 'ann@example.com' });
    expect((await status(token)).body).toEqual({ provider: { name: 'Acme SSO' }, linked: false });
    // Before the link, the provider may not open an unproved account by its email.
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login?sso_error=unconfirmed');

    const callback = await linkThrough(token, ANN);
    expect(callback.status).toBe(303);
    expect(locationOf(callback)).toBe('/user/profile?sso_link=linked');
    // The flow cookie is cleared; no session is handed over (this tab keeps its own).
    expect(setCookieLine(callback, 'tasklane_oidc_flow')).toContain('Max-Age=0');
    expect(cookieFrom(callback, 'tasklane_oidc_session')).toBeNull();
    expect(await identities()).toMatchObject([
      { userId: user.id, issuer: provider.issuer, subject: 'ann-1' },
    ]);
    expect((await status(token)).body).toEqual({ provider: { name: 'Acme SSO' }, linked: true });
    // The provider's verified email was the account's: the address is proved now.
    expect((await userById(user.id))?.emailConfirmedAt).toBeInstanceOf(Date);
    // The session that linked still works, and the provider now opens the same account.
    await expect(authenticateToken(token)).resolves.toMatchObject({ id: user.id });
    const { session } = await signInThrough(provider, ANN);
    expect((await authenticateToken(String(session?.body.token))).id).toBe(user.id);
  });

  it('an identity with another email at the provider is bound by its subject, and proves nothing', async () => {
    const { user, token } = await createUserWithToken({ email: 'ann.lee@home.example' });
    expect(locationOf(await linkThrough(token, ANN))).toBe('/user/profile?sso_link=linked');
    expect((await userById(user.id))?.emailConfirmedAt).toBeNull();
    const { session } = await signInThrough(provider, ANN);
    const opened = await authenticateToken(String(session?.body.token));
    expect(opened).toMatchObject({ id: user.id, email: 'ann.lee@home.example' });
  });

  it('the pre-hijack stays shut: whoever signed up under the owner’s email links only their own identity', async () => {
    const signup = await call<{ token: string }>(registerRoute, '/api/auth/register', {
      body: { fullName: 'Not Ann', email: 'ann@example.com', password: 'attacker-password', role: 'user' },
    });
    expect(signup.status).toBe(201);
    // They link their own provider account (their own verified address there).
    const mallory: TestAccount = { sub: 'mallory-9', email: 'mallory@example.com', emailVerified: true };
    expect(locationOf(await linkThrough(signup.body.token, mallory))).toBe('/user/profile?sso_link=linked');
    const squatter = await authenticateToken(signup.body.token);
    expect((await userById(squatter.id))?.emailConfirmedAt).toBeNull();
    // Ann's own identity is still refused that account.
    const owner = await signInThrough(provider, ANN);
    expect(locationOf(owner.callback)).toBe('/login?sso_error=unconfirmed');
    expect(owner.session).toBeNull();
  });

  it('refuses an identity that already opens another account, and a second identity for one account', async () => {
    const first = await signInThrough(provider, ANN);
    const ann = await authenticateToken(String(first.session?.body.token));
    const { user: bob, token: bobToken } = await createUserWithToken({ email: 'bob@example.com' });
    expect(locationOf(await linkThrough(bobToken, ANN))).toBe('/user/profile?sso_link=taken');
    expect(await identities()).toMatchObject([{ userId: ann.id, subject: 'ann-1' }]);

    expect(
      locationOf(
        await linkThrough(bobToken, { sub: 'bob-1', email: 'bob@example.com', emailVerified: true }),
      ),
    ).toBe('/user/profile?sso_link=linked');
    const again = await linkThrough(bobToken, {
      sub: 'bob-2',
      email: 'bob@example.com',
      emailVerified: true,
    });
    expect(locationOf(again)).toBe('/user/profile?sso_link=other-identity');
    expect((await identities()).filter((row) => row.userId === bob.id)).toMatchObject([{ subject: 'bob-1' }]);
    // Linking the identity it already has says linked, and changes nothing.
    const same = await linkThrough(bobToken, { sub: 'bob-1', email: 'bob@example.com', emailVerified: true });
    expect(locationOf(same)).toBe('/user/profile?sso_link=linked');
    expect(await identities()).toHaveLength(2);
  });

  it('a callback sent again (the page reloaded) links once; the second says it expired', async () => {
    const { user, token } = await createUserWithToken({ email: 'ann@example.com' });
    const start = await startLink(token);
    provider.signInAs(ANN);
    const back = await throughProvider(start.body.url);
    const flow = cookieFrom(start, 'tasklane_oidc_flow');
    expect(locationOf(await callBack(back, flow))).toBe('/user/profile?sso_link=linked');
    // The provider refuses a code used twice (and, per OAuth, revokes what the first use gave).
    expect(locationOf(await callBack(back, flow))).toBe('/user/profile?sso_link=expired');
    expect(await identities()).toMatchObject([{ userId: user.id, subject: 'ann-1' }]);
  });

  it('a link whose session ended meanwhile (password change, logout everywhere) binds nothing', async () => {
    const { user, token } = await createUserWithToken({ email: 'ann@example.com' });
    const start = await startLink(token);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.users)
      .set({ sessionVersion: sql`${tables.users.sessionVersion} + 1` })
      .where(eq(tables.users.id, user.id));
    provider.signInAs(ANN);
    const callback = await callBack(
      await throughProvider(start.body.url),
      cookieFrom(start, 'tasklane_oidc_flow'),
    );
    expect(locationOf(callback)).toBe('/user/profile?sso_link=ended');
    expect(await identities()).toEqual([]);
  });

  it('an admin returns to the admin profile; a cancelled or mismatched link says so there', async () => {
    const { token } = await createAdminWithToken({ email: 'root@example.com', emailConfirmedAt: new Date() });
    const start = await startLink(token);
    const state = new URL(start.body.url).searchParams.get('state');
    const flow = cookieFrom(start, 'tasklane_oidc_flow');
    const cancelled = await callBack(`/api/auth/oidc/callback?error=access_denied&state=${state}`, flow);
    expect(locationOf(cancelled)).toBe('/admin/profile?sso_link=denied');
    const mismatched = await callBack('/api/auth/oidc/callback?code=x&state=not-this-one', flow);
    expect(locationOf(mismatched)).toBe('/admin/profile?sso_link=state');
    const linked = await linkThrough(token, {
      sub: 'root-1',
      email: 'root@example.com',
      emailVerified: true,
    });
    expect(locationOf(linked)).toBe('/admin/profile?sso_link=linked');
  });

  it('an unverified email at the provider is refused as at sign-in', async () => {
    const { token } = await createUserWithToken({ email: 'ann@example.com' });
    const callback = await linkThrough(token, { ...ANN, emailVerified: false });
    expect(locationOf(callback)).toBe('/user/profile?sso_link=unverified');
    expect(await identities()).toEqual([]);
  });

  it('the flow cookie is signed, HttpOnly and only sent to the flow’s routes; the account is not in the address', async () => {
    const { user, token } = await createUserWithToken();
    const start = await startLink(token);
    expect(start.status).toBe(200);
    expect(start.headers.get('cache-control')).toContain('no-store');
    expect(start.body.url.startsWith(`${provider.issuer}/`)).toBe(true);
    expect(start.body.url).not.toContain(user.id);
    const line = setCookieLine(start, 'tasklane_oidc_flow') ?? '';
    expect(line).toContain('HttpOnly');
    expect(line).toContain('Path=/api/auth/oidc');
    expect(line).toContain('SameSite=Lax');
    // A flow cookie made up by hand (another account's id, no signature) is not a flow.
    const forged = `tasklane_oidc_flow=${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`;
    const state = new URL(start.body.url).searchParams.get('state');
    expect(locationOf(await callBack(`/api/auth/oidc/callback?code=x&state=${state}`, forged))).toBe(
      '/login?sso_error=state',
    );
  });

  it('needs a session; says when single sign-on is not set up; limits links started from one address', async () => {
    expect((await status()).status).toBe(401);
    expect((await startLink()).status).toBe(401);
    const { token } = await createUserWithToken();
    await oidcEnv({ RATE_LIMIT_OIDC_MAX: '2' });
    expect((await startLink(token, '198.51.100.7')).status).toBe(200);
    expect((await startLink(token, '198.51.100.7')).status).toBe(200);
    const limited = await startLink(token, '198.51.100.7');
    expect(limited.status).toBe(429);
    await applyTestEnv({ APP_URL: TEST_APP_URL });
    expect((await status(token)).body).toEqual({ provider: null, linked: false });
    const off = await startLink(token);
    expect(off.status).toBe(404);
    expect(off.body).toMatchObject({ message: 'Single sign-on is not set up on this server.' });
  });

  it('says the provider cannot be reached when it is down as the link starts', async () => {
    const { token } = await createUserWithToken();
    await provider.stop();
    try {
      const answer = await startLink(token);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        message: 'Acme SSO cannot be reached right now. Try again later.',
      });
      expect(cookieFrom(answer, 'tasklane_oidc_flow')).toBeNull();
    } finally {
      await provider.start();
    }
  });

  it('a signed-in person’s token for another account cannot be used: the link is always the caller’s', async () => {
    const ann = await createUser({ email: 'ann@example.com' });
    const { user: bob } = await createUserWithToken({ email: 'bob@example.com' });
    const bobToken = await loginAs('bob@example.com');
    expect(locationOf(await linkThrough(bobToken, ANN))).toBe('/user/profile?sso_link=linked');
    expect(await identities()).toMatchObject([{ userId: bob.id }]);
    expect((await userById(ann.id))?.emailConfirmedAt).toBeNull();
  });
});
