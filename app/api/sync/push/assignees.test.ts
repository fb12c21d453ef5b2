import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteUserRoute } from '@/app/admin/users/[email]/route';
import { getDatabase } from '@/server/db';
import { bindExistingAssignees } from '@/features/sync/server/assignees';
import { ACCESS_MESSAGES } from '@/features/sync/model/access';
import { missingAssigneeMessage, unresolvedAssigneeMessage } from '@/features/sync/model/assignee-binding';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken, loginAs, register } from '@/tests/helpers/factories';
import { pullAll, push, stamp, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * Tasks bound to people by user id (docs/decisions/0019-assignees-by-id.md): the two attacks of the
 * trust review, a browser of the older version that sends names only, and the one-time binding of
 * tasks stored before ids existed.
 */

beforeAll(async () => {
  // Strangers sign up here: open sign-up, which team sync's default closes once an admin exists (ADR 0041).
  await applyTestEnv({ TEAM_SYNC: 'on', SIGNUP_MODE: 'open' });
});

async function deleteAccount(adminToken: string, email: string) {
  const path = `/admin/users/${encodeURIComponent(email)}`;
  const res = await call(deleteUserRoute, path, { method: 'DELETE', token: adminToken, params: { email } });
  expect(res.status).toBe(200);
}

/** Signs up through the real route, as a stranger would. */
async function signUp(fullName: string, email: string): Promise<string> {
  const res = await call(register, '/api/auth/register', {
    body: { fullName, email, password: 'a long enough password', role: 'user' },
  });
  expect(res.status).toBe(201);
  return loginAs(email, 'a long enough password');
}

async function storedTask(uid: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.syncTasks).where(eq(tables.syncTasks.uid, uid));
  return row!;
}

