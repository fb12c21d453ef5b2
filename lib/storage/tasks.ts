import { toast } from 'sonner';
import * as board from '@/lib/tasks/board';
import { commandEffects, syncEffects } from '@/lib/tasks/command-effects';
import type { RankChange } from '@/lib/tasks/rank';
import { withTaskLabels } from '@/lib/tasks/labels';
import { toLocalDateKey } from '@/lib/tasks/deadlines';
import { readRepeat, type TaskRepeat } from '@/lib/tasks/repeat';
import { applyTaskPatch, type TaskPatch } from '@/lib/tasks/task-patch';
import { createTask, type NewTaskInput } from '@/lib/tasks/task-create';
import { taskSchema, tasksSchema } from '@/lib/tasks/task-read';
import type { Assignee, BoardColumn, Task } from '@/lib/tasks/task-types';
import { createLocalStore, type LocalStore, type ReadableStore } from './local-store';
import { applyChange, type MemoryTaskList, type TaskListChange } from './memory-task-list';
import { loggedInUserStore, userStore } from './session';

const NO_TASKS: Task[] = [];

const localTasks = createLocalStore<Task[]>({ key: 'tasks', schema: tasksSchema, fallback: NO_TASKS });

/** Where the list lives: the `tasks` key, or team mode's list in memory (backed by IndexedDB). */
let store: LocalStore<Task[]> | MemoryTaskList = localTasks;
/** Subscribers of `tasksStore`, each with its subscription to the current `store`. */
const subscribers = new Map<() => void, () => void>();

/**
 * The task list (key `tasks`; in team mode the team's list, lib/sync/engine/team-replica.ts), to read
 * and subscribe to. Invalid items are dropped on read and their original kept aside. It has no
 * `write`: every change goes through the commands below, the one path by which the list is written.
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
 * the change (lib/sync/client.ts). It returns the list to write (`next`, or a copy in which it gave new
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

/** A local edit: through the hook, then stored. */
function writeLocalEdit(prev: readonly Task[], next: Task[]): void {
  if (!writeHook) {
    store.write(next);
    return;
  }
  const { tasks, afterWrite } = writeHook(prev, next);
  store.write(tasks);
  afterWrite?.();
}

/**
 * Applies `change` to the stored list and writes the result, unless `change` returned the list it was
 * given (nothing changed: nothing is written, and no one is told). Returns whether it wrote.
 * Throws `StorageQuotaError`/`StorageUnavailableError` when the browser refuses the write.
 */
function changeTasks(change: (tasks: readonly Task[]) => Task[]): boolean {
  const started = performance.now();
  const current = store.read();
  const next = change(current);
  if (next === current) return false;
  try {
    writeLocalEdit(current, afterCommand(current, next, Date.now()));
  } catch (error) {
    // Refused by the browser: nothing was stored, so nothing was made.
    pendingAnnouncements.length = 0;
    throw error;
  }
  announceNextOccurrences();
  measureCommand(started);
  return true;
}

/**
 * A command's own main-thread time (the change, the write, team sync's record and store), without the
 * screens' render that follows: a User Timing entry `tasklane:command` for bench:team-scale and the
 * browser's performance panel. The buffer keeps the last ones only.
 */
function measureCommand(started: number): void {
  if (typeof performance.measure !== 'function') return;
  performance.measure(COMMAND_MEASURE, { start: started, end: performance.now() });
  if (++measured % 100 === 0) performance.clearMeasures(COMMAND_MEASURE);
}
const COMMAND_MEASURE = 'tasklane:command';
let measured = 0;

/**
 * What every command's change brings with it (lib/tasks/command-effects.ts): the changed tasks settled
 * by the one rule for done, a repeating task it completed makes its next occurrence, announced by a
 * toast once stored (only here, where the user completed it), then the changed tasks' `updatedAt`.
 */
function afterCommand(current: readonly Task[], next: Task[], nowMs: number): Task[] {
  const { tasks, spawned } = commandEffects(current, next, {
    nowMs,
    todayKey: toLocalDateKey(new Date(nowMs)),
  });
  for (const task of spawned) pendingAnnouncements.push(task);
  return tasks;
}

