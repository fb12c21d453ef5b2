import { afterEach, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/register/route';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUser, createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { POST as createInvitation } from '@/app/api/admin/invitations/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/admin/signup-settings';
const REGISTER = '/api/auth/register';

let sequence = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    fullName: 'Nia Newcomer',
    email: `nia${sequence}@example.com`,
    password: 'long enough pw',
    role: 'user',
    ...overrides,
  };
}

afterEach(async () => {
  await applyTestEnv();
});

describe('GET/PUT /api/admin/signup-settings: the admin guard', () => {
  it('answers 401 without a token and 403 for a user, like the other admin endpoints', async () => {
    const { token } = await createUserWithToken();
    for (const [options, status, code] of [
      [{}, 401, 'UNAUTHORIZED'],
      [{ token }, 403, 'FORBIDDEN'],
    ] as const) {
      const get = await call(GET, PATH, options);
      expect(get.status).toBe(status);
      expect(get.body.code).toBe(code);
      const put = await call(PUT, PATH, { ...options, method: 'PUT', body: { mode: 'closed', domains: [] } });
      expect(put.status).toBe(status);
      expect(put.body.code).toBe(code);
    }
    // Nothing was saved by the refused PUTs: sign-up is still open.
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(201);
  });

  it('answers 405 in the JSON shape for other methods', async () => {
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, PATH, 'GET, PUT', { token });
  });
});

describe('GET /api/admin/signup-settings', () => {
  it('is Open with no domains by default, taken from the environment', async () => {
    const { token } = await createAdminWithToken();
    const res = await call(GET, PATH, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'open', domains: [], source: 'environment', updatedAt: null });
  });

  it('shows the SIGNUP_MODE and SIGNUP_DOMAINS presets until an admin saves', async () => {
    await applyTestEnv({ SIGNUP_MODE: 'invitation', SIGNUP_DOMAINS: 'Example.com, example.org example.com' });
    const { token } = await createAdminWithToken();
    const res = await call(GET, PATH, { token });
    expect(res.body).toEqual({
      mode: 'invitation',
      domains: ['example.com', 'example.org'],
      source: 'environment',
      updatedAt: null,
    });
  });
});

