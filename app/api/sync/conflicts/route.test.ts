import { beforeAll, describe, expect, it } from 'vitest';
import type { ConflictsResponse } from '@/lib/sync/protocol';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { lifeOp, pullAll, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE as deleteUser } from '@/app/admin/users/[email]/route';
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
    await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Draft', assignedTo: 'Bob Brown' })]);
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
        data: { title: 'Bob’s title', assignedTo: 'Bob Brown', assigneeId: bob.user.id },
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
    await push(alice.token, 'laptop', [upsertOp('a1', 't1', { title: 'Draft', assignedTo: 'Bob Brown' })]);
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

  it('records an edit that lands on a deleted task, and a member’s refused write for them and the owner', async () => {
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
    await push(bob.token, 'cb', [upsertOp('b1', 't2', { title: 'Not yours' }, { hlc: editHlc })]);

    const forAlice = (await conflicts(alice.token)).body.conflicts;
    // Bob's refused push still takes a sequence number (it touches t2): the newest record first.
    expect(forAlice.map((c) => [c.uid, c.field, c.value, c.reason, c.winningHlc, c.seq])).toEqual([
      ['t2', 'title', 'Not yours', 'forbidden', null, 4],
      ['t1', 'title', 'Edited offline', 'after-delete', deleteHlc, 3],
    ]);
    // Bob sees his own refused value though he cannot see the task.
    const forBob = (await conflicts(bob.token)).body.conflicts;
    expect(forBob.map((c) => [c.uid, c.value, c.reason, c.userId])).toEqual([
      ['t2', 'Not yours', 'forbidden', bob.user.id],
    ]);
    expect((await conflicts(admin.token)).body.conflicts).toHaveLength(2);
    expect((await conflicts(admin.token, 't1')).body.conflicts.map((c) => c.reason)).toEqual([
      'after-delete',
    ]);
  });
});
