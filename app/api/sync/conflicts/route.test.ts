import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import type { ConflictsResponse } from '@/features/sync/model/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, lifeOp, pullAll, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE as deleteUser } from '@/app/admin/users/[email]/route';
import { GET as historyGet } from '@/app/api/sync/tasks/[uid]/history/route';
import { DELETE, GET, PATCH, POST, PUT } from './route';

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

function conflicts(token: string | undefined, uid?: string) {
  const query = uid === undefined ? '' : `?uid=${encodeURIComponent(uid)}`;
  return call<ConflictsResponse & { code?: string }>(GET, `/api/sync/conflicts${query}`, { token });
}

describe('GET /api/sync/conflicts', () => {
  it('answers 401 without a token, 405 for other methods', async () => {
    expect((await conflicts(undefined)).status).toBe(401);
    const { token } = await createUserWithToken();
    await expectMethodNotAllowed({ POST, PUT, PATCH, DELETE }, '/api/sync/conflicts', 'GET', { token });
  });

  it('keeps the losing value of concurrent edits to one field; the later stamp wins', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const carol = await createUserWithToken({ fullName: 'Carol Clark' });
    await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Draft', ...assignTo(bob.user) })]);
    const base = Date.now();
    const earlier = stamp(base + 10, 'phone');
    const later = stamp(base + 20, 'bobpc');
    // Both edited version 1; the later stamp arrives first, the earlier one after it.
    await push(bob.token, 'bobpc', [
      upsertOp('b1', 't1', { title: 'Bob’s title' }, { hlc: later, baseV: 1 }),
    ]);
    const lost = await push(alice.token, 'phone', [
      upsertOp('a2', 't1', { title: 'Alice’s title' }, { hlc: earlier, baseV: 1 }),
    ]);
    // The losing write changes no value but still moves the task, so Alice's phone pulls the winner.
    expect(lost.body).toMatchObject({ acks: ['a2'], rejected: [], seq: 3 });

    const view = await pullAll(alice.token);
    expect(view.changes).toEqual([
      {
        uid: 't1',
        v: 3,
        deleted: false,
        data: { title: 'Bob’s title', assignedTo: 'Bob Brown', assigneeId: bob.user.id, number: 1 },
      },
    ]);
    const expected = {
      id: expect.any(String),
      uid: 't1',
      field: 'title',
      value: 'Alice’s title',
      hlc: earlier,
      winningHlc: later,
      reason: 'concurrent',
      userId: alice.user.id,
      authorId: alice.user.id,
      authorName: 'Alice Adams',
      seq: 3,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      resolvedAt: null,
      resolvedBy: null,
    };
    for (const token of [alice.token, bob.token]) {
      const res = await conflicts(token, 't1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ conflicts: [expected] });
    }
    // Carol sees neither the task nor its conflicts.
    expect((await conflicts(carol.token)).body).toEqual({ conflicts: [] });
    expect((await conflicts(carol.token, 't1')).body).toEqual({ conflicts: [] });
  });

  it('names the writer of a value overwritten unseen, not the pusher who overwrote it', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Draft', ...assignTo(bob.user) })]);
    const base = Date.now();
    await push(alice.token, 'phone', [
      upsertOp('a2', 't1', { title: 'Alice’s title' }, { hlc: stamp(base + 10, 'phone'), baseV: 1 }),
    ]);
    // Bob had only seen version 1: his later write wins and replaces Alice's value without seeing it.
    await push(bob.token, 'bobpc', [
      upsertOp('b1', 't1', { title: 'Bob’s title' }, { hlc: stamp(base + 20, 'bobpc'), baseV: 1 }),
    ]);
    const [record] = (await conflicts(bob.token, 't1')).body.conflicts;
    expect(record).toMatchObject({
      value: 'Alice’s title',
      reason: 'concurrent',
      userId: bob.user.id,
      authorId: alice.user.id,
      authorName: 'Alice Adams',
    });

    // Alice's account deleted: the record stays, and names no one.
    const admin = await createAdminWithToken();
    const { email } = alice.user;
    const removed = await call(deleteUser, `/admin/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      token: admin.token,
      params: { email },
    });
    expect(removed.status).toBe(200);
    const [kept] = (await conflicts(bob.token, 't1')).body.conflicts;
    expect(kept).toMatchObject({ id: record!.id, value: 'Alice’s title', authorId: null, authorName: null });
  });

  it('records an edit that lands on a deleted task, and nothing of a refused write by someone who cannot see the task', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const admin = await createAdminWithToken();
    await push(alice.token, 'ca', [
      upsertOp('a1', 't1', { title: 'One' }),
      upsertOp('a2', 't2', { title: 'Two' }),
    ]);
    const deleteHlc = stamp(Date.now() + 5, 'ca');
    await push(alice.token, 'ca', [lifeOp('delete', 'a3', 't1', { hlc: deleteHlc, baseV: 1 })]);
    const editHlc = stamp(Date.now() + 10, 'phone');
    await push(alice.token, 'phone', [
      upsertOp('p1', 't1', { title: 'Edited offline' }, { hlc: editHlc, baseV: 1 }),
    ]);
    // Bob cannot see t2: his refused write leaves no trace (issue 34).
    await push(bob.token, 'cb', [upsertOp('b1', 't2', { title: 'Not yours' }, { hlc: editHlc })]);

    const forAlice = (await conflicts(alice.token)).body.conflicts;
    expect(forAlice.map((c) => [c.uid, c.field, c.value, c.reason, c.winningHlc, c.seq])).toEqual([
      ['t1', 'title', 'Edited offline', 'after-delete', deleteHlc, 3],
    ]);
    expect((await conflicts(bob.token)).body.conflicts).toEqual([]);
    expect((await conflicts(admin.token)).body.conflicts).toHaveLength(1);
    expect((await conflicts(admin.token, 't1')).body.conflicts.map((c) => c.reason)).toEqual([
      'after-delete',
    ]);
  });
});

describe('GET /api/sync/conflicts: no conflict against your own device (issue 33)', () => {
  function historyOf(token: string, uid: string) {
    return call<{ entries: { text: string }[] }>(historyGet, `/api/sync/tasks/${uid}/history`, {
      token,
      params: { uid },
    });
  }

  it('lists no record for values one device replaced itself, in bursts with a stale base or late', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const t = Date.now();
    await push(alice.token, 'laptop', [
      upsertOp('a1', 's1', { title: 'Plan', progress: 0 }, { hlc: stamp(t, 'laptop') }),
    ]);
    // Ten ArrowRights: each push sent before the previous one's version came back (baseV 1).
    for (let step = 1; step <= 10; step += 1) {
      const res = await push(alice.token, 'laptop', [
        upsertOp(`p${step}`, 's1', { progress: step }, { hlc: stamp(t + step, 'laptop'), baseV: 1 }),
      ]);
      expect(res.status, res.text).toBe(200);
    }
    // A retry of an older push arriving last loses to the device's newer value, silently.
    await push(alice.token, 'laptop', [
      upsertOp('late', 's1', { progress: 4 }, { hlc: stamp(t + 4, 'laptop', 1), baseV: 1 }),
    ]);
    expect((await pullAll(alice.token)).changes[0]!.data.progress).toBe(10);
    expect((await conflicts(alice.token, 's1')).body).toEqual({ conflicts: [] });
    const sentences = (await historyOf(alice.token, 's1')).body.entries.map((entry) => entry.text);
    expect(sentences.filter((sentence) => sentence.includes('was replaced'))).toEqual([]);
  });

  it('still lists the value of another device the writer had not seen', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const t = Date.now();
    await push(alice.token, 'laptop', [upsertOp('a1', 's2', { progress: 0 }, { hlc: stamp(t, 'laptop') })]);
    await push(alice.token, 'laptop', [
      upsertOp('a2', 's2', { progress: 30 }, { hlc: stamp(t + 1, 'laptop'), baseV: 1 }),
    ]);
    // Her phone had seen version 1 only: the laptop's 30 is replaced unseen, by another device.
    await push(alice.token, 'phone', [
      upsertOp('b1', 's2', { progress: 60 }, { hlc: stamp(t + 2, 'phone'), baseV: 1 }),
    ]);
    const listed = (await conflicts(alice.token, 's2')).body.conflicts;
    expect(listed).toMatchObject([
      { field: 'progress', value: 30, hlc: stamp(t + 1, 'laptop'), winningHlc: stamp(t + 2, 'phone') },
    ]);
    expect(listed).toHaveLength(1);
  });

  it('does not list a self-replacement record an earlier version stored, nor show it in History', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice Adams' });
    const t = Date.now();
    await push(alice.token, 'laptop', [upsertOp('a1', 's3', { progress: 0 }, { hlc: stamp(t, 'laptop') })]);
    const { db, tables } = await getDatabase();
    const row = (hlc: string, winningHlc: string, value: number) => ({
      id: randomUUID(),
      seq: 1,
      taskUid: 's3',
      field: 'progress',
      value: JSON.stringify(value),
      hlc,
      winningHlc,
      reason: 'concurrent' as const,
      userId: alice.user.id,
      authorId: alice.user.id,
      createdAt: new Date(),
      resolvedAt: null,
      resolvedBy: null,
    });
    // As the previous version stored them: one of the laptop's own, one from the phone.
    await db
      .insert(tables.syncConflicts)
      .values([
        row(stamp(t + 1, 'laptop'), stamp(t + 2, 'laptop'), 9),
        row(stamp(t + 3, 'phone'), stamp(t + 4, 'laptop'), 1),
      ]);
    expect((await conflicts(alice.token, 's3')).body.conflicts).toMatchObject([{ value: 1 }]);
    expect((await conflicts(alice.token, 's3')).body.conflicts).toHaveLength(1);
    const sentences = (await historyOf(alice.token, 's3')).body.entries.map((entry) => entry.text);
    expect(sentences.filter((sentence) => sentence.includes('was replaced'))).toEqual([
      "Alice Adams's progress 1 was replaced",
    ]);
  });
});
