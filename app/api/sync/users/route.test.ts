import { beforeAll, describe, expect, it } from 'vitest';
import { compareNames } from '@/features/tasks/model/assignees';
import type { SyncUsersResponse } from '@/features/accounts/model/team-users';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { pull } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const PATH = '/api/sync/users';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function users(token: string | undefined) {
  return call<SyncUsersResponse & { code?: string; message?: string }>(GET, PATH, { token });
}

describe('GET /api/sync/users', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, before looking at the token', async () => {
    await expectSyncDisabled(async () => [await users(undefined), await users('not-a-token')]);
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await users(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, PATH, 'GET', { token });
  });

  it('gives members and admins every user’s id and name, sorted by name, and nothing else', async () => {
    const zoe = await createUserWithToken({ fullName: 'zoe Lowercase' });
    const admin = await createAdminWithToken({ fullName: 'Adam Admin' });
    const twinA = await createUserWithToken({ fullName: 'Émile Twin' });
    const twinB = await createUserWithToken({ fullName: 'Émile Twin' });
    for (const token of [zoe.token, admin.token]) {
      const res = await users(token);
      expect(res.status).toBe(200);
      const list = res.body.users;
      const twinIds = new Set([twinA.user.id, twinB.user.id]);
      for (const item of list) {
        if (!twinIds.has(item.id)) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
      }
      expect(list).toContainEqual({ id: zoe.user.id, name: 'zoe Lowercase' });
      expect(list).toContainEqual({ id: admin.user.id, name: 'Adam Admin' });
      // Two users with one name are both listed, with when they joined (features/tasks/model/assignees.ts).
      const twins = list.filter((item) => item.name === 'Émile Twin');
      expect(twins.map((item) => item.id).sort()).toEqual([...twinIds].sort());
      for (const twin of twins) expect(Object.keys(twin).sort()).toEqual(['id', 'joinedAt', 'name']);
      const names = list.map((item) => item.name);
      expect(names).toEqual([...names].sort(compareNames));
      expect(JSON.stringify(res.body)).not.toContain('@example.com');
    }
  });

  it('gives when they joined for a name made of lookalike letters, and for the person it imitates', async () => {
    const real = await createUserWithToken({ fullName: 'Lookalike Real' });
    // Cyrillic О, full-width k, a zero-width space: the same name to a reader.
    const copy = await createUserWithToken({ fullName: 'LООｋ\u200balike Real' });
    const res = await users(real.token);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.users.map((item) => [item.id, item]));
    for (const account of [real, copy]) {
      const item = byId.get(account.user.id);
      expect(item?.joinedAt).toBe(new Date(account.user.createdAt).toISOString());
    }
  });

  it('counts on the sync rate limit, per user', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on', RATE_LIMIT_SYNC_MAX: '2' });
    try {
      const { token } = await createUserWithToken();
      expect((await users(token)).status).toBe(200);
      expect((await pull(token)).status).toBe(200);
      const limited = await users(token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      const other = await createUserWithToken();
      expect((await users(other.token)).status).toBe(200);
    } finally {
      await applyTestEnv({ TEAM_SYNC: 'on' });
    }
  });
});