/** Next occurrences made by the command being written, announced once the write succeeded. */
const pendingAnnouncements: Task[] = [];

/** The toast for a next occurrence (docs/product.md#repeating-tasks). */
export function nextOccurrenceMessage(task: Pick<Task, 'title' | 'deadline'>): string {
  return `Next "${task.title}" is due ${task.deadline}.`;
}

function announceNextOccurrences(): void {
  for (const task of pendingAnnouncements.splice(0)) toast.success(nextOccurrenceMessage(task));
}

/**
 * Team sync's one write: the list rebuilt from what the server sent (or with sync identities added). It
 * is not a local edit, so the write hook is not told. Same return and errors as the commands below.
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
 * rule for done (lib/tasks/completion.ts), and a repeating task another device's change completed
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

/**
 * Adds a task made from the form's input, assigned to the logged-in user (name and email, when known),
 * with an id no stored task has. Returns it, or `null` when the title or description is blank after
 * trimming (nothing is written). With team sync on, the form's assignee picker passes `assignee` (id and name)
 * (the author's email is still the session's).
 */
export function addTask(
  input: NewTaskInput,
  options: { assignee?: Assignee; column?: BoardColumn } = {},
): Task | null {
  const tasks = store.read();
  const task = createTask(input, {
    nowMs: Date.now(),
    userName: loggedInUserStore.read()?.name,
    assignedTo: options.assignee?.name,
    // Without an id (no readable session) the name alone goes: the server binds it to its writer
    // when it is theirs (the signed-in user's own), else to nobody (docs/product.md#assignees).
    assigneeId: options.assignee?.id ?? undefined,
    email: userStore.read()?.email,
    existingIds: tasks.map((existing) => existing.id),
  });
  if (!task) return null;
  // Added at the foot of a board column: placed there as a drop there would (docs/product.md#capture).
  const next = options.column ? board.placeTask([...tasks, task], task.id, options.column) : [...tasks, task];
  writeLocalEdit(tasks, next);
  return next[next.length - 1]!;
}

/**
 * A drop on the board: the task goes to `column`, its progress unchanged, and the cards of `ranks`
 * (lib/tasks/rank.ts) take their places in it. Returns whether it wrote.
 */
export function moveTask(taskId: string, column: BoardColumn, ranks: readonly RankChange[] = []): boolean {
  return changeTasks((tasks) => board.placeTask(tasks, taskId, column, ranks));
}

/** The slider: sets the progress (clamped to 0–100) and lets it decide the column again. */
export function setTaskProgress(taskId: string, progress: number): boolean {
  return changeTasks((tasks) => board.setTaskProgress(tasks, taskId, progress));
}

/**
 * Mark as Completed: status 'Completed', progress 100, every checklist item ticked when progress
 * follows the checklist (lib/tasks/completion.ts markCompleted). Returns whether it wrote.
 */
export function completeTask(taskId: string): boolean {
  return changeTasks((tasks) => board.completeTask(tasks, taskId));
}

/**
 * A task's own view: changes the fields of `patch` on the task with this id, by the rules of
 * creation (lib/tasks/task-patch.ts applyTaskPatch). Refused: nothing is written and the answer names the
 * field and why. `written` is false when the task already held every value, or no task has that id.
 */
export function updateTask(
  taskId: string,
  patch: TaskPatch,
): { ok: true; written: boolean } | { ok: false; field: keyof TaskPatch; message: string } {
  return changeOneTask(taskId, (task) => applyTaskPatch(task, patch));
}

/**
 * `rule` applied to the task with this id: its refusal (nothing written), or whether it wrote (false
 * when the rule left the task as it was, or no task has that id).
 */
