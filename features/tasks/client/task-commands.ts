import { toast } from 'sonner';
import * as board from '@/features/tasks/model/board';
import { placeTaskInKindColumn, type KindColumn } from '@/features/tasks/model/board-layout';
import { commandEffects } from '@/features/tasks/model/command-effects';
import { toLocalDateKey } from '@/shared/format/date-key';
import { withTaskLabels } from '@/features/tasks/model/labels';
import type { RankChange } from '@/features/tasks/model/rank';
import { readRepeat, type TaskRepeat } from '@/features/tasks/model/repeat';
import { createTask, type NewTaskInput } from '@/features/tasks/model/task-create';
import { applyTaskPatch, type TaskPatch } from '@/features/tasks/model/task-patch';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Assignee, BoardColumn, Task } from '@/features/tasks/model/task-types';
import { loggedInUserStore, userStore } from '@/shared/session/session';
import { tasksStore, writeLocalEdit } from './tasks';

/**
 * The task commands: every local edit of the task list (docs/product.md), each one change applied to
 * the stored list (features/tasks/client/tasks.ts) with what every command brings with it (the one rule for
 * done, a repeating task's next occurrence, `updatedAt`).
 */

/**
 * Applies `change` to the stored list and writes the result, unless `change` returned the list it was
 * given (nothing changed: nothing is written, and no one is told). Returns whether it wrote.
 * Throws `StorageQuotaError`/`StorageUnavailableError` when the browser refuses the write.
 */
function changeTasks(change: (tasks: readonly Task[]) => Task[]): boolean {
  const started = performance.now();
  const current = tasksStore.read();
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
 * What every command's change brings with it (features/tasks/model/command-effects.ts): the changed tasks settled
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
 * Adds a task made from the form's input, assigned to the logged-in user (name and email, when known),
 * with an id no stored task has. Returns it, or `null` when the title or description is blank after
 * trimming (nothing is written). With team sync on, the form's assignee picker passes `assignee` (id and name)
 * (the author's email is still the session's).
 */
export function addTask(
  input: NewTaskInput,
  options: {
    assignee?: Assignee;
    /** Added at the foot of a board column: places the new task (`taskId`) there as a drop would. */
    place?: (tasks: readonly Task[], taskId: string) => Task[];
    fields?: Pick<Task, 'projectId'>;
  } = {},
): Task | null {
  const tasks = tasksStore.read();
  const made = createTask(input, {
    nowMs: Date.now(),
    userName: loggedInUserStore.read()?.name,
    assignedTo: options.assignee?.name,
    // Without an id (no readable session) the name alone goes: the server binds it to its writer
    // when it is theirs (the signed-in user's own), else to nobody (docs/product.md#assignees).
    assigneeId: options.assignee?.id ?? undefined,
    email: userStore.read()?.email,
    existingIds: tasks.map((existing) => existing.id),
  });
  if (!made) return null;
  // A project's board (features/tasks/ui/board-scope.tsx) puts the task in its project.
  const task: Task = options.fields?.projectId ? { ...made, projectId: options.fields.projectId } : made;
  // Added at the foot of a board column: placed there as a drop there would (docs/product.md#capture),
  // with what a drop brings (a project's done column completes it).
  const added = [...tasks, task];
  const next = options.place ? afterCommand(tasks, options.place(added, task.id), Date.now()) : added;
  writeLocalEdit(tasks, next);
  return next[next.length - 1]!;
}

/** The spec's board: a new task placed at the foot of `column` (features/tasks/model/board.ts placeTask). */
export function inBoardColumn(column: BoardColumn): (tasks: readonly Task[], taskId: string) => Task[] {
  return (tasks, taskId) => board.placeTask(tasks, taskId, column);
}

/**
 * A drop on the board: the task goes to `column`, its progress unchanged, and the cards of `ranks`
 * (features/tasks/model/rank.ts) take their places in it. Returns whether it wrote.
 */
export function moveTask(taskId: string, column: BoardColumn, ranks: readonly RankChange[] = []): boolean {
  return changeTasks((tasks) => board.placeTask(tasks, taskId, column, ranks));
}

/**
 * A drop on a project's board (features/tasks/model/board-layout.ts): the task goes to the column
 * `columnId` of `columns` (completed in a done column, reopened out of one) and the cards of `ranks`
 * take their places. The refusal (a reopen its checklist decides) writes nothing.
 */
export function moveTaskToKindColumn(
  taskId: string,
  columns: readonly KindColumn[],
  columnId: string,
  ranks: readonly RankChange[] = [],
): { ok: true; written: boolean } | { ok: false; message: string } {
  let refusal: { ok: false; message: string } | null = null;
  const written = changeTasks((tasks) => {
    const placed = placeTaskInKindColumn(tasks, taskId, columns, columnId, ranks);
    if (placed.ok) return placed.tasks;
    refusal = placed;
    return tasks as Task[];
  });
  return refusal ?? { ok: true, written };
}

/** The slider: sets the progress (clamped to 0–100) and lets it decide the column again. */
export function setTaskProgress(taskId: string, progress: number): boolean {
  return changeTasks((tasks) => board.setTaskProgress(tasks, taskId, progress));
}

/**
 * Mark as Completed: status 'Completed', progress 100, every checklist item ticked when progress
 * follows the checklist (features/tasks/model/completion.ts markCompleted). Returns whether it wrote.
 */
export function completeTask(taskId: string): boolean {
  return changeTasks((tasks) => board.completeTask(tasks, taskId));
}

/**
 * A task's own view: changes the fields of `patch` on the task with this id, by the rules of
 * creation (features/tasks/model/task-patch.ts applyTaskPatch). Refused: nothing is written and the answer names the
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
 * `rule` applied to each task whose id is in `ids`, in one write (one change for sync, one Undo): a
 * task the rule refuses stays as it was and is counted in `refused`. Returns whether it wrote.
 */
export function changeSomeTasks(
  ids: ReadonlySet<string>,
  rule: (task: Task) => { ok: true; task: Task } | { ok: false },
): { written: boolean; refused: number } {
  let refused = 0;
  const written = changeTasks((tasks) => {
    refused = 0;
    let next: Task[] | null = null;
    tasks.forEach((task, index) => {
      if (!ids.has(task.id)) return;
      const result = rule(task);
      if (!result.ok) refused++;
      else if (result.task !== task) (next ??= [...tasks])[index] = result.task;
    });
    return next ?? (tasks as Task[]);
  });
  return { written, refused };
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

/** Deletes every task `doomed` names (a project deleted in the default mode); whether it wrote. */
export function deleteTasksWhere(doomed: (task: Task) => boolean): boolean {
  return changeTasks((tasks) => {
    const kept = tasks.filter((task) => !doomed(task));
    return kept.length === tasks.length ? (tasks as Task[]) : kept;
  });
}

/**
 * Undo of a delete (docs/product.md#undo-a-delete): puts `task` back, the very object the delete removed,
 * at `index` (clamped to the list's length), as a local edit and without a new `updatedAt`: the task is
 * back exactly as it was. With team sync on, its uid reappearing makes the replica send a restore, so
 * other devices get it back too. Returns whether it wrote: false when a stored task already has its
 * id, or its uid (it is back already).
 */
export function restoreTask(task: Task, index: number): boolean {
  const current = tasksStore.read();
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
