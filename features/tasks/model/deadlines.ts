import { pad, toLocalDateKey } from '@/shared/format/date-key';
import type { Task } from './task-types';

export type DeadlineDue = 'today' | 'tomorrow';
export type DeadlineAlert = { task: Task; due: DeadlineDue };

const DATE_KEY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A full ISO timestamp (`toISOString()`, `2026-03-10T09:00`); looser text is not guessed at. */
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** yyyy-mm-dd plus `days` calendar days (month and year roll over; no time zone involved). */
export function addDaysToDateKey(dateKey: string, days: number): string {
  const match = DATE_KEY_PATTERN.exec(dateKey);
  if (!match) throw new RangeError(`Not a yyyy-mm-dd date: ${dateKey}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The local calendar day a stored deadline falls on. Deadlines are yyyy-mm-dd (the date input's value);
 * a full timestamp from older data is read in local time. `null` when unreadable.
 */
export function getDeadlineDateKey(deadline: string): string | null {
  const trimmed = deadline.trim();
  if (DATE_KEY_PATTERN.test(trimmed)) return trimmed;
  if (!TIMESTAMP_PATTERN.test(trimmed)) return null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : toLocalDateKey(new Date(time));
}

/**
 * Due today or tomorrow, compared at day granularity; `todayKey` is the local yyyy-mm-dd
 * (docs/product.md#deadline-days).
 */
export function getDeadlineDue(deadline: string, todayKey: string): DeadlineDue | null {
  const dateKey = getDeadlineDateKey(deadline);
  if (dateKey === null) return null;
  if (dateKey === todayKey) return 'today';
  if (dateKey === addDaysToDateKey(todayKey, 1)) return 'tomorrow';
  return null;
}

/** One alert per task due today or tomorrow, in the tasks' stored order (docs/product.md#deadline-days). */
export function getDeadlineAlerts(tasks: readonly Task[], todayKey: string): DeadlineAlert[] {
  const alerts: DeadlineAlert[] = [];
  for (const task of tasks) {
    const due = getDeadlineDue(task.deadline, todayKey);
    if (due) alerts.push({ task, due });
  }
  return alerts;
}

/** The member dashboard's deadline toast text (docs/product.md#deadline-toasts). */
export function formatDeadlineToast({ task, due }: DeadlineAlert): string {
  return due === 'today' ? `🚨 Task Due Today: "${task.title}"` : `⏳ Task Due Tomorrow: "${task.title}"`;
}

/** A line of the Notifications page (docs/product.md#notifications). */
export function formatDeadlineNotification({ task, due }: DeadlineAlert): string {
  return due === 'today'
    ? `🚨 Task "${task.title}" is due today!`
    : `⏳ Task "${task.title}" is due tomorrow!`;
}

/** The dashboard's deadline toasts on load: one toast per alert in `toasts`, one summary for `summarised`. */
export type DeadlineToastPlan = { toasts: DeadlineAlert[]; summarised: DeadlineAlert[] };

/**
 * Which alerts get a toast of their own: at most `limit` of them, today's chosen before tomorrow's, each
 * group in stored order; the rest are summarised in one toast (hundreds of toasts freeze the page and
 * nobody reads them). Both lists keep the stored order. With `limit` alerts or fewer, each gets its toast.
 */
export function planDeadlineToasts(alerts: readonly DeadlineAlert[], limit: number): DeadlineToastPlan {
  const dueToday = alerts.filter((alert) => alert.due === 'today').length;
  const openings = { today: Math.min(limit, dueToday), tomorrow: Math.max(0, limit - dueToday) };
  const plan: DeadlineToastPlan = { toasts: [], summarised: [] };
  for (const alert of alerts) {
    if (openings[alert.due] > 0) {
      openings[alert.due]--;
      plan.toasts.push(alert);
    } else {
      plan.summarised.push(alert);
    }
  }
  return plan;
}

/** The summary toast shown after the individual ones, for the `count` tasks that have none. */
export function formatDeadlineSummary(count: number): string {
  return count === 1
    ? '…and 1 more task is due today or tomorrow.'
    : `…and ${count} more tasks are due today or tomorrow.`;
}

/** How near a deadline is: `overdue` is drawn in the danger colour, `today` in the warning one. */
export type RelativeDueTone = 'overdue' | 'today' | 'upcoming';
export type RelativeDue = { text: string; tone: RelativeDueTone };

/** Days ahead the board still says `In {n} days`; a later deadline shows its date alone. */
export const RELATIVE_DUE_MAX_DAYS = 13;

const DAY_MS = 86_400_000;

function dateKeyToUtcMs(dateKey: string): number {
  const [year, month, day] = dateKey.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

/**
 * A board card's due date in words, beside `Deadline: {date}`, by calendar days in the local time zone:
 * `Overdue {n} day(s)`, `Today`, `Tomorrow`, `In {n} days` up to RELATIVE_DUE_MAX_DAYS; `null` for a later
 * or unreadable deadline (docs/product.md#board). The caller leaves it out for a completed task.
 */
export function getRelativeDue(deadline: string, todayKey: string): RelativeDue | null {
  const dateKey = getDeadlineDateKey(deadline);
  if (dateKey === null || !DATE_KEY_PATTERN.test(todayKey)) return null;
  const days = Math.round((dateKeyToUtcMs(dateKey) - dateKeyToUtcMs(todayKey)) / DAY_MS);
  if (days < 0) return { text: `Overdue ${-days} ${-days === 1 ? 'day' : 'days'}`, tone: 'overdue' };
  if (days === 0) return { text: 'Today', tone: 'today' };
  if (days === 1) return { text: 'Tomorrow', tone: 'upcoming' };
  if (days <= RELATIVE_DUE_MAX_DAYS) return { text: `In ${days} days`, tone: 'upcoming' };
  return null;
}