describe('a task is bound to its assignee by user id', () => {
  it('(a) a deleted member’s tasks become unassigned and never reach a later account with the same name', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    const carol = await createUserWithToken({ fullName: 'Carol Diaz' });
    await push(owner.token, 'owner-pc', [
      upsertOp('o1', 'carols', {
        title: 'Carol’s task',
        assignedTo: 'Carol Diaz',
        assigneeId: carol.user.id,
      }),
    ]);
    expect((await pullAll(carol.token)).changes.map((task) => task.uid)).toEqual(['carols']);

    await deleteAccount(admin.token, carol.user.email);
    // Unassigned for every browser: the admin's push of assigneeId null reached the row.
    const afterDelete = await pullAll(owner.token);
    expect(afterDelete.changes[0]!.data).toMatchObject({ assignedTo: 'Carol Diaz', assigneeId: '' });
    expect((await storedTask('carols')).assigneeId).toBeNull();

    const strangerToken = await signUp('Carol Diaz', 'stranger@example.com');
    // The next edit by anyone (the owner here, then the admin) re-resolves nothing.
    await push(owner.token, 'owner-pc', [upsertOp('o2', 'carols', { title: 'Edited' }, { baseV: 2 })]);
    await push(admin.token, 'admin-pc', [upsertOp('a1', 'carols', { progress: 50 }, { baseV: 3 })]);
    expect((await storedTask('carols')).assigneeId).toBeNull();
    expect((await pullAll(strangerToken)).changes).toEqual([]);
    const tried = await push(strangerToken, 'stranger-pc', [
      upsertOp('s1', 'carols', { title: 'Mine now' }, { baseV: 4 }),
    ]);
    expect(tried.body.rejected).toEqual([
      { opId: 's1', reason: 'forbidden', message: ACCESS_MESSAGES.notYours },
    ]);
    // Admins still see it, unassigned.
    const adminView = await pullAll(admin.token);
    expect(adminView.changes.find((task) => task.uid === 'carols')?.data).toMatchObject({
      title: 'Edited',
      assigneeId: '',
    });
  });

  it('(b) a sign-up with a member’s exact name takes none of their tasks', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const sam = await createUserWithToken({ fullName: 'Sam Lee' });
    await push(owner.token, 'owner-pc', [
      upsertOp('o1', 'for-sam', { title: 'For Sam', assignedTo: 'Sam Lee', assigneeId: sam.user.id }),
    ]);
    const samFirst = await pullAll(sam.token);
    expect(samFirst.changes.map((task) => task.uid)).toEqual(['for-sam']);

    const twinToken = await signUp('Sam Lee', 'twin@example.com');
    await push(owner.token, 'owner-pc', [
      upsertOp('o2', 'for-sam', { title: 'Still for Sam' }, { baseV: 1 }),
    ]);

    const samNext = await pullAll(sam.token, 500, samFirst.cursor);
    expect(samNext.gone).toEqual([]);
    expect(samNext.changes.map((task) => [task.uid, task.data.title])).toEqual([
      ['for-sam', 'Still for Sam'],
    ]);
    expect((await storedTask('for-sam')).assigneeId).toBe(sam.user.id);
    expect((await pullAll(twinToken)).changes).toEqual([]);
  });

  it('binds by id even when the name is shared, and tells the writer when the id names no account', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const first = await createUserWithToken({ fullName: 'Pat Kim' });
    await createUserWithToken({ fullName: 'Pat Kim' });
    const res = await push(owner.token, 'owner-pc', [
      upsertOp('o1', 'by-id', { title: 'Exact', assignedTo: 'Pat Kim', assigneeId: first.user.id }),
      upsertOp('o2', 'bogus', { title: 'Nobody', assignedTo: 'Ghost', assigneeId: 'no-such-user' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.acks).toEqual(['o1', 'o2']);
    expect(res.body.notices).toEqual([
      { opId: 'o2', uid: 'bogus', message: missingAssigneeMessage('Nobody') },
    ]);
    expect((await storedTask('by-id')).assigneeId).toBe(first.user.id);
    expect((await storedTask('bogus')).assigneeId).toBeNull();
    expect((await pullAll(first.token)).changes.map((task) => task.uid)).toEqual(['by-id']);
    const ownerView = await pullAll(owner.token);
    expect(ownerView.changes.find((task) => task.uid === 'bogus')?.data.assigneeId).toBe('');
  });

  it('only the owner changes the assignee id', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const carol = await createUserWithToken({ fullName: 'Carol Clark' });
    await push(owner.token, 'owner-pc', [
      upsertOp('o1', 't1', { title: 'T', assignedTo: 'Bob Brown', assigneeId: bob.user.id }),
    ]);
    const res = await push(bob.token, 'bob-pc', [
      upsertOp('b1', 't1', { assigneeId: carol.user.id }, { baseV: 1 }),
    ]);
    expect(res.body.rejected).toEqual([
      { opId: 'b1', reason: 'forbidden', message: ACCESS_MESSAGES.ownerOnlyAssignee },
    ]);
    expect((await storedTask('t1')).assigneeId).toBe(bob.user.id);
  });
});

