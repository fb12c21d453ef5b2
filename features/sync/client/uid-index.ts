import { listChanges } from '@/features/tasks/model/list-changes';
import type { Task } from '@/features/tasks/model/task-types';
import { isSyncId } from '../model/protocol';

/** Read-only view of a list's tasks by sync identity (the first task holding each). */
export type UidIndex = Pick<ReadonlyMap<string, Task>, 'get' | 'has' | 'keys' | 'size'>;

/**
 * The index of the list the engine looked at last. The engine asks for the same list several times
 * in a cycle (freeze, push answer, pull), and a command changes one task of thousands, so the index
 * follows the list from one version to the next instead of being built again (a map of every task,
 * about 1 ms per 3,000 tasks in Chromium).
 */
let last: { tasks: readonly Task[]; byUid: Map<string, Task>; unique: boolean } | null = null;

/** More changes than this between two versions: the index is built again. */
const MAX_FOLLOWED = 64;

/**
 * The tasks of `tasks` by sync identity, the first holding each. Valid until the next call (it may
 * be updated in place for the next version of the list): use it within one synchronous step, and
 * never change it. The list must not be changed in place after it was indexed (lists are replaced,
 * never mutated, throughout features/tasks/client/tasks.ts and the engine).
 */
export function tasksByUid(tasks: readonly Task[]): UidIndex {
  if (last?.tasks === tasks) return last.byUid;
  if (last?.unique && follow(last, tasks)) return last.byUid;
  last = build(tasks);
  return last.byUid;
}

function build(tasks: readonly Task[]): {
  tasks: readonly Task[];
  byUid: Map<string, Task>;
  unique: boolean;
} {
  const byUid = new Map<string, Task>();
  let unique = true;
  for (const task of tasks) {
    if (!isSyncId(task.uid)) continue;
    if (byUid.has(task.uid)) unique = false;
    else byUid.set(task.uid, task);
  }
  return { tasks, byUid, unique };
}

/**
 * Moves an index of unique identities to `tasks` when few tasks changed and the identities stay
 * unique (an edit keeps its task's uid, an add brings a new one, a delete takes one away). Returns
 * false, leaving `entry` as it was, otherwise.
 */
function follow(
  entry: { tasks: readonly Task[]; byUid: Map<string, Task>; unique: boolean },
  tasks: readonly Task[],
): boolean {
  const { added, removed } = listChanges(entry.tasks, tasks);
  if (added.length + removed.length > MAX_FOLLOWED) return false;
  const { byUid } = entry;
  const leaving = new Set<string>();
  for (const task of removed) {
    if (!isSyncId(task.uid)) continue;
    if (byUid.get(task.uid) !== task || leaving.has(task.uid)) return false;
    leaving.add(task.uid);
  }
  const arriving = new Set<string>();
  for (const index of added) {
    const uid = tasks[index]!.uid;
    if (!isSyncId(uid)) continue;
    if (arriving.has(uid) || (byUid.has(uid) && !leaving.has(uid))) return false;
    arriving.add(uid);
  }
  for (const uid of leaving) byUid.delete(uid);
  for (const index of added) {
    const task = tasks[index]!;
    if (isSyncId(task.uid)) byUid.set(task.uid, task);
  }
  entry.tasks = tasks;
  return true;
}
