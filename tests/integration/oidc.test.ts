import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as enableTwoFactor } from '@/app/api/auth/two-factor/enable/route';
import { POST as setUpTwoFactor } from '@/app/api/auth/two-factor/setup/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { POST as resetPasswordRoute } from '@/app/api/reset-password/route';
import { POST as createInvitation } from '@/app/api/admin/invitations/route';
import { authenticateToken } from '@/features/accounts/server/auth-service';
import { getDatabase } from '@/server/db';
import { forgetProviderConfiguration } from '@/features/accounts/server/oidc/provider';
import { createResetLink } from '@/features/accounts/server/password-reset-service';
import { saveSignupSettings } from '@/features/accounts/server/signup-service';
import { totpCode } from '@/features/accounts/server/two-factor-codes';
import { call } from '@/tests/helpers/api';
import {
  createAdminWithToken,
  createUser,
  createUserWithToken,
  DEFAULT_PASSWORD,
} from '@/tests/helpers/factories';
import {
  callBack,
  cookieFrom,
  locationOf,
  oidcTestEnv,
  setCookieLine,
  signInThrough,
  startSignIn,
  takeSession,
  TEST_APP_URL,
  TEST_CALLBACK,
  throughProvider,
} from '@/tests/helpers/oidc-flow';
import { startTestProvider, type TestProvider } from '@/tests/helpers/oidc-provider';
import { applyTestEnv } from '@/tests/setup/integration';

let provider: TestProvider;

function oidcEnv(extra: Record<string, string> = {}) {
  return oidcTestEnv(provider, extra);
}

async function userByEmail(email: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email)).limit(1);
  return row;
}

const ANN = { sub: 'ann-1', email: 'Ann@Example.com', emailVerified: true, name: 'Ann Lee' };

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

