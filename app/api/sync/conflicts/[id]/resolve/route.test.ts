import { beforeAll, describe, expect, it } from 'vitest';
import type { ConflictsResponse, ResolveConflictResponse } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET as listRoute } from '../../route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function resolve(token: string | undefined, id: string) {
  return call<ResolveConflictResponse & { message?: string; code?: string }>(
    POST,
    `/api/sync/conflicts/${id}/resolve`,
    { token, params: { id } },
  );
}

function list(token: string, query = '') {
  return call<ConflictsResponse>(listRoute, `/api/sync/conflicts${query}`, { token });
}

/** Alice's and Bob's concurrent titles for a task assigned to Bob: Alice's value lost. */
async function conflictOnSharedTask(uid: string) {
  const alice = await createUserWithToken({ fullName: `Alice ${uid}` });
  const bob = await createUserWithToken({ fullName: `Bob ${uid}` });
  await push(alice.token, 'laptop', [upsertOp('a1', uid, { title: 'Draft', ...assignTo(bob.user) })]);
  const base = Date.now();
  await push(bob.token, 'bobpc', [
    upsertOp('b1', uid, { title: 'Bob’s title' }, { hlc: stamp(base + 20, 'bobpc'), baseV: 1 }),
  ]);
  await push(alice.token, 'phone', [
    upsertOp('a2', uid, { title: 'Alice’s title' }, { hlc: stamp(base + 10, 'phone'), baseV: 1 }),
  ]);
  const [record] = (await list(alice.token, `?uid=${uid}`)).body.conflicts;
  return { alice, bob, id: record!.id };
}

describe('POST /api/sync/conflicts/{id}/resolve', () => {
  it('answers 401 without a token, 405 for other methods', async () => {
    expect((await resolve(undefined, 'x')).status).toBe(401);
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ GET, PUT, PATCH, DELETE }, '/api/sync/conflicts/x/resolve', 'POST', {
      token,
    });
  });

  it('settles a record for whoever sees it, once; the list then leaves it out unless all=1', async () => {
    const { alice, bob, id } = await conflictOnSharedTask('r1');
    const first = await resolve(bob.token, id);
    expect(first.status).toBe(200);
    expect(first.body.conflict).toMatchObject({
      id,
      value: 'Alice’s title',
      authorName: 'Alice r1',
      resolvedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolvedBy: bob.user.id,
    });
    // A second call (another device, a retry) changes nothing and answers the same.
    const again = await resolve(alice.token, id);
    expect(again.status).toBe(200);
    expect(again.body.conflict).toEqual(first.body.conflict);

    expect((await list(alice.token, '?uid=r1')).body.conflicts).toEqual([]);
    expect((await list(alice.token, '?uid=r1&all=1')).body.conflicts).toEqual([first.body.conflict]);
  });

  it('answers 404 for an unknown id and for a record the caller may not see; admins settle any', async () => {
    const { id } = await conflictOnSharedTask('r2');
    const carol = await createUserWithToken({ fullName: 'Carol r2' });
    const admin = await createAdminWithToken();
    for (const [token, target] of [
      [carol.token, id],
      [admin.token, 'no-such-record'],
    ] as const) {
      const res = await resolve(token, target);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'No such conflict record.', code: 'NOT_FOUND' });
    }
    expect((await list(carol.token, '?all=1')).body.conflicts).toEqual([]);
    const byAdmin = await resolve(admin.token, id);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.conflict.resolvedBy).toBe(admin.user.id);
  });
});
