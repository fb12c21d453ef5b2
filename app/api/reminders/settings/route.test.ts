import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/reminders/settings';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

type Body = { email?: boolean; time?: string; timeZone?: string | null; message?: string; code?: string };

const read = (token?: string) => call<Body>(GET, PATH, { token });
const write = (token: string | undefined, body: unknown) =>
  call<Body>(PUT, PATH, { token, method: 'PUT', body });

describe('GET/PUT /api/reminders/settings', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createUserWithToken();
      return [await read(undefined), await read(token), await write(token, {})];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      expect((await read(token)).status).toBe(401);
      expect((await write(token, { email: true, time: '08:00', timeZone: 'UTC' })).status).toBe(401);
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PATCH, DELETE }, PATH, 'GET, PUT', { token });
  });

  it('starts with email off at 08:00 and no zone, then keeps what each user saves', async () => {
    const mira = await createUserWithToken();
    const adam = await createAdminWithToken();
    expect((await read(mira.token)).body).toEqual({ email: false, time: '08:00', timeZone: null });

    const saved = await write(mira.token, { email: true, time: '07:45', timeZone: 'Europe/Paris' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Email reminders saved.',
      email: true,
      time: '07:45',
      timeZone: 'Europe/Paris',
    });
    expect((await read(mira.token)).body).toEqual({ email: true, time: '07:45', timeZone: 'Europe/Paris' });

    // A second save replaces the first; another user's settings are their own.
    await write(mira.token, { email: false, time: '21:00', timeZone: 'America/New_York' });
    expect((await read(mira.token)).body).toEqual({
      email: false,
      time: '21:00',
      timeZone: 'America/New_York',
    });
    expect((await read(adam.token)).body).toEqual({ email: false, time: '08:00', timeZone: null });
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { token } = await createUserWithToken();
    await write(token, { email: true, time: '08:00', timeZone: 'UTC' });
    const cases: [unknown, string][] = [
      [{ email: 'yes', time: '08:00', timeZone: 'UTC' }, 'email must be true or false.'],
      [{ email: true, time: '8:00', timeZone: 'UTC' }, 'Choose a time as HH:MM, from 00:00 to 23:59.'],
      [{ email: true, time: '24:00', timeZone: 'UTC' }, 'Choose a time as HH:MM, from 00:00 to 23:59.'],
      [{ email: true, timeZone: 'UTC' }, 'Choose a time as HH:MM, from 00:00 to 23:59.'],
      [
        { email: true, time: '08:00', timeZone: 'Mars/Olympus' },
        'Choose a valid time zone, such as Europe/Paris.',
      ],
      [{ email: true, time: '08:00', timeZone: 42 }, 'Choose a valid time zone, such as Europe/Paris.'],
      [{ email: true, time: '08:00' }, 'Choose a valid time zone, such as Europe/Paris.'],
    ];
    for (const [body, message] of cases) {
      const res = await write(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toBe(message);
    }
    const raw = await call<Body>(PUT, PATH, { token, method: 'PUT', rawBody: '{not json' });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({ message: 'Request body must be valid JSON.', code: 'INVALID_JSON' });
    expect(raw.text).not.toContain('at ');
    expect((await read(token)).body).toEqual({ email: true, time: '08:00', timeZone: 'UTC' });
  });

  it('counts on the sync rate limit, per user', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const { token } = await createUserWithToken();
      expect((await read(token)).status).toBe(200);
      expect((await write(token, { email: true, time: '08:00', timeZone: 'UTC' })).status).toBe(200);
      const limited = await read(token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      const other = await createUserWithToken();
      expect((await read(other.token)).status).toBe(200);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});
