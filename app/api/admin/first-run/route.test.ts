import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUT as saveSignupSettings } from '@/app/api/admin/signup-settings/route';
import { POST as createInvitation } from '@/app/api/admin/invitations/route';
import { POST as sendTestMail } from '@/app/api/admin/test-mail/route';
import { POST as createLabel } from '@/app/api/labels/route';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUser, createUserWithToken } from '@/tests/helpers/factories';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@/tests/helpers/smtp-sink';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/admin/first-run';
const NOTHING_DONE = { invite: false, signup: false, testMail: false, labels: false };
const received: ReceivedMail[] = [];
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink({ mails: received });
});

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: sink.url });
});

afterAll(async () => {
  await sink.close();
  await applyTestEnv({ SMTP_URL: undefined });
});

type Steps = Record<'invite' | 'signup' | 'testMail' | 'labels', boolean>;

async function state(token: string) {
  const res = await call<{ steps: Steps; dismissed: boolean }>(GET, PATH, { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/admin/first-run', () => {
  it('answers 401 without a token, 403 for a member, 405 for other methods', async () => {
    expect((await call(GET, PATH, {})).status).toBe(401);
    const { token: member } = await createUserWithToken();
    const refused = await call(PUT, PATH, { token: member, method: 'PUT', body: { dismissed: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, PATH, 'GET, PUT', { token });
    // The member's refused dismissal changed nothing.
    expect((await state(token)).dismissed).toBe(false);
  });

  it('has nothing done on a fresh install, then ticks each step as the server sees it done', async () => {
    const { token } = await createAdminWithToken();
    expect(await state(token)).toEqual({ steps: NOTHING_DONE, dismissed: false });

    expect((await call(createInvitation, '/api/admin/invitations', { token, body: {} })).status).toBe(201);
    expect((await state(token)).steps).toEqual({ ...NOTHING_DONE, invite: true });

    const saved = await call(saveSignupSettings, '/api/admin/signup-settings', {
      token,
      method: 'PUT',
      body: { mode: 'invitation', domains: [] },
    });
    expect(saved.status).toBe(200);
    expect((await state(token)).steps).toMatchObject({ invite: true, signup: true, testMail: false });

    const mail = await call(sendTestMail, '/api/admin/test-mail', { token, body: {} });
    expect(mail.body.delivered).toBe('smtp');
    expect((await state(token)).steps).toMatchObject({ testMail: true, labels: false });

    expect(
      (await call(createLabel, '/api/labels', { token, body: { name: 'Urgent', color: 'red' } })).status,
    ).toBe(201);
    expect(await state(token)).toEqual({
      steps: { invite: true, signup: true, testMail: true, labels: true },
      dismissed: false,
    });
  });

  it('counts the team as invited when someone besides the first admin has an account', async () => {
    const { token } = await createAdminWithToken();
    await createUser();
    expect((await state(token)).steps.invite).toBe(true);
  });

  it('does not tick the test email when it only went to the outbox (no SMTP_URL), nor when refused', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: undefined });
    const { token } = await createAdminWithToken();
    const outbox = await call(sendTestMail, '/api/admin/test-mail', { token, body: {} });
    expect(outbox.body.delivered).toBe('outbox');
    expect((await state(token)).steps.testMail).toBe(false);
    await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: sink.url });
    sink.refuseNext();
    const refused = await call(sendTestMail, '/api/admin/test-mail', { token, body: {} });
    expect(refused.status).toBe(502);
    expect((await state(token)).steps.testMail).toBe(false);
  });
});

describe('PUT /api/admin/first-run', () => {
  it('dismisses the checklist for every admin, and brings it back', async () => {
    const first = await createAdminWithToken();
    const second = await createAdminWithToken();
    const res = await call(PUT, PATH, { token: first.token, method: 'PUT', body: { dismissed: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ steps: expect.any(Object), dismissed: true, message: 'Checklist dismissed.' });
    expect((await state(second.token)).dismissed).toBe(true);
    // Twice is the same as once.
    expect(
      (await call(PUT, PATH, { token: second.token, method: 'PUT', body: { dismissed: true } })).status,
    ).toBe(200);
    const back = await call(PUT, PATH, { token: second.token, method: 'PUT', body: { dismissed: false } });
    expect(back.body).toMatchObject({ dismissed: false, message: 'Checklist shown again.' });
    expect((await state(first.token)).dismissed).toBe(false);
  });

  it('refuses a body without a boolean', async () => {
    const { token } = await createAdminWithToken();
    for (const body of [{}, { dismissed: 'yes' }]) {
      const res = await call(PUT, PATH, { token, method: 'PUT', body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Dismissed must be true or false.');
    }
  });
});
