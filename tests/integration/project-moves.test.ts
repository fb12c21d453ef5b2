import { beforeEach, describe, expect, it } from 'vitest';
import { START_CURSOR } from '@/features/sync/model/protocol';
import { getDatabase } from '@/server/db';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * A task in a project (docs/decisions/0049-projects.md), through the real push and pull: who may
 * see, write and move it by their role, and who loses it when it moves. The projects are written
 * straight to their tables until their endpoints exist.
 */

async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const cal = await createUserWithToken({ fullName: 'Cal Commenter' });
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const { db, tables } = await getDatabase();
  const now = new Date();
  // OPS: not shared with the team; Olive and Max are members, Cal comments. SUP: the team comments.
  await db.insert(tables.projects).values([
    { id: 'p-ops', key: 'OPS', name: 'Operations', teamRole: null, createdAt: now, updatedAt: now },
    { id: 'p-sup', key: 'SUP', name: 'Support', teamRole: 'commenter', createdAt: now, updatedAt: now },
  ]);
  await db.insert(tables.projectMembers).values([
    { projectId: 'p-ops', userId: olive.user.id, role: 'member', createdAt: now },
    { projectId: 'p-ops', userId: max.user.id, role: 'member', createdAt: now },
    { projectId: 'p-ops', userId: cal.user.id, role: 'commenter', createdAt: now },
  ]);
  return { olive, ash, max, cal, ada };
}

const uids = (changes: { uid: string }[]) => changes.map((task) => task.uid).sort();

describe('a task moved between projects', () => {
  beforeEach(async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
  });

  it('is seen by the target project’s people and lost by whoever may not see it there', async () => {
    const { olive, ash, max, cal, ada } = await team();
    const created = await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', { title: 'Renew the certificate', ...assignTo(ash.user) }),
    ]);
    expect(created.body.acks, created.text).toEqual(['o1']);
    const ashBefore = await pullAll(ash.token);
    expect(uids(ashBefore.changes)).toEqual(['t1']);
    expect(uids((await pullAll(max.token)).changes)).toEqual([]);

    const moved = await push(olive.token, 'olive-pc', [
      upsertOp('o2', 't1', { projectId: 'p-ops' }, { baseV: 1 }),
    ]);
    expect(moved.body.acks).toEqual(['o2']);
    expect(moved.body.rejected).toEqual([]);

    // Ash (the assignee) has no role in OPS: his next pull names the task in `gone`.
    const ashAfter = await pull(ash.token, ashBefore.cursor);
    expect(ashAfter.body.gone).toEqual(['t1']);
    expect(ashAfter.body.changes).toEqual([]);
    // Max (member) and Cal (commenter) see it now, with its project; the admin sees everything.
    for (const person of [max, cal, ada]) {
      const { changes } = await pullAll(person.token);
      expect(uids(changes), person.user.fullName).toEqual(['t1']);
      expect(changes[0]!.data).toMatchObject({ title: 'Renew the certificate', projectId: 'p-ops' });
    }
    const { db, tables } = await getDatabase();
    const [row] = await db.select({ projectId: tables.syncTasks.projectId }).from(tables.syncTasks);
    expect(row!.projectId).toBe('p-ops');
  });

  it('lets members write, refuses commenters and strangers, and takes moves only from who may', async () => {
    const { olive, ash, max, cal } = await team();
    await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', { title: 'In OPS', projectId: 'p-ops' }),
      upsertOp('o2', 't2', { title: 'In General', ...assignTo(ash.user) }),
    ]);

    const byMax = await push(max.token, 'max-pc', [
      upsertOp('m1', 't1', { title: 'Edited by Max' }, { baseV: 1 }),
    ]);
    expect(byMax.body.acks).toEqual(['m1']);
    const byCal = await push(cal.token, 'cal-pc', [
      upsertOp('c1', 't1', { title: 'Edited by Cal' }, { baseV: 1 }),
    ]);
    expect(byCal.body.rejected).toEqual([
      {
        opId: 'c1',
        reason: 'forbidden',
        message: 'You can read and comment on the tasks of this project, not change them.',
      },
    ]);
    const byAsh = await push(ash.token, 'ash-pc', [
      upsertOp('a1', 't1', { title: 'Edited by Ash' }, { baseV: 1 }),
    ]);
    expect(byAsh.body.rejected).toEqual([
      { opId: 'a1', reason: 'forbidden', message: 'You can only change tasks you own or are assigned to.' },
    ]);

    // The assignee may edit a General task but not move it; the owner may not move it where she only comments.
    const moveByAssignee = await push(ash.token, 'ash-pc', [
      upsertOp('a2', 't2', { projectId: 'p-ops' }, { baseV: 1 }),
    ]);
    expect(moveByAssignee.body.rejected).toEqual([
      { opId: 'a2', reason: 'forbidden', message: 'Only the task’s owner can move it to another project.' },
    ]);
    const toSupport = await push(olive.token, 'olive-pc', [
      upsertOp('o3', 't2', { projectId: 'p-sup' }, { baseV: 1 }),
    ]);
    expect(toSupport.body.rejected).toEqual([
      { opId: 'o3', reason: 'forbidden', message: 'You cannot add tasks to that project.' },
    ]);
    // A new task in a project that does not exist is refused; in one the creator is not in, too.
    const nowhere = await push(ash.token, 'ash-pc', [
      upsertOp('a3', 't3', { title: 'Lost', projectId: 'p-none' }),
      upsertOp('a4', 't4', { title: 'Not mine', projectId: 'p-ops' }),
    ]);
    expect(nowhere.body.rejected.map((entry) => entry.message)).toEqual([
      'You cannot add tasks to that project.',
      'You cannot add tasks to that project.',
    ]);
    const titles = Object.fromEntries(
      (await pullAll(max.token)).changes.map((task) => [task.uid, task.data.title]),
    );
    expect(titles).toEqual({ t1: 'Edited by Max' });
  });

  it('keeps an archived project’s tasks readable and refuses every write to them', async () => {
    const { olive, max } = await team();
    await push(olive.token, 'olive-pc', [upsertOp('o1', 't1', { title: 'Old work', projectId: 'p-ops' })]);
    const { db, tables } = await getDatabase();
    await db.update(tables.projects).set({ archivedAt: new Date() });
    const edit = await push(max.token, 'max-pc', [upsertOp('m1', 't1', { title: 'Too late' }, { baseV: 1 })]);
    expect(edit.body.rejected).toEqual([
      { opId: 'm1', reason: 'forbidden', message: 'This project is archived: its tasks cannot be changed.' },
    ]);
    const seen = await pullAll(max.token, undefined, START_CURSOR);
    expect(seen.changes.map((task) => task.data.title)).toEqual(['Old work']);
  });
});
