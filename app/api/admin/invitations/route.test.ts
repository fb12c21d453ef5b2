import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/register/route';
import { GET as describeInvitation } from '@/app/api/invitations/[token]/route';
import { getDatabase } from '@/server/db';
import { hashLinkToken } from '@/server/link-token';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUser, createUserWithToken, loginAs } from '@/tests/helpers/factories';
import { parseMail, startSmtpSink, type ReceivedMail, type SmtpSink } from '@/tests/helpers/smtp-sink';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE as revoke, GET as revokeGet } from './[id]/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/admin/invitations';
const REGISTER = '/api/auth/register';
const PASSWORD = 'long enough pw';

const received: ReceivedMail[] = [];
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ mails: received });
});

afterAll(async () => {
  await sink.close();
});

afterEach(async () => {
  received.length = 0;
  await applyTestEnv();
});

interface Created {
  invitation: { id: string; email: string | null; role: string; createdAt: string; expiresAt: string };
  link: string;
  emailedTo: string | null;
  message: string;
}

async function invite(token: string, body: Record<string, unknown> = {}) {
  const res = await call<Created>(POST, PATH, { token, body });
  expect(res.status, res.text).toBe(201);
  const inviteToken = new URL(res.body.link).searchParams.get('invite');
  if (!inviteToken) throw new Error('no token in the link');
  return { ...res.body, token: inviteToken };
}

async function closeSignup() {
  await applyTestEnv({ SIGNUP_MODE: 'closed' });
}

function signup(invite: string | undefined, overrides: Record<string, unknown> = {}) {
  return call(register, REGISTER, {
    body: {
      fullName: 'Ivy Invitee',
      email: 'ivy@example.com',
      password: PASSWORD,
      role: 'user',
      invite,
      ...overrides,
    },
  });
}

describe('/api/admin/invitations: the admin guard', () => {
  it('answers 401 without a token and 403 for a user on list, create and revoke', async () => {
    const { token } = await createUserWithToken();
    for (const [options, status] of [
      [{}, 401],
      [{ token }, 403],
    ] as const) {
      expect((await call(GET, PATH, options)).status).toBe(status);
      expect((await call(POST, PATH, { ...options, body: { role: 'admin' } })).status).toBe(status);
      const del = await call(revoke, `${PATH}/x`, { ...options, method: 'DELETE', params: { id: 'x' } });
      expect(del.status).toBe(status);
    }
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.invitations)).toEqual([]);
  });

  it('answers 405 in the JSON shape for other methods', async () => {
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ PUT, PATCH, DELETE }, PATH, 'GET, POST', { token });
    await expectMethodNotAllowed({ GET: revokeGet }, `${PATH}/x`, 'DELETE', { token });
  });
});

