import { syncEffects } from '@/features/tasks/model/command-effects';
import { toLocalDateKey } from '@/shared/format/date-key';
import { tasksSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import { createLocalStore, type LocalStore, type ReadableStore } from '@/shared/browser-storage/local-store';
import { applyChange, type MemoryTaskList, type TaskListChange } from './memory-task-list';

/**
 * The task list's store: where the list lives (the `tasks` key, or team mode's list in memory), the
 * write hook team sync records local edits with, and the writes that are not commands (team sync's,
 * another tab's, a data import). The commands, every local edit of a task, are in
 * features/tasks/client/task-commands.ts.
 */

const NO_TASKS: Task[] = [];

const localTasks = createLocalStore<Task[]>({ key: 'tasks', schema: tasksSchema, fallback: NO_TASKS });

/** Where the list lives: the `tasks` key, or team mode's list in memory (backed by IndexedDB). */
let store: LocalStore<Task[]> | MemoryTaskList = localTasks;

/**
 * Starts reading the `tasks` key in slices (createLocalStore's `readAhead`), so the first render of a
 * screen of tasks finds the list read instead of reading 5,000 tasks in one long task. Each screen that
 * lists the tasks calls it when its module loads (ADR 0053). Nothing on the server, in team mode (whose
 * list is not this key), or once the list has been read.
 */
export function readTasksAhead(): void {
  if (typeof window !== 'undefined' && store === localTasks) void localTasks.readAhead();
}

/** Subscribers of `tasksStore`, each with its subscription to the current `store`. */
const subscribers = new Map<() => void, () => void>();

/**
 * The task list (key `tasks`; in team mode the team's list, features/sync/client/engine/team-replica.ts), to read
 * and subscribe to. Invalid items are dropped on read and their original kept aside. It has no
 * `write`: every change goes through the writes below and the commands (features/tasks/client/task-commands.ts).
 */
export const tasksStore: ReadableStore<Task[]> = {
  key: localTasks.key,
  read: () => store.read(),
  getSnapshot: () => store.getSnapshot(),
  getServerSnapshot: () => store.getServerSnapshot(),
  subscribe(listener) {
    const entry = () => listener();
    subscribers.set(entry, store.subscribe(entry));
    return () => {
      subscribers.get(entry)?.();
      subscribers.delete(entry);
    };
  },
};

/**
 * Team mode: the list now lives in `list` (null: back to the `tasks` key). Every subscriber moves to
 * it and is told.
 */
export function setTaskListBackend(list: MemoryTaskList | null): void {
  const next = list ?? localTasks;
  if (next === store) return;
  store = next;
  for (const [entry, unsubscribe] of subscribers) {
    unsubscribe();
    subscribers.set(entry, store.subscribe(entry));
  }
  for (const entry of Array.from(subscribers.keys())) entry();
}

/**
 * Another tab's change to team mode's list (already stored by that tab). `edit`: it was a local edit
 * there, so this tab's hook (the engine, when this tab syncs) records it as one. Returns whether the
 * list changed.
 */
export function applyTasksFromOtherTab(change: TaskListChange, edit: boolean): boolean {
  if (!('replaceQuietly' in store)) return false;
  const current = store.read();
  const next = applyChange(current, change);
  if (next === current) return false;
  store.replaceQuietly(next);
  if (edit) recordTasksChangedElsewhere(current);
  return true;
}

/**
 * The list changed from `previous` to what it holds now without this tab's hook being told (another
 * tab's edit): the hook (the engine, when this tab syncs) records it as a local edit of this device.
 */
export function recordTasksChangedElsewhere(previous: readonly Task[]): void {
  if (!writeHook) return;
  const current = store.read();
  if (current === previous) return;
  const { tasks, afterWrite } = writeHook(previous, current);
  // The hook gave new tasks their sync identity: those are stored (and sent to the other tabs).
  if (tasks !== current) store.write(tasks);
  afterWrite?.();
}

/**
 * Told of every local edit, in the same synchronous turn, before the list is written: team sync records
 * the change (features/sync/client/client.ts). It returns the list to write (`next`, or a copy in which it gave new
 * tasks their sync identity) and, optionally, what to run once the list is stored.
 */
export type TasksWriteHook = (
  prev: readonly Task[],
  next: Task[],
) => { tasks: Task[]; afterWrite?: () => void };

let writeHook: TasksWriteHook | null = null;

/** Installs the hook (one at a time); returns its removal. */
export function setTasksWriteHook(hook: TasksWriteHook): () => void {
  writeHook = hook;
  return () => {
    if (writeHook === hook) writeHook = null;
  };
}

/**
 * A local edit: through the hook, then stored. The commands (features/tasks/client/task-commands.ts), a data
 * import and the settling of team sync's writes all write through it.
 */
export function writeLocalEdit(prev: readonly Task[], next: Task[]): void {
  if (!writeHook) {
    store.write(next);
    return;
  }
  const { tasks, afterWrite } = writeHook(prev, next);
  store.write(tasks);
  afterWrite?.();
}

/**
 * Team sync's one write: the list rebuilt from what the server sent (or with sync identities added). It
 * is not a local edit, so the write hook is not told. Same return and errors as the commands
 * (features/tasks/client/task-commands.ts).
 */
export function replaceTasksFromSync(change: (tasks: readonly Task[]) => Task[]): boolean {
  const current = store.read();
  const next = change(current);
  if (next === current) return false;
  store.write(next);
  return true;
}

/**
 * Team sync wrote what the server sent (the list was `before`): the tasks it changed follow the one
 * rule for done (features/tasks/model/completion.ts), and a repeating task another device's change completed
 * makes its next occurrence here too (its identity is derived from the task's, so every device that
 * makes it makes the same one, docs/product.md#repeating-tasks). What that changes is a local edit,
 * so it is sent; no toast, no `updatedAt` (nobody here did anything). Returns whether it wrote.
 */
export function settleTasksFromSync(before: readonly Task[]): boolean {
  const current = store.read();
  if (current === before) return false;
  const nowMs = Date.now();
  const { tasks } = syncEffects(before, current, { nowMs, todayKey: toLocalDateKey(new Date(nowMs)) });
  if (tasks === current) return false;
  writeLocalEdit(current, tasks);
  return true;
}

/**
 * Team sync's logout (docs/product.md#team-sync): the team's tasks leave this browser, the tasks kept
 * on this device only stay. Not a local edit (the hook is not told); the key goes when nothing is
 * left. Throws `StorageUnavailableError` when storage cannot be written.
 */
export function removeTasksFromSync(isTeamTask: (task: Task) => boolean): void {
  const current = store.read();
  const kept = current.filter((task) => !isTeamTask(task));
  if (kept.length === 0) store.remove();
  else if (kept.length !== current.length) store.write(kept);
}

/**
 * A data import and its undo (docs/product.md#your-data): the whole list replaced as one local edit, so
 * team sync sends the differences like any other change. `null` removes the key (it was not stored
 * before the import). Throws `StorageQuotaError`/`StorageUnavailableError`; nothing is written then.
 */
export function replaceAllTasks(next: Task[] | null): void {
  const current = store.read();
  if (next !== null) {
    writeLocalEdit(current, next);
    return;
  }
  if (current.length > 0) writeLocalEdit(current, []);
  store.remove();
}