describe('a browser of the older version, which sends names only', () => {
  it('still syncs (the old shape): its writer’s own name binds the writer, once, when it is written', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    const res = await push(owner.token, 'old-tab', [
      upsertOp('o1', 't1', { title: 'Old shape', assignedTo: 'Olive Owner' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ acks: ['o1'], rejected: [], seq: 1 });
    expect(res.body.notices).toBeUndefined();
    expect((await storedTask('t1')).assigneeId).toBe(owner.user.id);
    const ownerView = await pullAll(owner.token);
    expect(ownerView.changes).toEqual([
      {
        uid: 't1',
        v: 1,
        deleted: false,
        data: { title: 'Old shape', assignedTo: 'Olive Owner', assigneeId: owner.user.id, number: 1 },
      },
    ]);

    // A later account with the same name: an edit of another field keeps the binding.
    await signUp('Olive Owner', 'olive-twin@example.com');
    await push(owner.token, 'old-tab', [
      upsertOp('o2', 't1', { title: 'Edited by the old tab' }, { baseV: 1 }),
    ]);
    expect((await storedTask('t1')).assigneeId).toBe(owner.user.id);
    // A name shared with a twin is still its writer's own: the admin's old tab assigns itself.
    await signUp('Ada Admin', 'ada-twin@example.com');
    await push(admin.token, 'admin-old-tab', [
      upsertOp('a1', 't2', { title: 'Mine', assignedTo: 'Ada Admin' }),
    ]);
    expect((await storedTask('t2')).assigneeId).toBe(admin.user.id);
  });

  it('gives another member nothing by their name alone: the task stays unassigned, and the writer is told', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    // Bob is the one account with his name: his name alone still does not give him the task.
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    await createUserWithToken({ fullName: 'Sam Lee' });
    await createUserWithToken({ fullName: 'Sam Lee' });
    const res = await push(owner.token, 'old-tab', [
      upsertOp('o1', 'bobs', { title: 'For Bob', assignedTo: 'Bob Brown' }),
      upsertOp('o2', 'shared', { title: 'Shared name', assignedTo: 'Sam Lee' }),
      upsertOp('o3', 'unknown', { title: 'Unknown name', assignedTo: 'Nobody Here' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.acks).toEqual(['o1', 'o2', 'o3']);
    expect(res.body.notices).toEqual([
      { opId: 'o1', uid: 'bobs', message: unresolvedAssigneeMessage('For Bob', 'Bob Brown') },
      { opId: 'o2', uid: 'shared', message: unresolvedAssigneeMessage('Shared name', 'Sam Lee') },
      { opId: 'o3', uid: 'unknown', message: unresolvedAssigneeMessage('Unknown name', 'Nobody Here') },
    ]);
    expect(res.body.notices?.[0]?.message).toBe(
      '“For Bob” was not assigned to “Bob Brown”: a name alone assigns a task only to yourself. Choose the person in Reassign.',
    );
    for (const uid of ['bobs', 'shared', 'unknown']) expect((await storedTask(uid)).assigneeId).toBeNull();
    expect((await pullAll(bob.token)).changes).toEqual([]);
    const ownerView = await pullAll(owner.token);
    expect(ownerView.changes.map((task) => [task.uid, task.data.assignedTo, task.data.assigneeId])).toEqual([
      ['bobs', 'Bob Brown', ''],
      ['shared', 'Sam Lee', ''],
      ['unknown', 'Nobody Here', ''],
    ]);
  });

  it('a member who takes a colleague’s name gets none of the tasks assigned by that name', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const carol = await createUserWithToken({ fullName: 'Carol Diaz' });
    // Carol renames herself to the owner's name and assigns herself a task by it from an old tab.
    const { db, tables } = await getDatabase();
    await db.update(tables.users).set({ fullName: 'Olive Owner' }).where(eq(tables.users.id, carol.user.id));
    await push(owner.token, 'old-tab', [
      upsertOp('o1', 't1', { title: 'Olive’s', assignedTo: 'Olive Owner' }),
    ]);
    expect((await storedTask('t1')).assigneeId).toBe(owner.user.id);
    expect((await pullAll(carol.token)).changes).toEqual([]);
  });

  it('a name written after this version’s id rebinds the task, with the name’s stamp', async () => {
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const bob = await createUserWithToken({ fullName: 'Bob Brown' });
    const base = Date.now();
    await push(owner.token, 'new-tab', [
      upsertOp(
        'n1',
        't1',
        { title: 'T', assignedTo: 'Bob Brown', assigneeId: bob.user.id },
        { hlc: stamp(base, 'new') },
      ),
    ]);
    await push(owner.token, 'old-tab', [
      upsertOp('o1', 't1', { assignedTo: 'Olive Owner' }, { hlc: stamp(base + 5, 'old'), baseV: 1 }),
    ]);
    expect((await storedTask('t1')).assigneeId).toBe(owner.user.id);
    const fields = JSON.parse((await storedTask('t1')).fields) as Record<
      string,
      { value: unknown; hlc: string }
    >;
    expect(fields.assigneeId).toMatchObject({ value: owner.user.id, hlc: stamp(base + 5, 'old') });
    // Bob's next pull drops it.
    expect((await pullAll(bob.token)).changes).toEqual([]);
  });
});

describe('the one-time binding of tasks stored before ids (bindExistingAssignees)', () => {
  async function storeOldTask(uid: string, assignedTo: string, assigneeId: string | null, ownerId: string) {
    const { db, tables } = await getDatabase();
    const hlc = stamp(Date.now(), 'legacy');
    await db.insert(tables.syncTasks).values({
      uid,
      ownerId,
      assigneeId,
      fields: JSON.stringify({
        title: { value: uid, hlc, seq: 1 },
        assignedTo: { value: assignedTo, hlc, seq: 1 },
      }),
      life: null,
      deleted: false,
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }

  it('keeps the server’s binding while its name holds, else binds the owner’s own name, else nobody, and lists those, once', async () => {
    const { db, tables } = await getDatabase();
    const owner = await createUserWithToken({ fullName: 'Olive Owner' });
    const ann = await createUserWithToken({ fullName: 'Ann Ray' });
    const sam = await createUserWithToken({ fullName: 'Sam Lee' });
    await createUserWithToken({ fullName: 'Sam Lee' });
    const zoe = await createUserWithToken({ fullName: 'Zoë Quinn' });
    // The owner's own name: the owner.
    await storeOldTask('owners', 'Olive Owner', null, owner.user.id);
    // Another member's name, unbound: who wrote it is not known, so nobody (not Ann).
    await storeOldTask('by-name', 'Ann Ray', null, owner.user.id);
    // The server had bound it to Sam while his name was unique; a twin signed up since.
    await storeOldTask('kept', 'Sam Lee', sam.user.id, owner.user.id);
    await storeOldTask('ambiguous', 'Sam Lee', null, owner.user.id);
    await storeOldTask('unknown', 'Nobody', null, owner.user.id);
    // Stored decomposed by an older version, by its owner: found in normal form C.
    await storeOldTask('nfc', 'Zoe\u0308 Quinn', null, zoe.user.id);
    // Bound to Ann by a name she no longer has: rebound by the current name (nobody).
    await storeOldTask('renamed', 'Ann Smith', ann.user.id, owner.user.id);
    await db.insert(tables.syncState).values({ id: 1, lastSeq: 1, gcFloorSeq: 0, assigneesBound: false });

    const report = await bindExistingAssignees();
    expect(report.bound).toBe(7);
    expect(report.unassigned).toEqual(
      expect.arrayContaining([
        { uid: 'by-name', name: 'Ann Ray' },
        { uid: 'ambiguous', name: 'Sam Lee' },
        { uid: 'unknown', name: 'Nobody' },
        { uid: 'renamed', name: 'Ann Smith' },
      ]),
    );
    expect(report.unassigned).toHaveLength(4);
    const bound = Object.fromEntries((await syncRows()).tasks.map((row) => [row.uid, row.assigneeId]));
    expect(bound).toEqual({
      owners: owner.user.id,
      'by-name': null,
      kept: sam.user.id,
      ambiguous: null,
      unknown: null,
      nfc: zoe.user.id,
      renamed: null,
    });
    // Every browser pulls the new field: one new sequence number; Ann loses the renamed task and
    // gets nothing by her name.
    expect((await pullAll(ann.token)).changes).toEqual([]);
    const ownerView = await pullAll(owner.token);
    expect(
      ownerView.changes.filter((task) => task.uid === 'owners').map((task) => [task.v, task.data.assigneeId]),
    ).toEqual([[2, owner.user.id]]);
    const rows = await syncRows();
    expect(rows.state).toEqual([{ id: 1, lastSeq: 2, gcFloorSeq: 0, assigneesBound: true }]);
    expect(rows.revocations).toEqual([
      expect.objectContaining({ seq: 2, taskUid: 'renamed', userId: ann.user.id }),
    ]);

    // Once: a second start changes nothing.
    expect(await bindExistingAssignees()).toEqual({ bound: 0, unassigned: [] });
    expect((await syncRows()).state[0]!.lastSeq).toBe(2);
  });

  it('on an empty database only records that it ran', async () => {
    expect(await bindExistingAssignees()).toEqual({ bound: 0, unassigned: [] });
    expect((await syncRows()).state).toEqual([{ id: 1, lastSeq: 0, gcFloorSeq: 0, assigneesBound: true }]);
  });
});
