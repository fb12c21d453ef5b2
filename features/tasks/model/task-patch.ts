import { applyProgress, COMPLETED_STATUS, markCompleted, settleCompletion } from './completion';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_RULE,
  TASK_PROGRESS_MAX,
  TASK_PROGRESS_MIN,
  TASK_PROGRESS_RULE,
  type Task,
} from './task-types';
import { formatCount } from '@/shared/format/count';

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
  descriptionTooLong: `Description must be at most ${formatCount(TASK_DESCRIPTION_MAX_LENGTH)} characters.`,
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
 * message, and the task unchanged. Completion follows the one rule (features/tasks/model/completion.ts): progress
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
    // The one rule for done (features/tasks/model/completion.ts): progress 100, or the status Completed, completes
    // the task; a new progress lets the board column follow it again.
    if (field === 'progress') next = applyProgress(next, checked.value as number);
    else if (field === 'status' && checked.value === COMPLETED_STATUS) next = markCompleted(next);
    else next = { ...next, [field]: checked.value };
  }
  return { ok: true, task: settleCompletion(next) };
}

/** Clamps and rounds a slider value to the whole numbers 0–100 (docs/product.md#task-fields). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return TASK_PROGRESS_MIN;
  return Math.min(TASK_PROGRESS_MAX, Math.max(TASK_PROGRESS_MIN, Math.round(value)));
}
