import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { fillTaskColumns } from '@/features/sync/server/store/task-columns';
import { createUserWithToken } from '@/tests/helpers/factories';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/** The derived columns of every stored task, by uid. */
async function derivedColumns() {
  const { db, tables } = await getDatabase();
  const { syncTasks } = tables;
  return db
    .select({
      uid: syncTasks.uid,
      progress: syncTasks.progress,
      completedAt: syncTasks.completedAt,
      boardColumn: syncTasks.boardColumn,
      searchText: syncTasks.searchText,
    })
    .from(syncTasks)
    .orderBy(asc(syncTasks.uid));
}

const field = (value: unknown) => ({ value, hlc: '001767225600000-000000-dev1', seq: 1 });

describe('the derived columns of sync_tasks', () => {
  it('are written by every push', async () => {
    await applyTestEnv({ TEAM_SYNC: 'on' });
    try {
      const { token } = await createUserWithToken();
      await push(token, 'c1', [
        upsertOp('o1', 't1', { title: 'Open', description: 'Ça va', progress: 50 }),
        upsertOp('o2', 't2', { title: 'Done', progress: 100, completedAt: '2026-01-02T03:04:05.006Z' }),
      ]);
      expect(await derivedColumns()).toEqual([
        { uid: 't1', progress: 50, completedAt: null, boardColumn: 'In Progress', searchText: 'open\nca va' },
        {
          uid: 't2',
          progress: 100,
          completedAt: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
          boardColumn: 'Completed',
          searchText: 'done\n',
        },
      ]);
      await push(token, 'c1', [upsertOp('o3', 't2', { progress: 10 }, { baseV: 1 })]);
      expect((await derivedColumns())[1]).toMatchObject({
        progress: 10,
        completedAt: null,
        boardColumn: 'To Do',
      });
    } finally {
      await applyTestEnv();
    }
  });

  it('are filled once for rows stored before they existed, in steps, and never again', async () => {
    const { db, tables } = await getDatabase();
    const updatedAt = new Date(Date.UTC(2026, 5, 1));
    const rows = Array.from({ length: 1203 }, (_, index) => ({
      uid: `t${String(index).padStart(4, '0')}`,
      ownerId: null,
      assigneeId: null,
      fields: JSON.stringify({
        title: field(`Task ${index}`),
        progress: field(index % 2 === 0 ? 100 : 30),
      }),
      life: null,
      deleted: false,
      version: 1,
      createdAt: updatedAt,
      updatedAt,
    }));
    for (let start = 0; start < rows.length; start += 400) {
      await db.insert(tables.syncTasks).values(rows.slice(start, start + 400));
    }
    expect((await derivedColumns()).every((row) => row.searchText === null)).toBe(true);

    expect(await fillTaskColumns()).toBe(1203);
    const filled = await derivedColumns();
    expect(filled[0]).toEqual({
      uid: 't0000',
      progress: 100,
      // Neither completedAt nor updatedAt among its fields: the row's own time.
      completedAt: updatedAt.getTime(),
      boardColumn: 'Completed',
      searchText: 'task 0\n',
    });
    expect(filled[1]).toEqual({
      uid: 't0001',
      progress: 30,
      completedAt: null,
      boardColumn: 'To Do',
      searchText: 'task 1\n',
    });
    expect(filled.every((row) => row.searchText !== null)).toBe(true);
    expect(await fillTaskColumns()).toBe(0);
  });
});