export function changeOneTask<Refusal extends { ok: false }>(
  taskId: string,
  rule: (task: Task) => { ok: true; task: Task } | Refusal,
): { ok: true; written: boolean } | Refusal {
  let refusal: Refusal | null = null;
  const written = changeTasks((tasks) => {
    const index = tasks.findIndex((task) => task.id === taskId);
    if (index === -1) return tasks as Task[];
    const result = rule(tasks[index]!);
    if (!result.ok) {
      refusal = result;
      return tasks as Task[];
    }
    if (result.task === tasks[index]) return tasks as Task[];
    const next = [...tasks];
    next[index] = result.task;
    return next;
  });
  return refusal ?? { ok: true, written };
}

/**
 * Team sync: the author gives the task to `assignee` (user id and name). Sync sends it like any other
 * edit; the server lets only the task's owner change it. Returns whether it wrote.
 */
export function assignTask(taskId: string, assignee: Assignee): boolean {
  return changeTasks((tasks) => board.assignTask(tasks, taskId, assignee));
}

/**
 * The task view's Repeat (docs/product.md#repeating-tasks): the task repeats by `rule` from now on,
 * or no longer (`null`). A rule this version does not understand is refused (nothing written).
 * Returns whether it wrote.
 */
export function setTaskRepeat(taskId: string, rule: TaskRepeat | null): boolean {
  const repeat = rule === null ? null : readRepeat(rule);
  if (rule !== null && repeat === null) return false;
  return changeTasks((tasks) => {
    const index = tasks.findIndex((task) => task.id === taskId);
    const task = tasks[index];
    if (!task || JSON.stringify(task.repeat ?? null) === JSON.stringify(repeat)) return tasks as Task[];
    const changed: Task = { ...task };
    if (repeat === null) delete changed.repeat;
    else changed.repeat = repeat;
    const next = [...tasks];
    next[index] = changed;
    return next;
  });
}

/**
 * The task's labels become `ids` (label ids, in the order they were added; repeats dropped; none
 * removes the field, docs/product.md#labels). Returns whether it wrote: false when no task has that
 * id or it already holds exactly these ids.
 */
export function setTaskLabels(taskId: string, ids: readonly string[]): boolean {
  const result = changeOneTask(taskId, (task) => ({ ok: true as const, task: withTaskLabels(task, ids) }));
  return result.ok && result.written;
}

/** Returns whether it wrote (`false` when no stored task has that id). */
export function deleteTask(taskId: string): boolean {
  return changeTasks((tasks) => board.removeTask(tasks, taskId));
}

/**
 * Undo of a delete (docs/product.md#undo-a-delete): puts `task` back, the very object the delete removed,
 * at `index` (clamped to the list's length), as a local edit and without a new `updatedAt`: the task is
 * back exactly as it was. With team sync on, its uid reappearing makes the replica send a restore, so
 * other devices get it back too. Returns whether it wrote: false when a stored task already has its
 * id, or its uid (it is back already).
 */
export function restoreTask(task: Task, index: number): boolean {
  const current = store.read();
  const taken = current.some(
    (stored) => stored.id === task.id || (task.uid !== undefined && stored.uid === task.uid),
  );
  if (taken) return false;
  const at = Math.max(0, Math.min(Math.trunc(index), current.length));
  writeLocalEdit(current, [...current.slice(0, at), task, ...current.slice(at)]);
  return true;
}

/**
 * Team sync's Restore (docs/product.md#team-sync): sets one field of the task with sync identity `uid`
 * back to a value it had (`null`: the field had no value), as a local edit, so it gets a new stamp
 * and wins from now on. Returns whether it wrote: false when no task has that uid, when the field
 * already holds the value, or when the value would make the task unreadable (nothing is written).
 */
export function setTaskField(uid: string, field: string, value: unknown): boolean {
  if (field === 'id' || field === 'uid') return false;
  return changeTasks((tasks) => {
    const index = tasks.findIndex((task) => task.uid === uid);
    const task = tasks[index];
    if (!task || JSON.stringify(task[field] ?? null) === JSON.stringify(value ?? null))
      return tasks as Task[];
    const changed: Record<string, unknown> = { ...task, [field]: value };
    if (value === null || value === undefined) delete changed[field];
    const parsed = taskSchema.safeParse(changed);
    if (!parsed.success) return tasks as Task[];
    const next = [...tasks];
    next[index] = parsed.data;
    return next;
  });
}
