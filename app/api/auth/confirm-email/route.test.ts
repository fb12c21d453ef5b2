import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvitation } from '@/app/api/admin/invitations/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as registerRoute } from '@/app/api/auth/register/route';
import { PUT as updateUser } from '@/app/admin/users/[email]/route';
import { getDatabase } from '@/server/db';
import { flushBackgroundMail, getOutboxFile } from '@/server/mailer';
import { saveSignupSettings } from '@/features/accounts/server/signup-service';
import { call } from '@/tests/helpers/api';
import { outboxText } from '@/tests/helpers/outbox';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import {
  createAdminWithToken,
  createUser,
  createUserWithToken,
  DEFAULT_PASSWORD,
} from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { POST as resendRoute } from './resend/route';
import { DELETE, GET, POST } from './route';

const LINK_PATTERN = /http:\/\/tasklane\.test\/confirm-email\?token=([A-Za-z0-9_-]+)/g;

async function readOutbox(): Promise<string> {
  await flushBackgroundMail();
  return outboxText();
}

/** Every confirmation token mailed so far, oldest first. */
async function mailedTokens(): Promise<string[]> {
  return [...(await readOutbox()).matchAll(LINK_PATTERN)].map((match) => match[1] ?? '');
}

async function userByEmail(email: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email)).limit(1);
  return row;
}

const SIGNUP = {
  fullName: 'Cara Corp',
  email: 'cara@corp.example',
  password: DEFAULT_PASSWORD,
  role: 'user',
};
const register = (body: Record<string, unknown> = SIGNUP) =>
  call(registerRoute, '/api/auth/register', { body });
const login = (email = SIGNUP.email, password = DEFAULT_PASSWORD) =>
  call(loginRoute, '/api/auth/login', { body: { email, password } });
const confirm = (token: string) => call(POST, '/api/auth/confirm-email', { body: { token } });
const resend = (email: string, ip?: string) =>
  call(resendRoute, '/api/auth/confirm-email/resend', { body: { email }, ip });

const WAITING_LOGIN = {
  message:
    'Confirm your email address before logging in: open the link we sent to cara@corp.example. If it has expired or not arrived, send a new one.',
  code: 'EMAIL_NOT_CONFIRMED',
};

beforeEach(async () => {
  await applyTestEnv();
  await flushBackgroundMail();
  await rm(getOutboxFile(), { force: true });
});

