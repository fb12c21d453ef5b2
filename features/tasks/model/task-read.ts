import { arrayOf, INVALID, isRecord, parser } from '@/shared/validation/parsers';
import { CHECKLIST_FIELD_PATTERN, readChecklistValue } from './checklist';
import { settleCompletion } from './completion';
import { isRankKey } from './rank-key';
import { readRepeat } from './repeat';
import { SHAPE_ENTRIES, VIEW_RULE_ENTRIES } from './task-fields';
import { BOARD_COLUMNS, NO_ASSIGNEE, type Task } from './task-types';

/** Ids from `Date.now()` were stored as numbers by older versions. */
function readId(value: unknown): string | typeof INVALID {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return INVALID;
}

/**
 * Reads one stored task. Lenient where the meaning is clear (numeric ids, progress as text, defaults for
 * missing fields, see docs/product.md#task-fields); an unknown `column` is dropped (the card then follows its
 * progress).
 */
function readTask(value: unknown): Task | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  const id = readId(value.id);
  if (id === INVALID) return INVALID;
  const task: Task = { ...value, id } as Task;
  const shaped: Record<string, unknown> = task;
  for (const [field, shape] of SHAPE_ENTRIES) {
    const stored = value[field];
    const read = shape.read(stored);
    if (read === INVALID) return INVALID;
    // Written only when reading changed it (a default, progress from text): most tasks need no write.
    if (read !== undefined && read !== stored) shaped[field] = read;
  }
  // An assignee id that is not text was not written by this app: it binds nobody.
  if (value.assigneeId !== undefined && typeof value.assigneeId !== 'string') task.assigneeId = NO_ASSIGNEE;
  if (value.column !== undefined && !(BOARD_COLUMNS as readonly unknown[]).includes(value.column)) {
    delete task.column;
  }
  if (value.rank !== undefined && !isRankKey(value.rank)) delete task.rank;
  readTaskViewFields(task);
  return settleCompletion(task);
}

/**
 * The task view's fields (docs/product.md#the-task-view), read leniently: a value this version cannot
 * use is dropped from the read copy (the stored one is left alone until the task is next written), so
 * one odd field never hides a task. The task is then read by the one rule for done
 * (features/tasks/model/completion.ts settleCompletion): with `checklistProgress` on and items present, progress
 * is the checklist's (two people ticking different items on two devices each store the progress they
 * saw, and every reader still shows the one the merged checklist gives), and `status` is `Completed`
 * exactly while the task is done.
 */
function readTaskViewFields(task: Task): void {
  for (const [field, { accepts }] of VIEW_RULE_ENTRIES) {
    if (task[field] !== undefined && !accepts(task[field])) delete task[field];
  }
  if (task.repeat !== undefined) task.repeat = readRepeat(task.repeat)!;
  for (const field of Object.keys(task)) {
    if (CHECKLIST_FIELD_PATTERN.test(field) && readChecklistValue(task[field]) === null) delete task[field];
  }
}

/**
 * A synced task's values with each field of `TASK_FIELD_SHAPES` (features/tasks/model/task-fields.ts) that holds
 * a value of another kind replaced by its fallback (or left out): another browser, a script or an older
 * version may have pushed it, and one such field must not hide the task from everyone who sees it
 * (docs/product.md#team-sync). A missing title is left missing: such a row is not whole yet (see
 * features/sync/client/replica/pull.ts).
 */
export function withFieldFallbacks<T>(value: T): T {
  if (!isRecord(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [field, shape] of SHAPE_ENTRIES) {
    if (value[field] === undefined || shape.read(value[field]) !== INVALID) continue;
    out ??= { ...value };
    if (shape.fallback === undefined) delete out[field];
    else out[field] = shape.fallback;
  }
  return (out ?? value) as T;
}

export const taskSchema = parser(readTask);

/**
 * A team-sync task as the browser reads a pulled row: as `taskSchema`, but a field of the wrong kind
 * falls back to its default instead of hiding the whole task (`withFieldFallbacks`).
 */
export const syncedTaskSchema = parser((value) => readTask(withFieldFallbacks(value)));

export const tasksSchema = arrayOf(taskSchema);
