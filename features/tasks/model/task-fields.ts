import { INVALID, readOptionalString, readString } from '@/shared/validation/parsers';
import { CHECKLIST_FIELD_PATTERN, readChecklistValue } from './checklist';
import { readRepeat } from './repeat';
import {
  DEFAULT_TASK_PRIORITY,
  TASK_FIELD_NAMES,
  TASK_PRIORITIES,
  TASK_PRIORITY_RULE,
  TASK_PROGRESS_MAX,
  TASK_PROGRESS_MIN,
  TASK_PROGRESS_RULE,
  UNKNOWN_ASSIGNEE,
  type TaskPriority,
} from './task-types';

/**
 * Each task field's reading and rule (docs/product.md#task-fields): what reading a stored task
 * (features/tasks/model/task-read.ts) and team sync's checks of a pushed value (`checkTaskFieldValue`) share.
 */

const KNOWN_TASK_FIELDS: ReadonlySet<string> = new Set(TASK_FIELD_NAMES);

/** Whether this version writes a field of that name (a listed name, or a checklist item's). */
export function isKnownTaskField(name: string): boolean {
  return KNOWN_TASK_FIELDS.has(name) || CHECKLIST_FIELD_PATTERN.test(name);
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

function readPriority(value: unknown): TaskPriority | typeof INVALID {
  if (value === undefined) return DEFAULT_TASK_PRIORITY;
  return (TASK_PRIORITIES as readonly unknown[]).includes(value) ? (value as TaskPriority) : INVALID;
}

export type FieldShape = {
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
export const SHAPE_ENTRIES = Object.entries(TASK_FIELD_SHAPES) as [ShapedField, FieldShape][];

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

/** The task view's rules as a list, made once (see `SHAPE_ENTRIES`). */
export const VIEW_RULE_ENTRIES = Object.entries(TASK_VIEW_FIELD_RULES);

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
