import type { TaskRepeat } from './repeat';

/**
 * The task's shape and the names and limits every part of the app shares (docs/product.md#task-fields).
 * A leaf: it imports nothing that reads tasks, so checklist.ts, completion.ts, rank-key.ts and the
 * rest can name `Task` without an import cycle. Reading a stored task is features/tasks/model/task-read.ts,
 * creating one task-create.ts, the task view's edits task-patch.ts, its times task-stamps.ts.
 */

/** The three priorities, in the order the form offers them (docs/product.md#task-fields). */
export const TASK_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'Medium';
/** Told to whoever writes another priority (a push, the task view). */
export const TASK_PRIORITY_RULE = 'Priority must be High, Medium or Low.';

/** The board's columns, left to right (docs/product.md#board-columns). */
export const BOARD_COLUMNS = ['To Do', 'In Progress', 'Completed'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** assignedTo when no one is logged in (docs/product.md#task-fields). */
export const UNKNOWN_ASSIGNEE = 'Unknown User';

/**
 * The fields docs/product.md#task-fields lists, in its order: what a CSV export's first columns
 * hold after `id` (features/data-transfer/client/export.ts).
 */
export const LISTED_TASK_FIELDS = [
  'title',
  'description',
  'priority',
  'deadline',
  'progress',
  'assignedTo',
  'email',
  'status',
  'column',
] as const;

/**
 * Every field name a task of this version writes (docs/product.md#task-fields). Team sync takes any
 * other name too, so that a newer version's fields survive, but only a few small ones
 * (features/sync/model/task-size.ts): add a field here when the app starts writing it.
 */
export const TASK_FIELD_NAMES: readonly string[] = [
  ...LISTED_TASK_FIELDS,
  // The assignee's user id beside their name (team sync).
  'assigneeId',
  // The task's project (docs/decisions/0049-projects.md); none: General. Its number there (the
  // server writes it; a key is `${project key}-${number}`).
  'projectId',
  'number',
  // Its place within its board column (features/tasks/model/rank.ts), and on a project's board the
  // column a move put it in (features/tasks/model/board-layout.ts).
  'rank',
  'columnId',
  // The task view's fields (docs/product.md#the-task-view); checklist items are fields of their own,
  // named by CHECKLIST_FIELD_PATTERN (features/tasks/model/checklist.ts).
  'labels',
  'repeat',
  'repeatedAs',
  'checklistProgress',
  'createdAt',
  'updatedAt',
  // When progress last reached 100 (features/tasks/model/archive.ts); gone while it is below.
  'completedAt',
];

export const TASK_PROGRESS_MIN = 0;
export const TASK_PROGRESS_MAX = 100;
/** Told to whoever writes another progress (a push, the task view). */
export const TASK_PROGRESS_RULE = 'Progress must be a whole number from 0 to 100.';

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
   * Its place within its board column, a fractional-index key (features/tasks/model/rank.ts); absent until a drag
   * puts it somewhere (docs/product.md#board).
   */
  rank?: string;
  /**
   * Team sync: on its project's board, the id of the column a move put it in
   * (features/tasks/model/board-layout.ts); absent where its progress places it.
   */
  columnId?: string;
  /** Label ids (features/tasks/model/labels.ts), in the order they were added; absent when it has none. */
  labels?: string[];
  /** How the task repeats (features/tasks/model/repeat.ts); absent: it does not. */
  repeat?: TaskRepeat;
  /** Team sync: its project's id (docs/decisions/0049-projects.md); absent: General. */
  projectId?: string;
  /** Team sync: its number in its project, written by the server (the key `OPS-12`); absent until pushed. */
  number?: number;
  /** Once completed, the id (default mode) or uid (team sync) of the next occurrence it made. */
  repeatedAs?: string;
  /** Progress follows the checklist: round(done ÷ items × 100) (features/tasks/model/checklist.ts). */
  checklistProgress?: boolean;
  /** ISO times; see `taskCreatedAt` (features/tasks/model/task-stamps.ts): a default-mode id is its creation time. */
  createdAt?: string;
  updatedAt?: string;
  /** ISO time the task's progress last reached 100; absent below 100 (features/tasks/model/archive.ts). */
  completedAt?: string;
};

/** An assignee as the picker chooses one: the user id and the name the screens show. */
export type Assignee = { id: string | null; name: string };

/** What a team task bound to nobody shows where the assignee's name goes (docs/product.md#assignees). */
export const UNASSIGNED_LABEL = 'Unassigned';

/** `assigneeId` of a team task bound to nobody (features/sync/model/assignee-binding.ts NO_ASSIGNEE_ID). */
export const NO_ASSIGNEE = '';

/** Whether a team task is bound to nobody (a task without `assigneeId` is the default mode's). */
export function isUnassigned(task: Pick<Task, 'assigneeId'>): boolean {
  return task.assigneeId === NO_ASSIGNEE;
}

/** The name a task's assignee shows as: `assignedTo`, or 'Unassigned' for a team task bound to nobody. */
export function assigneeName(task: Pick<Task, 'assignedTo' | 'assigneeId'>): string {
  return isUnassigned(task) ? UNASSIGNED_LABEL : task.assignedTo;
}
