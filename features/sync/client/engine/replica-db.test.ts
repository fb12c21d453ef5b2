import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { createMeta, recordChanges, takeTouched } from '../replica';
import { openReplicaDb, type ReplicaDb } from './replica-db';
import { openReplicaIdb, READ_BATCH, readStoredTasks } from './replica-open';

let opened: ReplicaDb[] = [];
let names = 0;

async function open(name = `replica-${names++}`): Promise<ReplicaDb> {
  const db = await openReplicaDb(name);
  opened.push(db);
  return db;
}

afterEach(() => {
  for (const db of opened) db.close();
  opened = [];
});

function task(id: string, extra: Partial<Task> = {}): Task {
  return {
    id,
    title: `Task ${id}`,
    description: 'd',
    priority: 'Medium',
    deadline: '2026-12-01',
    progress: 0,
    assignedTo: 'Sam',
    ...extra,
  };
}

let uids = 0;
const newUid = () => `00000000-0000-4000-8000-${String(uids++).padStart(12, '0')}`;

describe('the IndexedDB replica', () => {
  it('reads every task and synced entry back in batches, past a batch and exactly at one', async () => {
    for (const count of [READ_BATCH, 2 * READ_BATCH + 7]) {
      const name = `replica-${names++}`;
      const db = await open(name);
      const meta = createMeta('user-1', 'client0000000001');
      meta.decided = 'upload';
      const many = Array.from({ length: count }, (_, index) => task(String(100_000 + index)));
      const tasks = recordChanges(meta, null, many, 1_000, newUid);
      // As if every task had been pulled: one synced entry each.
      for (const [index, one] of tasks.entries())
        meta.tasks[String(one.uid)] = { v: index + 1, h: { t: 'x' } };
      await db.write({ putTasks: tasks, meta, wholeMeta: true });
      db.close();

      const again = await open(name);
      const stored = await readStoredTasks(await openReplicaIdb(name));
      expect(stored.tasks).toEqual(tasks);
      const { meta: read } = await again.loadMeta();
      expect(read).toEqual(meta);
      expect(Object.keys(read!.tasks)).toHaveLength(count);
    }
  });

  it('reads back what it wrote: tasks by id, the bookkeeping whole, marks', async () => {
    const name = `replica-${names++}`;
    const db = await open(name);
    const meta = createMeta('user-1', 'client0000000001');
    meta.decided = 'upload';
    const tasks = recordChanges(meta, null, [task('1'), task('2')], 1_000, newUid);
    await db.write({ putTasks: tasks, meta, wholeMeta: true, addMarks: [{ id: '9', uid: '' }] });
    db.close();

    const again = await open(name);
    const snapshot = await again.load();
    expect(snapshot.tasks).toEqual(tasks);
    expect(snapshot.meta).toEqual(meta);
    expect(snapshot.marks).toEqual([{ id: '9', uid: '' }]);
  });

  it('writes only the entries a step touched, and deletes those that went', async () => {
    const db = await open();
    const meta = createMeta('user-1', 'client0000000001');
    meta.decided = 'upload';
    let tasks = recordChanges(meta, null, [task('1'), task('2')], 1_000, newUid);
    await db.write({ putTasks: tasks, meta, wholeMeta: true });

    // One task edited, the other deleted: the step touches exactly their two entries.
    const edited = { ...tasks[0]!, title: 'Edited' };
    const before = tasks;
    tasks = recordChanges(meta, before, [edited], 2_000, newUid);
    await db.write({ putTasks: [edited], deleteTaskIds: ['2'], meta });
    const snapshot = await db.load();
    expect(snapshot.tasks).toEqual([edited]);
    expect(snapshot.meta).toEqual(meta);
    // Never sent: the delete forgets it, and its record goes too.
    expect(meta.dirty[before[1]!.uid as string]).toBeUndefined();
    expect(takeTouched(meta)).toEqual(new Set());
  });

  it('a partial write leaves other entries as they were', async () => {
    const db = await open();
    const meta = createMeta('user-1', 'client0000000001');
    meta.decided = 'upload';
    const tasks = recordChanges(meta, null, [task('1'), task('2')], 1_000, newUid);
    await db.write({ putTasks: tasks, meta, wholeMeta: true });
    const edited = { ...tasks[1]!, title: 'Edited' };
    recordChanges(meta, tasks, [tasks[0]!, edited], 2_000, newUid);
    await db.write({ putTasks: [edited], meta });
    expect((await db.load()).meta).toEqual(meta);
    // Writing the other entry differently by hand is not overwritten by a later partial write.
    const uid0 = tasks[0]!.uid as string;
    const kept = structuredClone(meta.dirty[uid0]);
    meta.dirty[uid0]!.s = 'changed-without-touch';
    await db.write({ meta });
    expect((await db.load()).meta?.dirty[uid0]).toEqual(kept);
  });

  it('reads the tasks alone, saying whether bookkeeping is stored', async () => {
    const db = await open();
    await db.write({ putTasks: [task('1')] });
    expect(await db.loadTasks()).toEqual({ tasks: [task('1')], hasMeta: false });
    await db.write({ meta: createMeta('user-1', 'client0000000001'), wholeMeta: true });
    expect(await db.loadTasks()).toEqual({ tasks: [task('1')], hasMeta: true });
  });

  it('clears the bookkeeping and leaves the tasks', async () => {
    const db = await open();
    const meta = createMeta('user-1', 'client0000000001');
    await db.write({ putTasks: [task('1')], meta, wholeMeta: true, addMarks: [{ id: '1', uid: '' }] });
    await db.clearMeta();
    expect(await db.load()).toEqual({ tasks: [task('1')], meta: null, marks: [] });
  });
});

describe('the early read (replica-open.ts)', () => {
  it('reads the default database once per page and hands the result over once', async () => {
    const { readTeamTasksEarly, takeEarlyRead } = await import('./replica-open');
    const { REPLICA_DB_NAME } = await import('./replica-db');
    const writer = await open(REPLICA_DB_NAME);
    await writer.write({ putTasks: [task('1'), task('2')] });
    expect(takeEarlyRead()).toBeNull();
    readTeamTasksEarly();
    const early = takeEarlyRead();
    expect(early).not.toBeNull();
    const db = await early!.db;
    const stored = await early!.stored;
    expect(stored.tasks.map((item) => item.id).sort()).toEqual(['1', '2']);
    expect(stored.hasMeta).toBe(false);
    db.close();
    // Taken: nothing left; a second start in the same page reads nothing more.
    expect(takeEarlyRead()).toBeNull();
    readTeamTasksEarly();
    expect(takeEarlyRead()).toBeNull();
  });
});
