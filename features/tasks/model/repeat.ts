/**
 * Repeating tasks (docs/product.md#repeating-tasks, docs/decisions/0025-repeating-tasks.md): the rule a
 * task carries and, on completion, the next occurrence's deadline. Deadlines are calendar dates
 * (yyyy-mm-dd), computed in UTC date parts so no time zone ever shifts them. Pure.
 */

export const REPEAT_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const REPEAT_FROM = ['deadline', 'completion'] as const;
export type RepeatFrom = (typeof REPEAT_FROM)[number];

/** The most units one step may span (every 365 days, every 12 months…). */
export const REPEAT_MAX_INTERVAL = 365;

/** The highest day of a month. */
const MAX_MONTH_DAY = 31;

/** A repeating task's rule. */
export type TaskRepeat = {
  /** The unit: every `interval` days, weeks, months or years. */
  every: RepeatUnit;
  interval: number;
  /** The next deadline counts from the task's deadline, or from the day it is completed. */
  from: RepeatFrom;
  /**
   * Monthly and yearly from the deadline: the day of the month the series keeps when a shorter month
   * cut it (Jan 31 → Feb 28 carries 31, so the next is Mar 31). Absent when the deadline's own day is it.
   */
  anchor?: number;
};

/** A stored rule, or null when it is not one this version understands (an odd `anchor` is dropped). */
export function readRepeat(value: unknown): TaskRepeat | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { every, interval, from, anchor } = value as Record<string, unknown>;
  if (!(REPEAT_UNITS as readonly unknown[]).includes(every)) return null;
  if (!(REPEAT_FROM as readonly unknown[]).includes(from)) return null;
  if (typeof interval !== 'number' || !Number.isInteger(interval)) return null;
  if (interval < 1 || interval > REPEAT_MAX_INTERVAL) return null;
  const rule: TaskRepeat = { every: every as RepeatUnit, interval, from: from as RepeatFrom };
  if (typeof anchor === 'number' && Number.isInteger(anchor) && anchor >= 1 && anchor <= MAX_MONTH_DAY) {
    rule.anchor = anchor;
  }
  return rule;
}