describe('PUT /api/admin/signup-settings', () => {
  it('saves the mode and the lower-cased domains, which then win over the environment', async () => {
    await applyTestEnv({ SIGNUP_MODE: 'closed' });
    const { token } = await createAdminWithToken();
    const res = await call(PUT, PATH, {
      token,
      method: 'PUT',
      body: { mode: 'open', domains: [' Example.COM ', 'example.com', 'corp.example.org'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'open',
      domains: ['example.com', 'corp.example.org'],
      source: 'saved',
      updatedAt: expect.any(String),
      message: 'Sign-up settings saved.',
    });
    // The environment still says closed; the saved Open decides (with domains: the link first, ADR 0042).
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(202);
    const again = await call(GET, PATH, { token });
    expect(again.body).toMatchObject({ mode: 'open', source: 'saved' });
  });

  it('refuses an unknown mode and a domain that is not a domain name, saving nothing', async () => {
    const { token } = await createAdminWithToken();
    const badMode = await call(PUT, PATH, { token, method: 'PUT', body: { mode: 'invite', domains: [] } });
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe('Mode must be "open", "invitation" or "closed".');
    const badDomain = await call(PUT, PATH, {
      token,
      method: 'PUT',
      body: { mode: 'open', domains: ['example.com', 'not a domain'] },
    });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.message).toBe('"not a domain" is not a domain name such as example.com.');
    const missing = await call(PUT, PATH, { token, method: 'PUT', body: { mode: 'open' } });
    expect(missing.status).toBe(400);
    expect((await call(GET, PATH, { token })).body).toMatchObject({ source: 'environment' });
  });
});

describe('POST /api/auth/register under each sign-up mode', () => {
  async function save(mode: string, domains: string[] = []) {
    const { token } = await createAdminWithToken();
    const res = await call(PUT, PATH, { token, method: 'PUT', body: { mode, domains } });
    expect(res.status).toBe(200);
  }

  it('Closed: 403 with what to do, and no account is made', async () => {
    await save('closed');
    const body = signupBody();
    const res = await call(register, REGISTER, { body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Sign-up is closed on this server. Ask an administrator for an invitation.',
      code: 'SIGNUP_CLOSED',
    });
  });

  it('Invitation only: 403 asking for an invitation link', async () => {
    await save('invitation');
    const res = await call(register, REGISTER, { body: signupBody() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Sign-up needs an invitation. Ask an administrator for an invitation link.',
      code: 'INVITATION_REQUIRED',
    });
  });

  it('does not tell a refused sign-up whether the email has an account', async () => {
    await save('closed');
    const existing = await createUser();
    const res = await call(register, REGISTER, { body: signupBody({ email: existing.email }) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SIGNUP_CLOSED');
  });

  it('Open with domains: an address at a listed domain gets in, others are told which domains', async () => {
    await save('open', ['example.com', 'example.org']);
    // In, once the mailed link is followed (ADR 0042).
    expect((await call(register, REGISTER, { body: signupBody({ email: 'ok@EXAMPLE.org' }) })).status).toBe(
      202,
    );
    const outside = await call(register, REGISTER, { body: signupBody({ email: 'x@gmail.com' }) });
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({
      message:
        'Sign-up is limited to addresses at example.com or example.org. Use your work email or ask an administrator for an invitation.',
      code: 'DOMAIN_NOT_ALLOWED',
    });
    // Exact match: a subdomain is a different domain.
    const sub = await call(register, REGISTER, { body: signupBody({ email: 'x@mail.example.com' }) });
    expect(sub.status).toBe(403);
  });

  it('SIGNUP_MODE=closed applies with nothing saved', async () => {
    await applyTestEnv({ SIGNUP_MODE: 'closed' });
    await createUser({ role: 'admin' });
    const res = await call(register, REGISTER, { body: signupBody() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SIGNUP_CLOSED');
  });

  it('SIGNUP_DOMAINS applies with nothing saved', async () => {
    await applyTestEnv({ SIGNUP_DOMAINS: 'example.net' });
    expect((await call(register, REGISTER, { body: signupBody({ email: 'a@example.net' }) })).status).toBe(
      202,
    );
    const res = await call(register, REGISTER, { body: signupBody({ email: 'a@example.com' }) });
    expect(res.body.code).toBe('DOMAIN_NOT_ALLOWED');
  });

  it('lets the first admin of a fresh install sign up in Closed mode, and nobody after', async () => {
    await applyTestEnv({ SIGNUP_MODE: 'closed', SIGNUP_DOMAINS: 'example.org' });
    const first = await call(register, REGISTER, {
      body: signupBody({ role: 'admin', email: 'boss@else.com' }),
    });
    expect(first.status).toBe(201);
    expect(first.body.role).toBe('admin');
    const second = await call(register, REGISTER, { body: signupBody({ role: 'admin' }) });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('SIGNUP_CLOSED');
    const user = await call(register, REGISTER, { body: signupBody({ role: 'user' }) });
    expect(user.body.code).toBe('SIGNUP_CLOSED');
  });

  it('Open without domains keeps the spec: a second admin sign-up is refused as before', async () => {
    await save('open');
    const res = await call(register, REGISTER, { body: signupBody({ role: 'admin' }) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Admin sign-up is closed. Ask an administrator to grant you the admin role.',
      code: 'ADMIN_SIGNUP_CLOSED',
    });
  });
});

describe('the sign-up default with team sync on and SIGNUP_MODE unset (ADR 0041)', () => {
  it('is open until the first admin exists, then invitation only: 403 with a message', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
    // Before any admin: anyone may sign up, the first admin included.
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(201);
    const first = await call<{ token: string }>(register, REGISTER, { body: signupBody({ role: 'admin' }) });
    expect(first.status).toBe(201);
    // After: a stranger without an invitation is refused, whatever role they ask for.
    for (const role of ['user', 'admin']) {
      const refused = await call(register, REGISTER, { body: signupBody({ role }) });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: 'Sign-up needs an invitation. Ask an administrator for an invitation link.',
        code: 'INVITATION_REQUIRED',
      });
    }
    // Admin Settings is told why: the team default, invitation only.
    const settings = await call(GET, PATH, { token: first.body.token });
    expect(settings.body).toEqual({
      mode: 'invitation',
      domains: [],
      source: 'team-default',
      updatedAt: null,
    });
  });

  it('keeps an invitation working', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
    const { token } = await createAdminWithToken();
    const created = await call<{ link: string }>(createInvitation, '/api/admin/invitations', {
      token,
      body: { role: 'user' },
    });
    expect(created.status).toBe(201);
    const invite = new URL(created.body.link).searchParams.get('invite');
    const joined = await call(register, REGISTER, { body: signupBody({ invite }) });
    expect(joined.status).toBe(201);
    expect(joined.body.role).toBe('user');
  });

  it('SIGNUP_MODE=open keeps sign-up open, and the environment is named as the source', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SIGNUP_MODE: 'open' });
    const { token } = await createAdminWithToken();
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(201);
    expect((await call(GET, PATH, { token })).body).toMatchObject({ mode: 'open', source: 'environment' });
  });

  it("keeps an admin's saved choice: Open saved stays open", async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
    const { token } = await createAdminWithToken();
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(403);
    const saved = await call(PUT, PATH, { token, method: 'PUT', body: { mode: 'open', domains: [] } });
    expect(saved.body).toMatchObject({ mode: 'open', source: 'saved' });
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(201);
  });

  it('without team sync the original open sign-up holds, admins or not', async () => {
    await createAdminWithToken();
    expect((await call(register, REGISTER, { body: signupBody() })).status).toBe(201);
  });
});
