import { describe, expect, it } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { createMeta, evictArchived, freezeOps, recordChanges, takeTouched } from '../replica';

let uids = 0;
const newUid = () => `00000000-0000-4000-8000-${String(uids++).padStart(12, '0')}`;

function task(id: string, progress: number): Task {
  return { id, title: `T${id}`, description: 'd', priority: 'Low', deadline: '', progress, assignedTo: 'A' };
}

/** A replica whose tasks were all sent and pulled: nothing waits. */
function syncedReplica(list: Task[]) {
  const meta = createMeta('u1', 'client0000000001');
  meta.decided = 'upload';
  const tasks = recordChanges(meta, null, list, 1_000, newUid);
  for (const item of tasks) meta.tasks[item.uid as string] = { v: 1, h: {} };
  meta.dirty = {};
  takeTouched(meta);
  return { meta, tasks };
}

const done = (item: Task) => item.progress === 100;

describe('evictArchived', () => {
  it('drops archived synced tasks from the list and the replica, and nothing else', () => {
    const { meta, tasks } = syncedReplica([task('1', 100), task('2', 40), task('3', 100)]);
    const kept = evictArchived(meta, tasks, done, new Set());
    expect(kept.map((item) => item.id)).toEqual(['2']);
    expect(Object.keys(meta.tasks)).toEqual([tasks[1]!.uid]);
    // Not deleted: no delete waits to be sent.
    expect(meta.dirty).toEqual({});
    expect(takeTouched(meta)).toEqual(new Set([tasks[0]!.uid, tasks[2]!.uid]));
  });

  it('keeps a task with a change waiting, one being sent, and one opened from the archive', () => {
    const { meta, tasks } = syncedReplica([task('1', 100), task('2', 100), task('3', 100)]);
    // Task 2's change is frozen into an operation (being sent); task 1's waits, not yet frozen.
    const sent = tasks.map((item) => (item.id === '2' ? { ...item, title: 'Sent' } : item));
    recordChanges(meta, tasks, sent, 2_000, newUid);
    freezeOps(meta, sent);
    const frozen = sent.map((item) => (item.id === '1' ? { ...item, title: 'Edited' } : item));
    recordChanges(meta, sent, frozen, 3_000, newUid);
    expect(meta.inflight.map((op) => op.uid)).toEqual([tasks[1]!.uid]);
    expect(Object.keys(meta.dirty)).toContain(tasks[0]!.uid);
    const kept = evictArchived(meta, frozen, done, new Set([frozen[2]!.uid as string]));
    expect(kept).toBe(frozen);
  });

  it('leaves tasks without a sync identity alone', () => {
    const meta = createMeta('u1', 'client0000000001');
    const local = [task('1', 100)];
    expect(evictArchived(meta, local, done, new Set())).toBe(local);
  });
});
