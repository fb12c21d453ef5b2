import { arrayOf, INVALID, isRecord, parser, readOptionalString, readString } from '../validation/parsers';
import { CHECKLIST_FIELD_PATTERN, readChecklistValue } from './checklist';
import { applyProgress, COMPLETED_STATUS, markCompleted, settleCompletion } from './completion';
import { listChanges, type ListChanges } from './list-changes';
import { isRankKey } from './rank-key';
import { readRepeat, type TaskRepeat } from './repeat';

export type { TaskRepeat };

export { CHECKLIST_FIELD_PATTERN };

/** The three priorities, in the order the form offers them (docs/product.md#task-fields). */
export const TASK_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'Medium';
const TASK_PRIORITY_RULE = 'Priority must be High, Medium or Low.';

/** The board's columns, left to right (docs/product.md#board-columns). */
export const BOARD_COLUMNS = ['To Do', 'In Progress', 'Completed'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** assignedTo when no one is logged in (docs/product.md#task-fields). */
export const UNKNOWN_ASSIGNEE = 'Unknown User';

/** What a team task bound to nobody shows where the assignee's name goes (docs/product.md#assignees). */
export const UNASSIGNED_LABEL = 'Unassigned';

/**
 * Every field name a task of this version writes (docs/product.md#task-fields). Team sync takes any
 * other name too, so that a newer version's fields survive, but only a few small ones
 * (lib/sync/task-size.ts): add a field here when the app starts writing it.
 */
export const TASK_FIELD_NAMES: readonly string[] = [
  'title',
  'description',
  'priority',
  'deadline',
  'progress',
  'assignedTo',
  'assigneeId',
  'email',
  'status',
  'column',
  // Its place within its board column (lib/tasks/rank.ts).
  'rank',
  // The task view's fields (docs/product.md#the-task-view); checklist items are fields of their own,
  // named by CHECKLIST_FIELD_PATTERN (lib/tasks/checklist.ts).
  'labels',
  'repeat',
  'repeatedAs',
  'checklistProgress',
  'createdAt',
  'updatedAt',
  // When progress last reached 100 (lib/tasks/archive.ts); gone while it is below.
  'completedAt',
];

const KNOWN_TASK_FIELDS: ReadonlySet<string> = new Set(TASK_FIELD_NAMES);

/** Whether this version writes a field of that name (a listed name, or a checklist item's). */
export function isKnownTaskField(name: string): boolean {
  return KNOWN_TASK_FIELDS.has(name) || CHECKLIST_FIELD_PATTERN.test(name);
}

export const TASK_PROGRESS_MIN = 0;
export const TASK_PROGRESS_MAX = 100;
const TASK_PROGRESS_RULE = 'Progress must be a whole number from 0 to 100.';

/**
 * A stored task (docs/product.md#task-fields): the fields both task screens use, plus `column`, the board
 * column a drag put it in (docs/product.md#board-columns). Unknown fields are kept, so a task written by
 * another version survives a round trip.
 */
export type Task = {
  [field: string]: unknown;
  id: string;
  title: string;
  description: string;
  priority: TaskPriority;
  deadline: string;
  progress: number;
  assignedTo: string;
  /**
   * Team sync: the assignee's user id, which decides who sees the task; '' when it is bound to nobody
   * (docs/product.md#assignees). Absent in the default mode, where `assignedTo` is all there is.
   */
  assigneeId?: string;
  email?: string;
  status?: string;
  column?: BoardColumn;
  /**
   * Its place within its board column, a fractional-index key (lib/tasks/rank.ts); absent until a drag
   * puts it somewhere (docs/product.md#board).
   */
  rank?: string;
  /** Label ids (lib/tasks/labels.ts), in the order they were added; absent when it has none. */
  labels?: string[];
  /** How the task repeats (lib/tasks/repeat.ts); absent: it does not. */
  repeat?: TaskRepeat;
  /** Once completed, the id (default mode) or uid (team sync) of the next occurrence it made. */
  repeatedAs?: string;
  /** Progress follows the checklist: round(done ÷ items × 100) (lib/tasks/checklist.ts). */
  checklistProgress?: boolean;
  /** ISO times; see `taskCreatedAt` (the default mode's id is its creation time). */
  createdAt?: string;
  updatedAt?: string;
  /** ISO time the task's progress last reached 100; absent below 100 (lib/tasks/archive.ts). */
  completedAt?: string;
};

/** An assignee as the picker chooses one: the user id and the name the screens show. */
export type Assignee = { id: string | null; name: string };

/** `assigneeId` of a team task bound to nobody (lib/sync/assignee-binding.ts NO_ASSIGNEE_ID). */
export const NO_ASSIGNEE = '';

/** Whether a team task is bound to nobody (a task without `assigneeId` is the default mode's). */
export function isUnassigned(task: Pick<Task, 'assigneeId'>): boolean {
  return task.assigneeId === NO_ASSIGNEE;
}

/** The name a task's assignee shows as: `assignedTo`, or 'Unassigned' for a team task bound to nobody. */
export function assigneeName(task: Pick<Task, 'assignedTo' | 'assigneeId'>): string {
  return isUnassigned(task) ? UNASSIGNED_LABEL : task.assignedTo;
}

/**
 * Progress as stored by this app (an integer) or by older versions, which kept the slider's value as
 * text ("50"); missing means 0. Anything else makes the task unreadable (it is then kept aside, never
 * silently altered).
 */
function readProgress(value: unknown): number | typeof INVALID {
  if (value === undefined) return TASK_PROGRESS_MIN;
  const progress = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  return typeof progress === 'number' &&
    Number.isInteger(progress) &&
    progress >= TASK_PROGRESS_MIN &&
    progress <= TASK_PROGRESS_MAX
    ? progress
    : INVALID;
}

/** Ids from `Date.now()` were stored as numbers by older versions. */
function readId(value: unknown): string | typeof INVALID {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return INVALID;
}

function readPriority(value: unknown): TaskPriority | typeof INVALID {
  if (value === undefined) return DEFAULT_TASK_PRIORITY;
  return (TASK_PRIORITIES as readonly unknown[]).includes(value) ? (value as TaskPriority) : INVALID;
}

type FieldShape = {
  /** The field's value as read (missing: its default), or INVALID. */
  read: (value: unknown) => unknown;
  /** What a synced task shows instead of a value `read` refuses; absent: the field is left out. */
  fallback?: string | number;
  /** The rule, told to whoever writes a value `read` refuses. */
  rule: string;
};

/**
 * The fields a task cannot be read without (docs/product.md#task-fields): each one's reading, its
 * fallback and its rule. `readTask` reads a task by them; team sync refuses a push writing a value
 * they refuse (`checkTaskFieldValue`), and reads a synced task with the fallback in place of such a
 * value (`syncedTaskSchema`), so that one odd field never hides a task.
 */
const TASK_FIELD_SHAPES = {
  title: { read: (value) => readString(value), fallback: '', rule: 'Title must be text.' },
  description: { read: (value) => readString(value, ''), fallback: '', rule: 'Description must be text.' },
  priority: { read: readPriority, fallback: DEFAULT_TASK_PRIORITY, rule: TASK_PRIORITY_RULE },
  deadline: {
    read: (value) => readString(value, ''),
    fallback: '',
    rule: 'Deadline must be text (yyyy-mm-dd).',
  },
  progress: { read: readProgress, fallback: TASK_PROGRESS_MIN, rule: TASK_PROGRESS_RULE },
  assignedTo: {
    read: (value) => readString(value, UNKNOWN_ASSIGNEE),
    fallback: UNKNOWN_ASSIGNEE,
    rule: 'Assigned to must be text.',
  },
  email: { read: readOptionalString, rule: 'Email must be text.' },
  status: { read: readOptionalString, rule: 'Status must be text.' },
} satisfies Record<string, FieldShape>;

type ShapedField = keyof typeof TASK_FIELD_SHAPES;

/** The table as a list, made once: reading a task walks it (5,000 tasks on a large board's load). */
const SHAPE_ENTRIES = Object.entries(TASK_FIELD_SHAPES) as [ShapedField, FieldShape][];

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The task view's fields and whether a value is one this version uses: a task is read without a
 * value that is not (docs/product.md#the-task-view), and team sync refuses a push writing one.
 */
const TASK_VIEW_FIELD_RULES: Record<string, { accepts: (value: unknown) => boolean; rule: string }> = {
  labels: { accepts: isStringList, rule: 'Labels must be a list of label ids.' },
  repeat: {
    accepts: (value) => readRepeat(value) !== null,
    rule: 'Repeat must be a rule this version knows.',
  },
  repeatedAs: { accepts: (value) => typeof value === 'string', rule: 'Repeated as must be text.' },
  createdAt: { accepts: (value) => typeof value === 'string', rule: 'Created at must be text.' },
  updatedAt: { accepts: (value) => typeof value === 'string', rule: 'Updated at must be text.' },
  completedAt: { accepts: (value) => typeof value === 'string', rule: 'Completed at must be text.' },
  checklistProgress: {
    accepts: (value) => typeof value === 'boolean',
    rule: 'Checklist progress must be true or false.',
  },
};

const VIEW_RULE_ENTRIES = Object.entries(TASK_VIEW_FIELD_RULES);

const CHECKLIST_ITEM_RULE = 'A checklist item must be { text, done, pos }.';

function isShapedField(field: string): field is ShapedField {
  return Object.hasOwn(TASK_FIELD_SHAPES, field);
}

/**
 * Why a task may not hold `value` in `field` (team sync checks every pushed value with it), or null
 * when it may: a field of `TASK_FIELD_SHAPES` or of the task view takes a value of its kind; a field
 * this version reads leniently (`column`, `rank`, `assigneeId`) or does not know takes any value. A
 * null value is the field removed, which only `title` may not be.
 */
export function checkTaskFieldValue(field: string, value: unknown): string | null {
  if (isShapedField(field)) {
    const shape: FieldShape = TASK_FIELD_SHAPES[field];
    return shape.read(value === null ? undefined : value) === INVALID ? shape.rule : null;
  }
  if (value === null) return null;
  const view = Object.hasOwn(TASK_VIEW_FIELD_RULES, field) ? TASK_VIEW_FIELD_RULES[field] : undefined;
  if (view) return view.accepts(value) ? null : view.rule;
  if (CHECKLIST_FIELD_PATTERN.test(field))
    return readChecklistValue(value) === null ? CHECKLIST_ITEM_RULE : null;
  return null;
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
 * (lib/tasks/completion.ts settleCompletion): with `checklistProgress` on and items present, progress
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
 * A synced task's values with each field of `TASK_FIELD_SHAPES` that holds a value of another kind
 * replaced by its fallback (or left out): another browser, a script or an older version may have
 * pushed it, and one such field must not hide the task from everyone who sees it
 * (docs/product.md#team-sync). A missing title is left missing: such a row is not whole yet (see
 * lib/sync/replica/pull.ts).
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

export type NewTaskInput = {
  title: string;
  description: string;
  priority?: TaskPriority;
  deadline: string;
  /**
   * Title-only capture (docs/product.md#capture: the quick add, a board column's `Add task`): only the
   * title is required; description and deadline may be empty. Without it, the spec's form rules.
   */
  titleOnly?: boolean;
};

export type NewTaskContext = {
  nowMs: number;
  /** The logged-in user's name, if any. */
  userName?: string | null;
  /**
   * Team sync's assignee picker: the name chosen in the form, used instead of the user's name when it
   * is not blank. Without team sync it is never given (the spec's default).
   */
  assignedTo?: string | null;
  /** Team sync: the chosen assignee's user id (given with `assignedTo`; never in the default mode). */
  assigneeId?: string | null;
  /** The session's email, if any. */
  email?: string | null;
  /** Ids already in use: the new id is the timestamp, bumped until unique. */
  existingIds?: Iterable<string>;
};

/** A task id no id in `taken` is: the timestamp `nowMs`, bumped until unique. */
export function uniqueTaskId(nowMs: number, taken: ReadonlySet<string>): string {
  let idMs = nowMs;
  while (taken.has(String(idMs))) idMs++;
  return String(idMs);
}

/**
 * A new task (docs/product.md#create-tasks): title and description must be non-blank after trimming,
 * otherwise `null` (the form then does nothing); with `titleOnly`, the title alone (docs/product.md#capture). Defaults (docs/product.md#task-fields): priority Medium,
 * progress 0, assignedTo the user's name or 'Unknown User', id from the current timestamp.
 */
export function createTask(input: NewTaskInput, context: NewTaskContext): Task | null {
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title || (!description && !input.titleOnly)) return null;
  const userName = context.userName?.trim();
  const chosen = context.assignedTo?.trim();
  const task: Task = {
    id: uniqueTaskId(context.nowMs, new Set(context.existingIds ?? [])),
    title,
    description,
    priority: input.priority ?? DEFAULT_TASK_PRIORITY,
    deadline: input.deadline,
    progress: TASK_PROGRESS_MIN,
    assignedTo: chosen ? chosen : userName ? userName : UNKNOWN_ASSIGNEE,
  };
  if (context.assigneeId) task.assigneeId = context.assigneeId;
  if (context.email) task.email = context.email;
  return task;
}

/** The fields a task's own view changes through `applyTaskPatch` (docs/product.md#editing-a-task). */
export type TaskPatch = Partial<
  Pick<Task, 'title' | 'description' | 'priority' | 'deadline' | 'progress' | 'status'>
>;

export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 5000;

/** Why a patch was refused, by field (docs/product.md#editing-a-task). */
export const TASK_PATCH_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${TASK_TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: `Description must be at most ${TASK_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  priority: TASK_PRIORITY_RULE,
  deadline: 'Deadline must be a real date (yyyy-mm-dd).',
  progress: TASK_PROGRESS_RULE,
  status: 'Status must be text.',
} as const;

export type TaskPatchResult =
  { ok: true; task: Task } | { ok: false; field: keyof TaskPatch; message: string };

/** Whether `value` is a calendar date written yyyy-mm-dd (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkPatchField(field: keyof TaskPatch, value: unknown): { value: unknown } | { message: string } {
  switch (field) {
    case 'title':
    case 'description': {
      const text = typeof value === 'string' ? value.trim() : '';
      const max = field === 'title' ? TASK_TITLE_MAX_LENGTH : TASK_DESCRIPTION_MAX_LENGTH;
      // A description may be cleared, as a title-only capture has none (docs/product.md#capture).
      if (!text && field === 'title') return { message: TASK_PATCH_MESSAGES.titleRequired };
      if (text.length > max) return { message: TASK_PATCH_MESSAGES[`${field}TooLong`] };
      return { value: text };
    }
    case 'priority':
      return (TASK_PRIORITIES as readonly unknown[]).includes(value)
        ? { value }
        : { message: TASK_PATCH_MESSAGES.priority };
    case 'deadline':
      // '' is no deadline (a title-only capture, or one removed in the task view).
      return typeof value === 'string' && (value.trim() === '' || isCalendarDate(value.trim()))
        ? { value: value.trim() }
        : { message: TASK_PATCH_MESSAGES.deadline };
    case 'progress':
      return typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= TASK_PROGRESS_MIN &&
        value <= TASK_PROGRESS_MAX
        ? { value }
        : { message: TASK_PATCH_MESSAGES.progress };
    case 'status':
      return typeof value === 'string' ? { value } : { message: TASK_PATCH_MESSAGES.status };
  }
}

/**
 * A task's own view changing some of its fields (docs/product.md#editing-a-task), with the rules of
 * creation: title non-blank after trimming (text stored trimmed), description may be blank, deadline a
 * real date or '' (none),
 * a known priority, progress a whole number 0–100. All or nothing: the first refused field and its
 * message, and the task unchanged. Completion follows the one rule (lib/tasks/completion.ts): progress
 * 100 or the status `Completed` completes it, and the status says `Completed` exactly while it is
 * done. A new progress lets it decide the board column again (as the
 * slider does). The same object when nothing changes.
 */
export function applyTaskPatch(task: Task, patch: TaskPatch): TaskPatchResult {
  let next: Task = task;
  for (const field of Object.keys(patch) as (keyof TaskPatch)[]) {
    if (patch[field] === undefined) continue;
    const checked = checkPatchField(field, patch[field]);
    if ('message' in checked) return { ok: false, field, message: checked.message };
    if (next[field] === checked.value) continue;
    // The one rule for done (lib/tasks/completion.ts): progress 100, or the status Completed, completes
    // the task; a new progress lets the board column follow it again.
    if (field === 'progress') next = applyProgress(next, checked.value as number);
    else if (field === 'status' && checked.value === COMPLETED_STATUS) next = markCompleted(next);
    else next = { ...next, [field]: checked.value };
  }
  return { ok: true, task: settleCompletion(next) };
}

/** Ids made from `Date.now()` between 2001 and 2096 (older ids, or other ids, say nothing of a time). */
function idTime(id: string): number | null {
  if (!/^\d{13}$/.test(id)) return null;
  return Number(id);
}

/**
 * When the task was created, in ms, or null when unknown: `createdAt` when it has one (team tasks carry
 * it, since each device gives a task its own id), else the default mode's id, which is the creation time.
 */
export function taskCreatedAt(task: Pick<Task, 'id' | 'createdAt'> & { uid?: unknown }): number | null {
  if (typeof task.createdAt === 'string') {
    const ms = Date.parse(task.createdAt);
    if (Number.isFinite(ms)) return ms;
  }
  return task.uid === undefined ? idTime(task.id) : null;
}

/** When the task last changed, in ms, or null when it has not since this version (`updatedAt`). */
export function taskUpdatedAt(task: Pick<Task, 'updatedAt'>): number | null {
  const ms = typeof task.updatedAt === 'string' ? Date.parse(task.updatedAt) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Every task of `next` that a command changed (a new object where `prev` held the task of that id) gets
 * `updatedAt` (docs/product.md#the-task-view); one whose progress reached 100 gets `completedAt`, one
 * whose progress went below 100 loses it (lib/tasks/archive.ts: when it was completed decides when it is
 * archived). Tasks it added or left alone are as they were. `changes` (lib/tasks/list-changes.ts), when
 * the caller has them, spares looking at every task: a command's cost stays that of what it changed.
 */
export function stampChangedTasks(
  prev: readonly Task[],
  next: Task[],
  nowMs: number,
  changes: ListChanges = listChanges(prev, next),
): Task[] {
  if (changes.added.length === 0) return next;
  // The task a changed one replaced is among the removed ones (the same id, another object).
  const before = new Map<string, Task>();
  for (const task of changes.removed) before.set(task.id, task);
  const at = new Date(nowMs).toISOString();
  let out: Task[] | null = null;
  for (const index of changes.added) {
    const task = next[index]!;
    const old = before.get(task.id);
    if (old === undefined) continue;
    const stamped = stampTask(old, task, at);
    if (stamped === task) continue;
    out ??= next.slice();
    out[index] = stamped;
  }
  return out ?? next;
}

function stampTask(old: Task, task: Task, at: string): Task {
  const done = task.progress === TASK_PROGRESS_MAX;
  const completing = done && old.progress !== TASK_PROGRESS_MAX && task.completedAt !== at;
  const reopening = !done && task.completedAt !== undefined;
  if (task.updatedAt === at && !completing && !reopening) return task;
  const stamped: Task = { ...task, updatedAt: at };
  if (completing) stamped.completedAt = at;
  if (reopening) delete stamped.completedAt;
  return stamped;
}

/** Clamps and rounds a slider value to the whole numbers 0–100 (docs/product.md#task-fields). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return TASK_PROGRESS_MIN;
  return Math.min(TASK_PROGRESS_MAX, Math.max(TASK_PROGRESS_MIN, Math.round(value)));
}