/** A calendar date's parts (month 1–12). */
type DateParts = { year: number; month: number; day: number };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a real calendar date written yyyy-mm-dd, or null (2026-02-30 is not one). */
function parseDate(value: string): DateParts | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (parts.month < 1 || parts.month > 12 || parts.day < 1) return null;
  return parts.day <= daysInMonth(parts.year, parts.month) ? parts : null;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function formatDate({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days in a month (month 1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function addDays(date: DateParts, days: number): DateParts {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The day of the month a monthly or yearly step aims for: the anchor when the base date is the last
 * day of a month too short for it (the series was cut there), else the base date's own day.
 */
function aimedDay(rule: TaskRepeat, base: DateParts): number {
  const anchor = rule.from === 'deadline' ? rule.anchor : undefined;
  return anchor !== undefined && anchor > base.day && base.day === daysInMonth(base.year, base.month)
    ? anchor
    : base.day;
}

function addMonths(base: DateParts, months: number, day: number): DateParts {
  const index = base.year * 12 + (base.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/** What a completed occurrence's next one starts from. */
export type RepeatDates = {
  /** The task's deadline (yyyy-mm-dd; anything else counts as none). */
  deadline: string;
  /** The day it was completed (yyyy-mm-dd, the user's own calendar day). */
  completedOn: string;
};

/**
 * The date the next deadline counts from: the deadline (`from: 'deadline'`) when the task has a real
 * one, otherwise the day it was completed. Null only when neither is a calendar date.
 */
export function repeatBase(rule: TaskRepeat, { deadline, completedOn }: RepeatDates): string | null {
  if (rule.from === 'deadline' && parseDate(deadline) !== null) return deadline;
  return parseDate(completedOn) !== null ? completedOn : null;
}

/** The next occurrence: its deadline and its rule (the anchor it carries on, if any). */
export type NextOccurrence = { deadline: string; repeat: TaskRepeat };

/**
 * The next occurrence of a completed repeating task (docs/product.md#repeating-tasks): `interval`
 * days, weeks, months or years after the base date (see `repeatBase`). A month or year step keeps
 * the day of the month, cut to the month's last day when it is shorter (Jan 31 → Feb 28, Feb 29 →
 * Feb 28 of a common year), and the cut day is carried as `anchor` so the series comes back to it
 * (→ Mar 31; → Feb 29 of the next leap year). Null when there is no date to count from.
 */
export function nextOccurrence(rule: TaskRepeat, dates: RepeatDates): NextOccurrence | null {
  const baseText = repeatBase(rule, dates);
  const base = baseText === null ? null : parseDate(baseText);
  if (base === null) return null;
  const plain: TaskRepeat = { every: rule.every, interval: rule.interval, from: rule.from };
  switch (rule.every) {
    case 'day':
      return { deadline: formatDate(addDays(base, rule.interval)), repeat: plain };
    case 'week':
      return { deadline: formatDate(addDays(base, 7 * rule.interval)), repeat: plain };
    case 'month':
    case 'year': {
      const day = aimedDay(rule, base);
      const next = addMonths(base, rule.every === 'month' ? rule.interval : 12 * rule.interval, day);
      return {
        deadline: formatDate(next),
        repeat: rule.from === 'deadline' && next.day < day ? { ...plain, anchor: day } : plain,
      };
    }
  }
}

/** `nextOccurrence`'s deadline alone. */
export function nextDeadline(rule: TaskRepeat, dates: RepeatDates): string | null {
  return nextOccurrence(rule, dates)?.deadline ?? null;
}

/** The choices of the task view's `Repeat` select (docs/product.md#repeating-tasks). */
export const REPEAT_CHOICES = ['never', 'daily', 'weekly', 'monthly', 'yearly', 'days'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

export const REPEAT_CHOICE_LABELS: Record<RepeatChoice, string> = {
  never: 'Never',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  days: 'Every N days',
};

/** The choice a stored rule shows as (every N days with N = 1 is Daily; N weeks shows as Weekly). */
export function repeatChoiceOf(rule: TaskRepeat | undefined): RepeatChoice {
  if (rule === undefined) return 'never';
  switch (rule.every) {
    case 'day':
      return rule.interval === 1 ? 'daily' : 'days';
    case 'week':
      return 'weekly';
    case 'month':
      return 'monthly';
    case 'year':
      return 'yearly';
  }
}

/** The rule a choice stores (`days`: every `interval` days); null for Never. */
export function repeatRuleFor(choice: RepeatChoice, from: RepeatFrom, interval: number): TaskRepeat | null {
  switch (choice) {
    case 'never':
      return null;
    case 'daily':
      return { every: 'day', interval: 1, from };
    case 'weekly':
      return { every: 'week', interval: 1, from };
    case 'monthly':
      return { every: 'month', interval: 1, from };
    case 'yearly':
      return { every: 'year', interval: 1, from };
    case 'days':
      return { every: 'day', interval, from };
  }
}

export const REPEAT_INTERVAL_MESSAGE = `Enter a whole number of days from 1 to ${REPEAT_MAX_INTERVAL}.`;

/** The N of `Every N days` as typed: a whole number 1–365, else null. */
export function readRepeatInterval(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= REPEAT_MAX_INTERVAL ? value : null;
}

/** The `Counted from` choices (docs/product.md#repeating-tasks). */
export const REPEAT_FROM_LABELS: Record<RepeatFrom, string> = {
  deadline: 'The deadline',
  completion: 'The day it is completed',
};

/**
 * The task view's line under Repeat: the next deadline were the task completed today (`todayKey`),
 * or that its next occurrence is made. Null for a task that does not repeat.
 */
export function repeatNextLine(
  task: { deadline: string; repeat?: TaskRepeat; repeatedAs?: string },
  todayKey: string,
): string | null {
  if (task.repeat === undefined) return null;
  if (task.repeatedAs !== undefined) return 'Its next occurrence is made.';
  const deadline = parseDate(task.deadline.trim()) === null ? '' : task.deadline.trim();
  const next = nextDeadline(task.repeat, { deadline, completedOn: todayKey });
  if (next === null) return null;
  return task.repeat.from === 'deadline' && deadline !== ''
    ? `Next: ${next}`
    : `Next: ${next}, if completed today`;
}