describe('SIGNUP_DOMAINS proves the mailbox (issue 34 §1)', () => {
  it('a sign-up answers 202 without a token, mails a link, and cannot log in until the link is followed', async () => {
    await applyTestEnv({ SIGNUP_DOMAINS: 'corp.example' });
    const signup = await register();
    expect(signup.status).toBe(202);
    expect(signup.body).toEqual({
      message:
        'Check your email: we sent a link to cara@corp.example. Open it within 24 hours to confirm your address, then log in.',
    });
    expect(signup.body).not.toHaveProperty('token');
    const outbox = await readOutbox();
    expect(outbox).toContain('Subject: Confirm your email address for Tasklane');
    expect(outbox).toContain('To: cara@corp.example');
    const [token] = await mailedTokens();
    expect(token).toBeDefined();

    const early = await login();
    expect(early.status).toBe(403);
    expect(early.body).toEqual(WAITING_LOGIN);
    // A wrong password is told as always: the waiting account is not revealed.
    expect((await login(SIGNUP.email, 'wrong password')).status).toBe(401);

    const confirmed = await confirm(token!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Your email address is confirmed. You can now log in.' });
    expect((await userByEmail(SIGNUP.email))?.emailConfirmedAt).toBeInstanceOf(Date);
    const later = await login();
    expect(later.status).toBe(200);
    // The link works once.
    const again = await confirm(token!);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'This confirmation link is invalid, expired or already used. Log in to have a new one sent.',
      code: 'INVALID_CONFIRMATION_TOKEN',
    });
  });

  it('the domain list saved by an admin works the same way; an invitation skips the link', async () => {
    const { token: adminToken, user: admin } = await createAdminWithToken();
    await saveSignupSettings({ mode: 'open', domains: ['corp.example'] }, admin.id);
    expect((await register()).status).toBe(202);
    const created = await call(createInvitation, '/api/admin/invitations', {
      token: adminToken,
      body: { email: 'dan@elsewhere.example', role: 'user' },
    });
    const invite = new URL(String(created.body.link)).searchParams.get('invite');
    const invited = await register({ ...SIGNUP, email: 'dan@elsewhere.example', invite });
    expect(invited.status).toBe(201);
    expect(invited.body).toHaveProperty('token');
    // An invitation made for an address proves it.
    expect((await userByEmail('dan@elsewhere.example'))?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('the link expires', async () => {
    await applyTestEnv({ SIGNUP_DOMAINS: 'corp.example' });
    await register();
    const [token] = await mailedTokens();
    const { db, tables } = await getDatabase();
    await db.update(tables.emailConfirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await confirm(token!)).status).toBe(400);
    expect((await login()).status).toBe(403);
  });

  it('resend: a new link replaces the old, the same answer for anyone, and it is rate-limited', async () => {
    await applyTestEnv({ SIGNUP_DOMAINS: 'corp.example', RATE_LIMIT_CONFIRM_MAX: '2' });
    await register();
    const [first] = await mailedTokens();
    const SAME = {
      message:
        'If an account with this email still needs confirming, a new link has been sent to it. The link works for 24 hours.',
    };
    const sent = await resend(SIGNUP.email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual(SAME);
    const unknown = await resend('nobody@corp.example');
    expect(unknown.body).toEqual(SAME);
    const tokens = await mailedTokens();
    expect(tokens).toHaveLength(2);
    expect((await confirm(first!)).status).toBe(400);
    const limited = await resend(SIGNUP.email);
    expect(limited.status).toBe(200);
    const refused = await resend(SIGNUP.email);
    expect(refused.status).toBe(429);
    expect(String(refused.body.message)).toMatch(
      /^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
    );
    expect((await confirm(tokens[1]!)).status).toBe(400);
    const [, , last] = await mailedTokens();
    expect((await confirm(last!)).status).toBe(200);
    expect((await login()).status).toBe(200);
  });

  it('a link mailed before an admin changed the address proves nothing', async () => {
    const { token: adminToken } = await createAdminWithToken();
    await applyTestEnv({ SIGNUP_DOMAINS: 'corp.example' });
    await register();
    const [token] = await mailedTokens();
    const moved = await call(updateUser, '/admin/users/cara%40corp.example', {
      method: 'PUT',
      token: adminToken,
      params: { email: SIGNUP.email },
      body: { fullName: 'Cara', email: 'cara2@corp.example', role: 'user' },
    });
    expect(moved.status).toBe(200);
    expect((await confirm(token!)).status).toBe(400);
    expect((await userByEmail('cara2@corp.example'))?.emailConfirmedAt).toBeNull();
  });

  it('answers 405 to other methods', async () => {
    await expectMethodNotAllowed({ GET, DELETE }, '/api/auth/confirm-email', 'POST');
  });
});

describe('open sign-up without a domain list keeps the token at once (issue 34 §1)', () => {
  it('201 with a token; the address stays unproved until a link is followed', async () => {
    const signup = await register({ ...SIGNUP, email: 'olga@anywhere.example' });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ message: 'Account created successfully.', role: 'user' });
    expect(signup.body).toHaveProperty('token');
    expect(await mailedTokens()).toEqual([]);
    expect((await userByEmail('olga@anywhere.example'))?.emailConfirmedAt).toBeNull();
    expect((await login('olga@anywhere.example')).status).toBe(200);
    await resend('olga@anywhere.example');
    const [token] = await mailedTokens();
    expect((await confirm(token!)).status).toBe(200);
    expect((await userByEmail('olga@anywhere.example'))?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('accounts from before the upgrade (unproved) log in as before; a proved one gets no link', async () => {
    await createUser({ email: 'old@example.com' });
    expect((await login('old@example.com')).status).toBe(200);
    const { user } = await createUserWithToken({ email: 'sure@example.com', emailConfirmedAt: new Date() });
    await resend(user.email);
    expect(await mailedTokens()).toEqual([]);
  });
});
