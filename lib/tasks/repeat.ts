/**
 * Repeating tasks (docs/product.md#repeating-tasks): the rule a task carries and, on completion, the
 * next occurrence's deadline. Deadlines are calendar dates (yyyy-mm-dd), computed in UTC date parts so
 * no time zone ever shifts them. Pure.
 */

export const REPEAT_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const REPEAT_FROM = ['deadline', 'completion'] as const;
export type RepeatFrom = (typeof REPEAT_FROM)[number];

/** The most units one step may span (every 365 days, every 12 months…). */
export const REPEAT_MAX_INTERVAL = 365;

/** A repeating task's rule. */
export type TaskRepeat = {
  /** The unit: every `interval` days, weeks, months or years. */
  every: RepeatUnit;
  interval: number;
  /** The next deadline counts from the task's deadline, or from the day it is completed. */
  from: RepeatFrom;
};

/** A stored rule, or null when it is not one this version understands. */
export function readRepeat(value: unknown): TaskRepeat | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { every, interval, from } = value as Record<string, unknown>;
  if (!(REPEAT_UNITS as readonly unknown[]).includes(every)) return null;
  if (!(REPEAT_FROM as readonly unknown[]).includes(from)) return null;
  if (typeof interval !== 'number' || !Number.isInteger(interval)) return null;
  if (interval < 1 || interval > REPEAT_MAX_INTERVAL) return null;
  return { every: every as RepeatUnit, interval, from: from as RepeatFrom };
}
