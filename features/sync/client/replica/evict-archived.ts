/**
 * Archived work leaves the browser (docs/decisions/0029-archive-and-team-numbers.md): the rule that
 * drops archived synced tasks from the list and the replica. Nothing is deleted on the server, and a
 * task with a change waiting to be sent stays.
 */
import type { Task } from '@/features/tasks/model/task-types';
import { isSyncId } from '@/features/sync/model/protocol';
import { type SyncMeta, touch } from './meta';

/**
 * Archived work leaves the browser (docs/product.md#archived-tasks): synced tasks `archived` picks
 * leave the list and the replica, unless a change of theirs waits to be sent or `keep` holds their
 * uid (opened from the archive this session). They are not deleted: the server keeps them, and a
 * pull brings one back when it changes so that it is no longer archived. Returns the list to store.
 */
export function evictArchived(
  meta: SyncMeta,
  tasks: readonly Task[],
  archived: (task: Task) => boolean,
  keep: ReadonlySet<string>,
): Task[] {
  const sending = new Set(meta.inflight.map((op) => op.uid));
  const evicted = new Set<string>();
  for (const task of tasks) {
    const uid = task.uid;
    if (!isSyncId(uid) || keep.has(uid) || meta.tasks[uid] === undefined) continue;
    if (meta.dirty[uid] !== undefined || sending.has(uid) || meta.tasks[uid]!.u !== undefined) continue;
    if (!archived(task)) continue;
    delete meta.tasks[uid];
    touch(meta, uid);
    evicted.add(uid);
  }
  if (evicted.size === 0) return tasks as Task[];
  return tasks.filter((task) => !(isSyncId(task.uid) && evicted.has(task.uid)));
}
