import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { purgeTombstones } from '@/features/sync/server/purge';
import { START_CURSOR } from '@/features/sync/model/protocol';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, lifeOp, pull, pullAll, push, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE, PATCH, POST, PUT } from './route';

const DAY_MS = 24 * 60 * 60_000;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('GET /api/sync/pull', () => {
  it('answers 401 without a token, 405 for other methods', async () => {
    const res = await pull(undefined);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, '/api/sync/pull', 'GET', { token });
  });

  it('answers 400 VALIDATION_ERROR for a bad cursor or limit', async () => {
    const { token } = await createUserWithToken();
    for (const cursor of ['abc', '-1:', '1:x y', '1', '1:a:b']) {
      const res = await pull(token, cursor);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toEqual({
        message: 'cursor must look like <version>:<uid>.',
        code: 'VALIDATION_ERROR',
      });
    }
    for (const limit of [0, 501, 1.5, -3]) {
      const res = await pull(token, START_CURSOR, limit);
      expect(res.status, String(limit)).toBe(400);
      expect(res.body).toEqual({
        message: 'limit must be a whole number from 1 to 500.',
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('answers an empty page from the start before anything was pushed', async () => {
    const { token } = await createUserWithToken();
    const res = await pull(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ changes: [], gone: [], cursor: START_CURSOR, more: false, reset: false });
  });

  it('shows a member their own and their assigned tasks only; an admin sees all', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    await push(alice.token, 'ca', [
      upsertOp('a1', 'a-private', { title: 'Alice only' }),
      upsertOp('a2', 'a-for-bob', { title: 'For Bob', ...assignTo(bob.user) }),
    ]);
    await push(bob.token, 'cb', [upsertOp('b1', 'b-private', { title: 'Bob only' })]);

    const forBob = await pullAll(bob.token);
    expect(forBob.changes).toEqual([
      {
        uid: 'a-for-bob',
        v: 1,
        deleted: false,
        // GEN-2: Alice's private task took GEN-1 in the same push.
        data: { title: 'For Bob', assignedTo: 'Bob Brown', assigneeId: bob.user.id, number: 2 },
      },
      { uid: 'b-private', v: 2, deleted: false, data: { title: 'Bob only', number: 3 } },
    ]);
    const forAlice = await pullAll(alice.token);
    expect(forAlice.changes.map((change) => change.uid)).toEqual(['a-for-bob', 'a-private']);
    const forAdmin = await pullAll(admin.token);
    expect(forAdmin.changes.map((change) => [change.v, change.uid])).toEqual([
      [1, 'a-for-bob'],
      [1, 'a-private'],
      [2, 'b-private'],
    ]);
    // A name alone (an older browser's shape) gives Bob nothing: it binds only its writer.
    await push(alice.token, 'ca', [
      upsertOp('a3', 'a-by-name', { title: 'By name', assignedTo: 'Bob Brown' }),
    ]);
    expect((await pullAll(bob.token, 500, forBob.cursor)).changes).toEqual([]);
  });

  it('keeps a deleted user’s tasks, ownerless: admins and the assignee still see them', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const admin = await createAdminWithToken();
    await push(alice.token, 'ca', [
      upsertOp('a1', 't1', { title: 'Orphan' }),
      upsertOp('a2', 't2', { title: 'For Bob', ...assignTo(bob.user) }),
    ]);
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, alice.user.id));
    const rows = await syncRows();
    expect(rows.tasks.map((task) => [task.uid, task.ownerId])).toEqual([
      ['t1', null],
      ['t2', null],
    ]);
    expect(rows.changes.map((change) => change.userId)).toEqual([null, null]);
    expect((await pullAll(admin.token)).changes.map((change) => change.uid)).toEqual(['t1', 't2']);
    expect((await pullAll(bob.token)).changes.map((change) => change.uid)).toEqual(['t2']);
  });

  it('returns a deleted task as a tombstone, and a restored one with its fields', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [upsertOp('o1', 't1', { title: 'Doomed' })]);
    const first = await pullAll(token);
    await push(token, 'c1', [lifeOp('delete', 'o2', 't1', { baseV: 1 })]);
    const afterDelete = await pullAll(token, 500, first.cursor);
    expect(afterDelete.changes).toEqual([{ uid: 't1', v: 2, deleted: true, data: {} }]);
    await push(token, 'c1', [lifeOp('restore', 'o3', 't1', { baseV: 2 })]);
    const afterRestore = await pullAll(token, 500, afterDelete.cursor);
    expect(afterRestore.changes).toEqual([
      { uid: 't1', v: 3, deleted: false, data: { title: 'Doomed', number: 1 } },
    ]);
  });

  it('tells the old assignee a reassigned task is gone, and brings it back when it returns', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const carol = await createUserWithToken({ fullName: 'Carol Clark' });
    await push(alice.token, 'ca', [upsertOp('a1', 't1', { title: 'Passed around', ...assignTo(bob.user) })]);
    const bobFirst = await pullAll(bob.token);
    expect(bobFirst.changes.map((change) => change.uid)).toEqual(['t1']);

    await push(alice.token, 'ca', [upsertOp('a2', 't1', assignTo(carol.user), { baseV: 1 })]);
    const bobSecond = await pullAll(bob.token, 500, bobFirst.cursor);
    expect(bobSecond).toMatchObject({ changes: [], gone: ['t1'], cursor: '2:' });
    // Once past the revocation, the next pull no longer repeats it.
    expect((await pull(bob.token, bobSecond.cursor)).body.gone).toEqual([]);
    const carolView = await pullAll(carol.token);
    expect(carolView.changes).toEqual([
      {
        uid: 't1',
        v: 2,
        deleted: false,
        data: { title: 'Passed around', assignedTo: 'Carol Clark', assigneeId: carol.user.id, number: 1 },
      },
    ]);
    expect((await syncRows()).revocations).toEqual([
      expect.objectContaining({ seq: 2, taskUid: 't1', userId: bob.user.id }),
    ]);

    // Back to Bob: visible again, so it is a change, not gone.
    await push(alice.token, 'ca', [upsertOp('a3', 't1', assignTo(bob.user), { baseV: 2 })]);
    const bobThird = await pullAll(bob.token, 500, bobFirst.cursor);
    expect(bobThird.gone).toEqual([]);
    expect(bobThird.changes.map((change) => [change.uid, change.v])).toEqual([['t1', 3]]);
  });

  it('answers reset after a purge passed the cursor, and the walk from the start no longer has the tombstone', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 'gone-task', { title: 'Old' }),
      upsertOp('o2', 'kept', { title: 'Kept' }),
    ]);
    const early = await pullAll(token);
    expect(early.cursor).toBe('1:kept');
    await push(token, 'c1', [lifeOp('delete', 'o3', 'gone-task', { baseV: 1 })]);
    await push(token, 'c1', [upsertOp('o4', 'kept', { title: 'Kept, edited' }, { baseV: 1 })]);

    // Not yet old enough: nothing purged.
    expect(await purgeTombstones(new Date(Date.now() + 89 * DAY_MS))).toEqual({ purged: 0, gcFloorSeq: 0 });
    expect(await purgeTombstones(new Date(Date.now() + 91 * DAY_MS))).toEqual({ purged: 1, gcFloorSeq: 3 });
    const { tasks, state } = await syncRows();
    expect(tasks.map((task) => task.uid)).toEqual(['kept']);
    expect(state).toEqual([{ id: 1, lastSeq: 3, gcFloorSeq: 3, assigneesBound: false }]);

    const stale = await pull(token, early.cursor);
    expect(stale.body).toEqual({ changes: [], gone: [], cursor: START_CURSOR, more: true, reset: true });
    const fresh = await pullAll(token);
    expect(fresh.changes).toEqual([
      { uid: 'kept', v: 3, deleted: false, data: { title: 'Kept, edited', number: 2 } },
    ]);
    // A cursor at or past the floor continues normally.
    expect((await pull(token, '3:')).body.reset).toBe(false);
  });

  it('never answers reset to a walk from the start (walk=1), whatever page its cursor is on', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [
      upsertOp('o1', 'a', { title: 'A' }),
      upsertOp('o2', 'b', { title: 'B' }),
      upsertOp('o3', 'c', { title: 'C' }),
    ]);
    await push(token, 'c1', [lifeOp('delete', 'o4', 'a', { baseV: 1 })]);
    await push(token, 'c1', [upsertOp('o5', 'b', { title: 'B2' }, { baseV: 1 })]);
    expect(await purgeTombstones(new Date(Date.now() + 91 * DAY_MS))).toEqual({ purged: 1, gcFloorSeq: 3 });

    const first = await pull(token, START_CURSOR, 1, { walk: true });
    expect(first.body).toEqual({
      changes: [{ uid: 'c', v: 1, deleted: false, data: { title: 'C', number: 3 } }],
      gone: [],
      cursor: '1:c',
      more: true,
      reset: false,
    });
    // The walk's own cursor is below the purged versions: without walk=1 it would start over forever.
    expect((await pull(token, '1:c', 1)).body.reset).toBe(true);
    const second = await pull(token, '1:c', 1, { walk: true });
    expect(second.body).toEqual({
      changes: [{ uid: 'b', v: 3, deleted: false, data: { title: 'B2', number: 2 } }],
      gone: [],
      cursor: '3:b',
      more: false,
      reset: false,
    });
    // Any cursor below the floor walks on.
    expect((await pull(token, '2:a', 500, { walk: true })).body).toMatchObject({
      changes: [{ uid: 'b', v: 3 }],
      reset: false,
    });
  });

  it('drops op-log rows older than 30 days when purging', async () => {
    const { token } = await createUserWithToken();
    await push(token, 'c1', [upsertOp('o1', 't1', { title: 'x' }), upsertOp('o2', 't2', { title: 'y' })]);
    const { db, tables } = await getDatabase();
    await db
      .update(tables.syncChanges)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(tables.syncChanges.opId, 'o1'));
    await purgeTombstones(new Date());
    expect((await syncRows()).changes.map((row) => row.opId)).toEqual(['o2']);
  });
});
