import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { numberStoredTasks } from '@/features/sync/server/task-numbers';
import { getDatabase } from '@/server/db';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { pull, pullAll, push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * Task numbers (docs/decisions/0049-projects.md) through the real push, pull and start-up pass: the
 * tasks of before projects become GEN-1… in the order they were stored, carried by one new sequence
 * number; a new task takes its project's next number; a move gives a new key and keeps the old one.
 */

async function storeOldTask(uid: string, ownerId: string, createdAt: Date) {
  const { db, tables } = await getDatabase();
  const hlc = stamp(createdAt.getTime(), 'legacy');
  await db.insert(tables.syncTasks).values({
    uid,
    ownerId,
    assigneeId: null,
    fields: JSON.stringify({ title: { value: uid, hlc, seq: 1 } }),
    life: null,
    deleted: false,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  });
  await db
    .insert(tables.syncState)
    .values({ id: 1, lastSeq: 1, gcFloorSeq: 0 })
    .onConflictDoUpdate({ target: tables.syncState.id, set: { lastSeq: 1 } });
}

async function keysOf(uid: string) {
  const { db, tables } = await getDatabase();
  const rows = await db
    .select({ projectId: tables.taskKeys.projectId, number: tables.taskKeys.number })
    .from(tables.taskKeys)
    .where(eq(tables.taskKeys.taskUid, uid))
    .orderBy(asc(tables.taskKeys.createdAt), asc(tables.taskKeys.projectId));
  return rows.map((row) => `${row.projectId}-${row.number}`);
}

async function nextNumber(projectId: string) {
  const { db, tables } = await getDatabase();
  const [row] = await db
    .select({ next: tables.projects.nextNumber })
    .from(tables.projects)
    .where(eq(tables.projects.id, projectId));
  return row?.next;
}

describe('task numbers', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('numbers the tasks of before projects GEN-1… in stored order, once, and every browser pulls them', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const before = await pullAll(olive.token);
    await storeOldTask('t-late', olive.user.id, new Date('2026-03-02T00:00:00Z'));
    await storeOldTask('t-early', olive.user.id, new Date('2026-03-01T00:00:00Z'));
    const cursorBefore = (await pullAll(olive.token)).cursor;
    expect(before.changes).toEqual([]);

    expect(await numberStoredTasks()).toBe(2);
    expect(await keysOf('t-early')).toEqual(['general-1']);
    expect(await keysOf('t-late')).toEqual(['general-2']);
    expect(await nextNumber('general')).toBe(3);
    const { body } = await pull(olive.token, cursorBefore);
    const numbers = Object.fromEntries(body.changes.map((task) => [task.uid, task.data.number]));
    expect(numbers).toEqual({ 't-early': 1, 't-late': 2 });

    // Once: a second start finds nothing to number and takes no sequence number.
    expect(await numberStoredTasks()).toBe(0);
    expect((await pull(olive.token, body.cursor)).body.changes).toEqual([]);

    // A new task takes General's next number.
    const created = await push(olive.token, 'olive-pc', [upsertOp('o1', 't-new', { title: 'New' })]);
    expect(created.body.acks).toEqual(['o1']);
    expect(await keysOf('t-new')).toEqual(['general-3']);
  });

  it('gives a task moved to another project that project’s next number, and keeps its old key', async () => {
    const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
    const { db, tables } = await getDatabase();
    const now = new Date();
    await db.insert(tables.projects).values({
      id: 'p-ops',
      key: 'OPS',
      name: 'Operations',
      teamRole: 'member',
      createdAt: now,
      updatedAt: now,
    });
    await push(ada.token, 'ada-pc', [
      upsertOp('o1', 't1', { title: 'One' }),
      upsertOp('o2', 't2', { title: 'Two', projectId: 'p-ops' }),
    ]);
    expect(await keysOf('t1')).toEqual(['general-1']);
    expect(await keysOf('t2')).toEqual(['p-ops-1']);

    const moved = await push(ada.token, 'ada-pc', [
      upsertOp('o3', 't1', { projectId: 'p-ops' }, { baseV: 1 }),
    ]);
    expect(moved.body.acks).toEqual(['o3']);
    expect(await keysOf('t1')).toEqual(['general-1', 'p-ops-2']);
    const { changes } = await pullAll(ada.token);
    expect(changes.find((task) => task.uid === 't1')!.data).toMatchObject({ projectId: 'p-ops', number: 2 });

    // A browser's own write to the number is dropped; the rest of the operation applies.
    const forged = await push(ada.token, 'ada-pc', [
      upsertOp('o4', 't1', { title: 'Uno', number: 99 }, { baseV: moved.body.seq }),
    ]);
    expect(forged.body.acks).toEqual(['o4']);
    const after = await pullAll(ada.token);
    expect(after.changes.find((task) => task.uid === 't1')!.data).toMatchObject({ title: 'Uno', number: 2 });
    expect(await nextNumber('p-ops')).toBe(3);
  });
});