describe('POST /api/admin/invitations', () => {
  it('creates a 7-day link to /signup with a token stored only as its hash', async () => {
    const { token, user } = await createAdminWithToken();
    const before = Date.now();
    const created = await invite(token, { email: ' Ivy@Example.com ', role: 'user' });
    expect(created).toMatchObject({
      invitation: { id: expect.any(String), email: 'ivy@example.com', role: 'user' },
      emailedTo: null,
      message: 'Invitation created.',
    });
    expect(created.link).toBe(`http://tasklane.test/signup?invite=${created.token}`);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(created.invitation.expiresAt) - Date.parse(created.invitation.createdAt);
    expect(expires).toBe(7 * 24 * 60 * 60 * 1000);
    expect(Date.parse(created.invitation.createdAt)).toBeGreaterThanOrEqual(before - 5);

    const { db, tables } = await getDatabase();
    const [row] = await db.select().from(tables.invitations);
    expect(row?.tokenHash).toBe(hashLinkToken(created.token));
    expect(row?.createdBy).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('creates one for anyone with the link when no email is given', async () => {
    const { token } = await createAdminWithToken();
    for (const body of [{ role: 'admin' }, { email: '', role: 'user' }, { email: null }]) {
      const created = await invite(token, body);
      expect(created.invitation.email).toBeNull();
    }
  });

  it('refuses a bad email or role, and an email that already has an account', async () => {
    const { token } = await createAdminWithToken();
    const badEmail = await call(POST, PATH, { token, body: { email: 'nope', role: 'user' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Enter a valid email address.');
    const badRole = await call(POST, PATH, { token, body: { role: 'owner' } });
    expect(badRole.status).toBe(400);
    const member = await createUser({ email: 'taken@example.com' });
    const taken = await call(POST, PATH, { token, body: { email: member.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'An account with this email already exists.',
      code: 'EMAIL_TAKEN',
    });
  });

  it('mails the link when SMTP_URL is set and says to whom', async () => {
    await applyTestEnv({ SMTP_URL: sink.url });
    const { token } = await createAdminWithToken({ fullName: 'Alice Admin', email: 'alice@example.com' });
    const created = await invite(token, { email: 'ivy@example.com', role: 'admin' });
    expect(created.emailedTo).toBe('ivy@example.com');
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['ivy@example.com']);
    const mail = parseMail(received[0]?.raw ?? '');
    // Who invited you, to what (the app's name and APP_URL), in which role, then the link.
    expect(mail.headers.get('subject')).toBe('Alice Admin invited you to Tasklane');
    expect(mail.text).toBe(
      [
        'Alice Admin (alice@example.com) invited you to join Tasklane at http://tasklane.test as an administrator.',
        '',
        'Open this link to create your account (it works once, for 7 days):',
        created.link,
        '',
        'If you did not expect this, ignore this email.',
      ].join('\n'),
    );
    // Without an email there is nobody to mail.
    expect((await invite(token, {})).emailedTo).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('tells a member who invites them and where, with APP_URL as configured', async () => {
    await applyTestEnv({ SMTP_URL: sink.url, APP_URL: 'https://tasks.example.org/team/' });
    const { token } = await createAdminWithToken({ fullName: 'Zoë Ødegaard', email: 'zoe@example.org' });
    const created = await invite(token, { email: 'max@example.org', role: 'user' });
    expect(created.emailedTo).toBe('max@example.org');
    const mail = parseMail(received.at(-1)?.raw ?? '');
    // (The subject is MIME-encoded here, being non-ASCII; the body is checked as the invitee reads it.)
    expect(mail.text.split('\n')[0]).toBe(
      'Zoë Ødegaard (zoe@example.org) invited you to join Tasklane at https://tasks.example.org/team as a member.',
    );
    expect(created.link).toMatch(/^https:\/\/tasks\.example\.org\/signup\?invite=/);
  });

  it('does not claim a mail was sent when the mail server refuses it', async () => {
    const refusing = await startSmtpSink({ mails: [], refuse: () => new Error('mailbox full') });
    try {
      await applyTestEnv({ SMTP_URL: refusing.url });
      const { token } = await createAdminWithToken();
      const created = await invite(token, { email: 'ivy@example.com' });
      expect(created.emailedTo).toBeNull();
      expect(created.link).toContain('/signup?invite=');
    } finally {
      await refusing.close();
    }
  });

  it('is rate-limited per admin', async () => {
    await applyTestEnv({ RATE_LIMIT_INVITE_MAX: '2' });
    const { token } = await createAdminWithToken();
    await invite(token);
    await invite(token);
    const third = await call(POST, PATH, { token, body: {} });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('GET /api/admin/invitations and DELETE /api/admin/invitations/{id}', () => {
  it('lists the open invitations only, and Revoke takes one off the list', async () => {
    const { token } = await createAdminWithToken();
    const first = await invite(token, { email: 'one@example.com' });
    const second = await invite(token, { role: 'admin' });
    const used = await invite(token);
    expect((await signup(used.token, { email: 'used@example.com' })).status).toBe(201);
    const expired = await invite(token);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tables.invitations.id, expired.invitation.id));

    const list = await call<unknown[]>(GET, PATH, { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([first.invitation, second.invitation]);

    const res = await call(revoke, `${PATH}/${first.invitation.id}`, {
      token,
      method: 'DELETE',
      params: { id: first.invitation.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Invitation revoked.' });
    expect((await call<unknown[]>(GET, PATH, { token })).body).toEqual([second.invitation]);

    // Again, or one already used: 404.
    for (const id of [first.invitation.id, used.invitation.id, 'no-such-id']) {
      const again = await call(revoke, `${PATH}/${id}`, { token, method: 'DELETE', params: { id } });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: 'This invitation is no longer open.', code: 'NOT_FOUND' });
    }
  });
});

describe('signing up with an invitation', () => {
  it('works in Closed mode and outside the domain list, with the invitation used up', async () => {
    await applyTestEnv({ SIGNUP_MODE: 'closed', SIGNUP_DOMAINS: 'corp.example' });
    const { token } = await createAdminWithToken();
    const created = await invite(token, { role: 'user' });
    const res = await signup(created.token, { email: 'ivy@gmail.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'user', user: { email: 'ivy@gmail.com', role: 'user' } });
    const { db, tables } = await getDatabase();
    const [row] = await db.select().from(tables.invitations);
    const [user] = await db.select().from(tables.users).where(eq(tables.users.email, 'ivy@gmail.com'));
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect(row?.usedBy).toBe(user?.id);
    // Logging in works like for any account.
    expect(await loginAs('ivy@gmail.com', PASSWORD)).toEqual(expect.any(String));
  });

  it('refuses the link a second time', async () => {
    const { token } = await createAdminWithToken();
    const created = await invite(token);
    expect((await signup(created.token)).status).toBe(201);
    const again = await signup(created.token, { email: 'other@example.com' });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({
      message: 'This invitation has already been used. Log in, or ask an administrator for a new invitation.',
      code: 'INVITATION_INVALID',
    });
  });

  it('refuses an expired, a revoked and an unknown link, each saying why', async () => {
    await closeSignup();
    const { token } = await createAdminWithToken();
    const expired = await invite(token);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.invitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(tables.invitations.id, expired.invitation.id));
    const revoked = await invite(token);
    await call(revoke, PATH, { token, method: 'DELETE', params: { id: revoked.invitation.id } });

    const cases = [
      [expired.token, 'This invitation has expired. Ask an administrator for a new invitation.'],
      [revoked.token, 'This invitation was revoked. Ask an administrator for a new invitation.'],
      [
        'x'.repeat(43),
        'This invitation link is not valid. Check that you copied the whole link, or ask an administrator for a new one.',
      ],
    ] as const;
    for (const [inviteToken, message] of cases) {
      const res = await signup(inviteToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message, code: 'INVITATION_INVALID' });
      const looked = await call(describeInvitation, `/api/invitations/${inviteToken}`, {
        params: { token: inviteToken },
      });
      expect(looked.status).toBe(403);
      expect(looked.body).toEqual({ message, code: 'INVITATION_INVALID' });
    }
    expect(await db.select().from(tables.users)).toHaveLength(1);
  });

  it('admits only the email it was made for', async () => {
    const { token } = await createAdminWithToken();
    const created = await invite(token, { email: 'ivy@example.com' });
    const wrong = await signup(created.token, { email: 'eve@example.com' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({
      message:
        'This invitation is for ivy@example.com. Sign up with that email, or ask an administrator for a new invitation.',
      code: 'INVITEE_MISMATCH',
    });
    expect((await signup(created.token, { email: 'IVY@example.com' })).status).toBe(201);
  });

  it('gives the invitation its role: an admin invitation makes a second admin, a user one a user', async () => {
    const { token } = await createAdminWithToken();
    const asAdmin = await invite(token, { role: 'admin' });
    const res = await signup(asAdmin.token, { email: 'second-admin@example.com', role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('admin');
    const asUser = await invite(token, { role: 'user' });
    const sneaky = await signup(asUser.token, { email: 'sneaky@example.com', role: 'admin' });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.role).toBe('user');
  });

  it('leaves the invitation open when the sign-up fails (email taken)', async () => {
    const { token } = await createAdminWithToken();
    const created = await invite(token);
    await createUser({ email: 'ivy@example.com' });
    const res = await signup(created.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect((await call<unknown[]>(GET, PATH, { token })).body).toHaveLength(1);
    expect((await signup(created.token, { email: 'ivy2@example.com' })).status).toBe(201);
  });

  it('lets one of two simultaneous sign-ups with one link win', async () => {
    await closeSignup();
    const { token } = await createAdminWithToken();
    const created = await invite(token);
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => signup(created.token, { email: `${name}@example.com` })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    for (const res of results.filter((result) => result.status === 403)) {
      expect(res.body.code).toBe('INVITATION_INVALID');
    }
    const { db, tables } = await getDatabase();
    expect(await db.select().from(tables.users)).toHaveLength(2);
  });

  it('refuses a body whose invite is not text', async () => {
    const res = await signup(42 as unknown as string);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invitation must be text.');
  });
});

describe('GET /api/invitations/{token}', () => {
  it('tells the sign-up screen the role and email, nothing more, without a token', async () => {
    const { token } = await createAdminWithToken();
    const bound = await invite(token, { email: 'ivy@example.com', role: 'admin' });
    const open = await invite(token, {});
    const res = await call(describeInvitation, '/api/invitations/x', { params: { token: bound.token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: 'admin', email: 'ivy@example.com' });
    const anyone = await call(describeInvitation, '/api/invitations/x', { params: { token: open.token } });
    expect(anyone.body).toEqual({ role: 'user', email: null });
  });
});
