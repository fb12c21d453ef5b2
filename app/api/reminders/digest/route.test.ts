import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { PUT as putReminders } from '../settings/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/reminders/digest';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

type Body = { digest?: boolean; sending?: boolean; message?: string; code?: string };

const read = (token?: string) => call<Body>(GET, PATH, { token });
const write = (token: string | undefined, body: unknown) =>
  call<Body>(PUT, PATH, { token, method: 'PUT', body });

describe('GET/PUT /api/reminders/digest', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createUserWithToken();
      return [await read(undefined), await read(token), await write(token, { digest: false })];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await read(token)).status).toBe(401);
      expect((await write(token, { digest: false })).status).toBe(401);
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, PATH, 'GET, PUT', { token });
  });

  it('starts on, keeps each user’s choice, and says whether this server sends it', async () => {
    const mira = await createUserWithToken();
    const adam = await createAdminWithToken();
    expect((await read(mira.token)).body).toEqual({ digest: true, sending: false });

    const off = await write(mira.token, { digest: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      message: 'You will not get emails of what you miss.',
      digest: false,
      sending: false,
    });
    expect((await read(mira.token)).body).toEqual({ digest: false, sending: false });
    expect((await read(adam.token)).body).toEqual({ digest: true, sending: false });

    await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const on = await write(mira.token, { digest: true });
      expect(on.body).toEqual({
        message: 'You will get an email of what you miss.',
        digest: true,
        sending: true,
      });
      expect((await read(mira.token)).body).toEqual({ digest: true, sending: true });
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });

  it('a morning email save (the older shape, without the digest) leaves the digest as it was', async () => {
    const { token } = await createUserWithToken();
    await write(token, { digest: false });
    const saved = await call(putReminders, '/api/reminders/settings', {
      token,
      method: 'PUT',
      body: { email: true, time: '07:00', timeZone: 'UTC' },
    });
    expect(saved.status).toBe(200);
    expect((await read(token)).body.digest).toBe(false);
    await write(token, { digest: true });
    await call(putReminders, '/api/reminders/settings', {
      token,
      method: 'PUT',
      body: { email: false, time: '07:00', timeZone: 'UTC' },
    });
    expect((await read(token)).body.digest).toBe(true);
  });

  it('refuses anything but a boolean, and changes nothing', async () => {
    const { token } = await createUserWithToken();
    for (const body of [{}, { digest: 'no' }, { digest: null }, { digest: 0 }]) {
      const res = await write(token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'digest must be true or false.', code: 'VALIDATION_ERROR' });
    }
    expect((await read(token)).body.digest).toBe(true);
  });
});
