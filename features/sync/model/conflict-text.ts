import { CHECKLIST_FIELD_PATTERN, readChecklistValue } from '@/features/tasks/model/checklist';
import { onFirstUse } from '@/shared/format/on-first-use';

/**
 * What the conflict marker and its dialog say (docs/product.md#team-sync, "Replaced values"). Pure,
 * so the wording and formatting are unit-tested once and the components only lay them out.
 */

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  deadline: 'Deadline',
  progress: 'Progress',
  assignedTo: 'Assigned to',
  email: 'Email',
  status: 'Status',
  column: 'Board column',
};

export const CONFLICTS_DIALOG_TITLE = 'Replaced values';
export const RESTORE_LABEL = 'Restore';
export const DISMISS_LABEL = 'Dismiss';
export const CLOSE_LABEL = 'Close';
export const REPLACED_VALUE_LABEL = 'Replaced value';
export const CURRENT_VALUE_LABEL = 'Current value';
export const RESTORED_TOAST = 'Value restored.';
export const DISMISSED_TOAST = 'Replaced value dismissed.';
export const AFTER_DELETE_NOTE = 'Edited while the task was deleted.';

/**
 * A task field's name as the screens call it; an unknown field keeps its own name. A checklist item
 * (`ck_{id}`) is named by its text, taken from the first of `values` (the replaced value, then the
 * current one) that is an item: `Checklist item "{text}"`, else `Checklist item`.
 */
export function fieldLabel(field: string, ...values: unknown[]): string {
  if (CHECKLIST_FIELD_PATTERN.test(field)) {
    for (const value of values) {
      const item = readChecklistValue(value);
      if (item) return `Checklist item "${item.text}"`;
    }
    return 'Checklist item';
  }
  return FIELD_LABELS[field] ?? field;
}

/** A field's value as a person reads it. */
export function formatConflictValue(field: string, value: unknown): string {
  if (CHECKLIST_FIELD_PATTERN.test(field)) {
    if (value === null || value === undefined) return '(deleted)';
    const item = readChecklistValue(value);
    if (item) return `${item.text} (${item.done ? 'done' : 'not done'})`;
  }
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value.trim() === '' ? '(empty)' : value;
  if (typeof value === 'number') return field === 'progress' ? `${value}%` : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

/** The marker's accessible name (and tooltip). */
export function markerLabel(count: number, title: string): string {
  return `Review ${count} replaced value${count === 1 ? '' : 's'} of “${title}”`;
}

/** The dialog's first paragraph. */
export function conflictsIntro(title: string): string {
  return `“${title}”: these values were replaced by a concurrent edit. Restore one to make it the task’s value again, or dismiss it.`;
}

/** Who wrote the replaced value (null: that account was deleted, or the server no longer knows). */
export function authorText(name: string | null): string {
  return `By ${name ?? 'a former team member'}`;
}

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** When, relative to `nowMs`: `just now`, `5 minutes ago`, `1 hour ago`, `yesterday`, `3 days ago`. */
export function formatWhen(iso: string, nowMs: number): string {
  const elapsed = Math.max(0, nowMs - Date.parse(iso));
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return relative().format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative().format(-Math.floor(elapsed / HOUR_MS), 'hour');
  return relative().format(-Math.floor(elapsed / DAY_MS), 'day');
}
