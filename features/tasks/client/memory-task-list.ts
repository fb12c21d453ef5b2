import { listChanges } from '@/features/tasks/model/list-changes';
import type { Task } from '@/features/tasks/model/task-types';
import type { LocalStore } from '@/shared/browser-storage/local-store';

/** What one write changed: the tasks to store again and the ids gone. */
export interface TaskListChange {
  put: Task[];
  del: string[];
}

/**
 * A task list held in memory for the screens (team mode: features/sync/client/engine/team-replica.ts keeps it in
 * IndexedDB), shaped like the `tasks` key's store so features/tasks/client/tasks.ts can use either. A write
 * hands `persist` only what changed, found by object identity (features/tasks/model/list-changes.ts).
 */
export interface MemoryTaskList extends LocalStore<Task[]> {
  /** Sets the list without persisting it (a change another tab already stored); returns the previous one. */
  replaceQuietly(next: Task[]): Task[];
}

export function changeBetween(prev: readonly Task[], next: readonly Task[]): TaskListChange {
  const { added, removed } = listChanges(prev, next);
  const put = added.map((index) => next[index]!);
  if (removed.length === 0) return { put, del: [] };
  const kept = new Set(put.map((task) => task.id));
  return { put, del: removed.map((task) => task.id).filter((id) => !kept.has(id)) };
}

/** `tasks` with `change` applied: replaced in place, new ones last, deleted ones gone; the same array when it is empty. */
export function applyChange(tasks: readonly Task[], change: TaskListChange): Task[] {
  if (change.put.length === 0 && change.del.length === 0) return tasks as Task[];
  const gone = new Set(change.del);
  const put = new Map(change.put.map((task) => [task.id, task]));
  const next: Task[] = [];
  for (const task of tasks) {
    if (gone.has(task.id)) continue;
    const replacement = put.get(task.id);
    put.delete(task.id);
    next.push(replacement ?? task);
  }
  next.push(...put.values());
  return next;
}

export function createMemoryTaskList(
  key: string,
  initial: Task[],
  persist: (change: TaskListChange) => void,
): MemoryTaskList {
  let current = initial;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of Array.from(listeners)) listener();
  };
  const write = (next: Task[]) => {
    if (next === current) return;
    const change = changeBetween(current, next);
    current = next;
    if (change.put.length > 0 || change.del.length > 0) persist(change);
    notify();
  };
  const read = () => current;
  return {
    key,
    read,
    write,
    update: (fn) => write(fn(current)),
    remove: () => write([]),
    subscribe(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    getSnapshot: read,
    getServerSnapshot: () => initial,
    replaceQuietly(next) {
      const prev = current;
      current = next;
      if (next !== prev) notify();
      return prev;
    },
  };
}