describe('single sign-on: the flow', () => {
  it('a first sign-in creates a member from the verified email and name, and opens a session once', async () => {
    const { callback, session } = await signInThrough(provider, ANN);
    expect(callback.status).toBe(303);
    expect(locationOf(callback)).toBe('/login/sso');
    expect(session?.status).toBe(200);
    expect(session?.body).toMatchObject({
      role: 'user',
      user: { fullName: 'Ann Lee', email: 'ann@example.com', role: 'user' },
      message: 'Login successful.',
    });
    const token = String(session?.body.token);
    expect((await authenticateToken(token)).email).toBe('ann@example.com');
    // The browser is told to forget the cookie (it lived a minute anyway); without it there is nothing to take.
    expect(setCookieLine(session!, 'tasklane_oidc_session')).toMatch(/^tasklane_oidc_session=; .*Max-Age=0/);
    expect(setCookieLine(callback, 'tasklane_oidc_session')).toMatch(/Max-Age=60; HttpOnly; SameSite=Lax$/);
    const none = await takeSession(null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'The sign-in has expired. Try again.', code: 'UNAUTHORIZED' });
  });

  it('links an existing account whose address is proved: same account, role kept, password still works', async () => {
    const existing = await createUser({
      email: 'ann@example.com',
      fullName: 'Ann Local',
      role: 'admin',
      emailConfirmedAt: new Date(),
    });
    const { session } = await signInThrough(provider, ANN, 'role=admin');
    expect(session?.body).toMatchObject({
      role: 'admin',
      user: { fullName: 'Ann Local', email: 'ann@example.com' },
    });
    expect((await authenticateToken(String(session?.body.token))).id).toBe(existing.id);
    const password = await call(loginRoute, '/api/auth/login', {
      body: { email: 'ann@example.com', password: DEFAULT_PASSWORD },
    });
    expect(password.status).toBe(200);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce in a signed HttpOnly cookie', async () => {
    const start = await startSignIn();
    expect(start.status).toBe(303);
    const url = new URL(start.headers.get('location') ?? '');
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(TEST_CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const line = setCookieLine(start, 'tasklane_oidc_flow') ?? '';
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/api/auth/oidc');
    // The verifier travels only in the cookie: the provider sees its hash.
    expect(start.headers.get('location')).not.toContain('verifier');
  });

  it('refuses a callback whose state is not this browser’s, or without the flow cookie', async () => {
    provider.signInAs(ANN);
    const start = await startSignIn();
    const back = await throughProvider(start.headers.get('location') ?? '');
    const wrong = await callBack(
      back.replace(/state=[^&]+/, 'state=forged'),
      cookieFrom(start, 'tasklane_oidc_flow'),
    );
    expect(locationOf(wrong)).toBe('/login?sso_error=state');
    const noCookie = await callBack(back, null);
    expect(locationOf(noCookie)).toBe('/login?sso_error=state');
    const forgedCookie = await callBack(back, 'tasklane_oidc_flow=eyJhbGciOiJIUzI1NiJ9.e30.AAAA');
    expect(locationOf(forgedCookie)).toBe('/login?sso_error=state');
    expect(await userByEmail('ann@example.com')).toBeUndefined();
  });

  it('a code used twice is refused as expired (the provider answers invalid_grant)', async () => {
    provider.signInAs(ANN);
    const start = await startSignIn('role=admin');
    const back = await throughProvider(start.headers.get('location') ?? '');
    const flow = cookieFrom(start, 'tasklane_oidc_flow');
    expect(locationOf(await callBack(back, flow))).toBe('/login/sso?role=admin');
    expect(locationOf(await callBack(back, flow))).toBe('/login?role=admin&sso_error=expired');
  });

  it('a code that expired at the provider is refused as expired', async () => {
    const quick = await startTestProvider({ redirectUris: [TEST_CALLBACK], codeTtlSeconds: 1 });
    try {
      await applyTestEnv({
        APP_URL: TEST_APP_URL,
        OIDC_ISSUER: quick.issuer,
        OIDC_CLIENT_ID: quick.clientId,
        OIDC_CLIENT_SECRET: quick.clientSecret,
      });
      forgetProviderConfiguration();
      quick.signInAs(ANN);
      const start = await startSignIn();
      const back = await throughProvider(start.headers.get('location') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const callback = await callBack(back, cookieFrom(start, 'tasklane_oidc_flow'));
      expect(locationOf(callback)).toBe('/login?sso_error=expired');
    } finally {
      await quick.stop();
    }
  });

  it('refuses an unverified email, and a sign-in without an email, creating nothing', async () => {
    const unverified = await signInThrough(provider, { ...ANN, emailVerified: false });
    expect(locationOf(unverified.callback)).toBe('/login?sso_error=unverified');
    const silent = await signInThrough(provider, {
      sub: 'x',
      emailVerified: undefined,
      email: 'bob@example.com',
    });
    expect(locationOf(silent.callback)).toBe('/login?sso_error=unverified');
    const noEmail = await signInThrough(provider, { sub: 'y', name: 'No Mail' });
    expect(locationOf(noEmail.callback)).toBe('/login?sso_error=no-email');
    expect(unverified.session).toBeNull();
    expect(await userByEmail('ann@example.com')).toBeUndefined();
    expect(await userByEmail('bob@example.com')).toBeUndefined();
  });

  it('says the provider cannot be reached when it is down at the start, or between start and callback', async () => {
    provider.signInAs(ANN);
    const start = await startSignIn();
    const back = await throughProvider(start.headers.get('location') ?? '');
    await provider.stop();
    try {
      const callback = await callBack(back, cookieFrom(start, 'tasklane_oidc_flow'));
      expect(locationOf(callback)).toBe('/login?sso_error=unreachable');
      // The start reads discovery afresh (the one kept from the first start is not trusted).
      expect(locationOf(await startSignIn('role=admin'))).toBe('/login?role=admin&sso_error=unreachable');
    } finally {
      await provider.start();
    }
    // Back up: the next sign-in reads discovery again and works.
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login/sso');
  });

  it('a sign-in cancelled at the provider says so', async () => {
    const start = await startSignIn();
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const callback = await callBack(
      `/api/auth/oidc/callback?error=access_denied&state=${state}`,
      cookieFrom(start, 'tasklane_oidc_flow'),
    );
    expect(locationOf(callback)).toBe('/login?sso_error=denied');
  });

  it('without OIDC_ISSUER the routes only say single sign-on is not set up', async () => {
    await applyTestEnv({ APP_URL: TEST_APP_URL });
    expect(locationOf(await startSignIn())).toBe('/login?sso_error=disabled');
    expect(locationOf(await callBack('/api/auth/oidc/callback?code=x&state=y', null))).toBe(
      '/login?sso_error=disabled',
    );
  });

  it('limits sign-ins started from one address', async () => {
    await oidcEnv({ RATE_LIMIT_OIDC_MAX: '2' });
    expect((await startSignIn('', '198.51.100.7')).status).toBe(303);
    expect(locationOf(await startSignIn('', '198.51.100.7'))).toContain(provider.issuer);
    expect(locationOf(await startSignIn('', '198.51.100.7'))).toBe('/login?sso_error=too-many');
    expect(locationOf(await startSignIn('', '198.51.100.8'))).toContain(provider.issuer);
  });
});

describe('single sign-on: who gets in, with which role', () => {
  it('respects the sign-up policy for a first sign-in, and lets an existing account in whatever it says', async () => {
    const admin = await createUser({ role: 'admin' });
    await saveSignupSettings({ mode: 'closed', domains: [] }, admin.id);
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login?sso_error=closed');
    await saveSignupSettings({ mode: 'invitation', domains: [] }, admin.id);
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login?sso_error=invitation');
    await saveSignupSettings({ mode: 'open', domains: ['acme.example'] }, admin.id);
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login?sso_error=domain');
    expect(await userByEmail('ann@example.com')).toBeUndefined();
    await createUser({ email: 'ann@example.com', emailConfirmedAt: new Date() });
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login/sso');
  });

  it('an invitation link lets a first sign-in in with the invitation’s role, once, and only for its email', async () => {
    const { token, user: admin } = await createAdminWithToken();
    await saveSignupSettings({ mode: 'invitation', domains: [] }, admin.id);
    const invite = async (email: string | null, role: 'user' | 'admin') => {
      const created = await call(createInvitation, '/api/admin/invitations', {
        token,
        body: { email, role },
      });
      return new URL(String(created.body.link)).searchParams.get('invite') ?? '';
    };
    const forBob = await invite('bob@example.com', 'user');
    const mismatch = await signInThrough(provider, ANN, `invite=${forBob}`);
    expect(locationOf(mismatch.callback)).toBe('/login?sso_error=invite-mismatch');
    const open = await invite(null, 'admin');
    const joined = await signInThrough(provider, ANN, `invite=${open}`);
    expect(joined.session?.body).toMatchObject({ role: 'admin', user: { email: 'ann@example.com' } });
    const used = await signInThrough(
      provider,
      { ...ANN, sub: 'c', email: 'cy@example.com' },
      `invite=${open}`,
    );
    expect(locationOf(used.callback)).toBe('/login?sso_error=invite-invalid');
  });

  it('the first sign-in from the admin screen of a fresh install makes the first admin; later ones make members', async () => {
    const first = await signInThrough(provider, ANN, 'role=admin');
    expect(first.session?.body.role).toBe('admin');
    const second = await signInThrough(
      provider,
      { ...ANN, sub: 'b', email: 'bob@example.com' },
      'role=admin',
    );
    expect(locationOf(second.callback)).toBe('/login/sso');
    expect(second.session?.body.role).toBe('user');
  });

  it('OIDC_ADMIN_GROUPS decides the role at each sign-in, but never demotes the last admin or the break-glass admin', async () => {
    // The groups claim comes with its own scope at most providers (this one's too).
    const scopes = 'openid email profile groups';
    await oidcEnv({ OIDC_ADMIN_GROUPS: 'tasklane-admins, ops', OIDC_SCOPES: scopes });
    const ann = { ...ANN, groups: ['staff', 'ops'] };
    expect((await signInThrough(provider, ann)).session?.body.role).toBe('admin');
    // Ann is the only admin: leaving the group does not leave the install without one.
    expect((await signInThrough(provider, { ...ann, groups: ['staff'] })).session?.body.role).toBe('admin');
    const bob = { sub: 'b', email: 'bob@example.com', emailVerified: true, groups: 'tasklane-admins' };
    expect((await signInThrough(provider, bob)).session?.body.role).toBe('admin');
    expect((await signInThrough(provider, { ...ann, groups: [] })).session?.body.role).toBe('user');
    expect((await userByEmail('ann@example.com'))?.role).toBe('user');
    // The break-glass admin keeps the role whatever the groups say.
    await oidcEnv({
      OIDC_ADMIN_GROUPS: 'ops',
      OIDC_BREAK_GLASS_EMAIL: 'bob@example.com',
      OIDC_SCOPES: scopes,
    });
    expect((await signInThrough(provider, { ...bob, groups: [] })).session?.body.role).toBe('admin');
    // Without OIDC_ADMIN_GROUPS, groups change nothing.
    await oidcEnv({ OIDC_SCOPES: scopes });
    expect((await signInThrough(provider, { ...ann, groups: ['ops'] })).session?.body.role).toBe('user');
  });
});

describe('OIDC_ONLY: passwords off but for the break-glass admin', () => {
  it('refuses password login and sign-up for everyone else, with the same answer whether the account exists', async () => {
    await createUser({ email: 'ann@example.com' });
    await createUser({ email: 'root@example.com', role: 'admin' });
    await oidcEnv({ OIDC_ONLY: 'on', OIDC_BREAK_GLASS_EMAIL: 'Root@Example.com' });
    const refused = {
      message: 'Password login is turned off. Use Sign in with Acme SSO instead.',
      code: 'PASSWORD_LOGIN_OFF',
    };
    for (const email of ['ann@example.com', 'nobody@example.com']) {
      const answer = await call(loginRoute, '/api/auth/login', {
        body: { email, password: DEFAULT_PASSWORD },
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(refused);
    }
    const root = await call(loginRoute, '/api/auth/login', {
      body: { email: 'root@example.com', password: DEFAULT_PASSWORD },
    });
    expect(root.status).toBe(200);
    const signup = await call(registerRoute, '/api/auth/register', {
      body: { fullName: 'New Person', email: 'new@example.com', password: DEFAULT_PASSWORD, role: 'user' },
    });
    expect(signup.status).toBe(403);
    expect(signup.body).toEqual({
      message: 'Sign-up with a password is turned off. Use Sign in with Acme SSO instead.',
      code: 'PASSWORD_LOGIN_OFF',
    });
    // The provider still lets people in.
    expect((await signInThrough(provider, ANN)).session?.status).toBe(200);
  });
});

describe('single sign-on and two-factor sign-in', () => {
  it('an account with two-factor on signs in through the provider without a code; its password login asks for one', async () => {
    const { user, token } = await createUserWithToken({
      email: 'tia@example.com',
      fullName: 'Tia Twofactor',
      emailConfirmedAt: new Date(),
    });
    const setup = await call<{ secret: string }>(setUpTwoFactor, '/api/auth/two-factor/setup', {
      token,
      method: 'POST',
    });
    expect(setup.status).toBe(200);
    const enable = await call(enableTwoFactor, '/api/auth/two-factor/enable', {
      token,
      method: 'POST',
      body: { code: totpCode(setup.body.secret, Date.now()) },
    });
    expect(enable.status).toBe(200);
    const password = await call<{ token?: string; twoFactorRequired?: boolean }>(
      loginRoute,
      '/api/auth/login',
      {
        body: { email: 'tia@example.com', password: DEFAULT_PASSWORD },
      },
    );
    expect(password.body.twoFactorRequired).toBe(true);
    expect(password.body.token).toBeUndefined();
    // The provider's own second factor is the one that counts (docs/product.md#two-factor-sign-in).
    const { session } = await signInThrough(provider, {
      sub: 'tia-1',
      email: 'tia@example.com',
      emailVerified: true,
      name: 'Tia Twofactor',
    });
    expect(session?.status).toBe(200);
    expect((await authenticateToken(String(session?.body.token))).id).toBe(user.id);
  });
});

describe('single sign-on: who owns an address (issue 34 §1)', () => {
  it('the pre-hijack: an account signed up under someone else’s email is not linked to the owner’s identity', async () => {
    // Someone signs up with Ann's address and a password of their own.
    const signup = await call(registerRoute, '/api/auth/register', {
      body: { fullName: 'Not Ann', email: 'ann@example.com', password: 'attacker-password', role: 'user' },
    });
    expect(signup.status).toBe(201);
    const squatter = await userByEmail('ann@example.com');
    const { callback, session } = await signInThrough(provider, ANN);
    expect(locationOf(callback)).toBe('/login?sso_error=unconfirmed');
    expect(session).toBeNull();
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.userIdentities)).toEqual([]);
    expect((await userByEmail('ann@example.com'))?.id).toBe(squatter?.id);
  });

  it('linking a proved account ends its other sessions, and binds the provider’s issuer and subject', async () => {
    const existing = await createUser({ email: 'ann@example.com', emailConfirmedAt: new Date() });
    const before = await call<{ token: string }>(loginRoute, '/api/auth/login', {
      body: { email: 'ann@example.com', password: DEFAULT_PASSWORD },
    });
    const { session } = await signInThrough(provider, ANN);
    expect((await authenticateToken(String(session?.body.token))).id).toBe(existing.id);
    await expect(authenticateToken(before.body.token)).rejects.toThrow('Your session is invalid');
    const { db, tables } = await getDatabase();
    const identities = await db.select().from(tables.userIdentities);
    expect(identities).toMatchObject([{ userId: existing.id, issuer: provider.issuer, subject: 'ann-1' }]);
    // A later sign-in finds the account by its subject and ends nothing.
    const again = await signInThrough(provider, ANN);
    await expect(authenticateToken(String(session?.body.token))).resolves.toMatchObject({ id: existing.id });
    expect((await authenticateToken(String(again.session?.body.token))).id).toBe(existing.id);
  });

  it('a first sign-in’s account has a proved address and is bound to the subject', async () => {
    const { session } = await signInThrough(provider, ANN);
    const user = await authenticateToken(String(session?.body.token));
    const row = await userByEmail('ann@example.com');
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.userIdentities)).toMatchObject([
      { userId: user.id, issuer: provider.issuer, subject: 'ann-1' },
    ]);
  });

  it('an email change at the provider does not move the person to another account', async () => {
    const first = await signInThrough(provider, ANN);
    const ann = await authenticateToken(String(first.session?.body.token));
    const bob = await createUser({ email: 'bob@example.com', emailConfirmedAt: new Date() });
    // The provider now gives Ann's subject Bob's address (renamed, or reassigned there).
    const moved = await signInThrough(provider, { ...ANN, email: 'bob@example.com' });
    const user = await authenticateToken(String(moved.session?.body.token));
    expect(user.id).toBe(ann.id);
    expect(user.id).not.toBe(bob.id);
    expect(user.email).toBe('ann@example.com');
  });

  it('another identity with the same email does not get a bound account', async () => {
    const first = await signInThrough(provider, ANN);
    const ann = await authenticateToken(String(first.session?.body.token));
    const other = await signInThrough(provider, { ...ANN, sub: 'someone-else' });
    expect(locationOf(other.callback)).toBe('/login?sso_error=linked-elsewhere');
    expect(other.session).toBeNull();
    // Ann still gets in.
    const again = await signInThrough(provider, ANN);
    expect((await authenticateToken(String(again.session?.body.token))).id).toBe(ann.id);
  });

  it('a password reset through the mailed link proves the address; then the provider links', async () => {
    await createUser({ email: 'ann@example.com' });
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login?sso_error=unconfirmed');
    const { db, tables } = await getDatabase();
    const row = await userByEmail('ann@example.com');
    const link = await createResetLink({ db, tables }, row!.id);
    const reset = await call(resetPasswordRoute, '/api/reset-password', {
      body: { token: new URL(link).searchParams.get('token'), password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    expect((await userByEmail('ann@example.com'))?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(locationOf((await signInThrough(provider, ANN)).callback)).toBe('/login/sso');
  });

  it('with OIDC_ONLY=on an unproved account is linked (passwords are off), and its old password replaced', async () => {
    const existing = await createUser({ email: 'ann@example.com' });
    await createUser({ email: 'root@example.com', role: 'admin', emailConfirmedAt: new Date() });
    await oidcEnv({ OIDC_ONLY: 'on', OIDC_BREAK_GLASS_EMAIL: 'root@example.com' });
    const { session } = await signInThrough(provider, ANN);
    expect((await authenticateToken(String(session?.body.token))).id).toBe(existing.id);
    const row = await userByEmail('ann@example.com');
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
    // Back to passwords on: whoever set the old password cannot use it.
    await oidcEnv();
    const old = await call(loginRoute, '/api/auth/login', {
      body: { email: 'ann@example.com', password: DEFAULT_PASSWORD },
    });
    expect(old.status).toBe(401);
  });
});
