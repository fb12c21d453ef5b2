import { TASK_PROGRESS_MAX } from './task-types';

/**
 * Completed work is archived (docs/product.md#archived-tasks): a task completed more than
 * `SYNC_ARCHIVE_DAYS` days ago stays on the server and leaves the browser's replica. One rule,
 * shared by the server (its `completed_at` column, the pull's `recent=1`, the archive pages) and the
 * browser (which tasks it keeps), so the two never disagree about which tasks are archived.
 */

/** How long a day is for the archive: whole days of 24 hours, not calendar days. */
const DAY_MS = 24 * 60 * 60_000;

/** The default of `SYNC_ARCHIVE_DAYS`. */
export const DEFAULT_ARCHIVE_DAYS = 30;

function isoMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * When the task was completed, in ms: null unless its progress is exactly 100; then its
 * `completedAt` (stamped by the command that completed it), else its `updatedAt` (tasks completed
 * before `completedAt` existed), else `fallbackMs` (the server's row time; null in the browser when
 * it knows none). An unreadable time counts as absent.
 */
export function taskCompletedAtMs(
  values: Readonly<Record<string, unknown>>,
  fallbackMs: number | null,
): number | null {
  if (values.progress !== TASK_PROGRESS_MAX) return null;
  return isoMs(values.completedAt) ?? isoMs(values.updatedAt) ?? fallbackMs;
}

/** The earliest completion time a task may have and still be kept: `days` whole days before now. */
export function archiveCutoffMs(nowMs: number, days: number): number {
  return nowMs - days * DAY_MS;
}

/** Whether the task is archived: completed strictly before `cutoffMs` (archiveCutoffMs). */
export function isArchived(
  values: Readonly<Record<string, unknown>>,
  cutoffMs: number,
  fallbackMs: number | null,
): boolean {
  const completedAt = taskCompletedAtMs(values, fallbackMs);
  return completedAt !== null && completedAt < cutoffMs;
}
