/**
 * Morning reminder emails (docs/product.md#reminders), the pure part: when a user's email is due,
 * which of their tasks it lists, and its text. No clock, no database: the scheduler passes the
 * instant, so tests can pick any (time zones, DST days, day boundaries).
 */
import { oneLine } from '@/shared/format/one-line';

export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Lines per section of the email; the rest are counted in one line. */
export const REMINDER_SECTION_LIMIT = 20;

export type ReminderSchedule = { time: string; timeZone: string };

/** Whether `zone` is an IANA time zone this runtime knows (Intl decides, as browsers do). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock day (yyyy-mm-dd) and minute of the day at `instant` in `timeZone`. */
export function getZonedClock(instant: Date, timeZone: string): { day: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = (parts.year ?? '').padStart(4, '0');
  return {
    day: `${year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** HH:MM as minutes after midnight; `null` when it is not a valid 24-hour time. */
export function parseReminderTime(time: string): number | null {
  const match = REMINDER_TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The local day whose email is due at `now`: today in the user's zone once its wall clock has reached
 * their time (at or after HH:MM, so a server that was down at 08:00 still sends at 08:05, and on a
 * spring-forward day a time the clock skips is reached when the clock jumps past it); `null` before
 * that. Sending once per day is the claim's job, not this rule's.
 */
export function getDueReminderDay(schedule: ReminderSchedule, now: Date): string | null {
  const at = parseReminderTime(schedule.time);
  if (at === null) return null;
  const { day, minutes } = getZonedClock(now, schedule.timeZone);
  return minutes >= at ? day : null;
}

export function addDays(day: string, days: number): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a yyyy-mm-dd date: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** A synced task's values as the server holds them (features/sync/model/merge.ts `taskValues`). */
export type TaskValues = Record<string, unknown>;

export type ReminderItem = { title: string; deadline: string };
export type ReminderLists = { today: ReminderItem[]; tomorrow: ReminderItem[]; overdue: ReminderItem[] };

/** The day a stored deadline falls on in `timeZone`: yyyy-mm-dd as is, an ISO timestamp in that zone. */
export function getDeadlineDay(deadline: unknown, timeZone: string): string | null {
  if (typeof deadline !== 'string') return null;
  const trimmed = deadline.trim();
  if (DAY_PATTERN.test(trimmed)) return trimmed;
  if (!TIMESTAMP_PATTERN.test(trimmed)) return null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : getZonedClock(new Date(time), timeZone).day;
}

/**
 * Done, for reminders: progress 100 or status `Completed` (what Mark as Completed sets), the admin
 * screens' line (docs/product.md#admin-completion). A task at 90 % is not done yet, so it is still listed.
 */
export function isTaskDone(task: TaskValues): boolean {
  const progress = typeof task.progress === 'string' ? Number(task.progress) : task.progress;
  return progress === 100 || task.status === 'Completed';
}

const byDeadlineThenTitle = (a: ReminderItem, b: ReminderItem) =>
  a.deadline < b.deadline
    ? -1
    : a.deadline > b.deadline
      ? 1
      : a.title < b.title
        ? -1
        : a.title > b.title
          ? 1
          : 0;

/**
 * What the email lists: the not-done tasks due today, due tomorrow and overdue (deadline before today),
 * by day in the user's zone; each list by deadline, then title. Tasks without a readable deadline are left out.
 */
export function pickReminderTasks(
  tasks: readonly TaskValues[],
  today: string,
  timeZone: string,
): ReminderLists {
  const tomorrow = addDays(today, 1);
  const lists: ReminderLists = { today: [], tomorrow: [], overdue: [] };
  for (const task of tasks) {
    if (isTaskDone(task)) continue;
    const day = getDeadlineDay(task.deadline, timeZone);
    if (day === null) continue;
    const item = { title: oneLine(task.title), deadline: day };
    if (day === today) lists.today.push(item);
    else if (day === tomorrow) lists.tomorrow.push(item);
    else if (day < today) lists.overdue.push(item);
  }
  lists.today.sort(byDeadlineThenTitle);
  lists.tomorrow.sort(byDeadlineThenTitle);
  lists.overdue.sort(byDeadlineThenTitle);
  return lists;
}

export function countReminderTasks(lists: ReminderLists): number {
  return lists.today.length + lists.tomorrow.length + lists.overdue.length;
}

export type ReminderEmail = { subject: string; text: string };

function section(
  heading: string,
  items: readonly ReminderItem[],
  line: (item: ReminderItem) => string,
): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, REMINDER_SECTION_LIMIT).map((item) => `- ${line(item)}`);
  const hidden = items.length - shown.length;
  if (hidden > 0) shown.push(`- …and ${hidden} more`);
  return [`${heading} (${items.length}):`, ...shown, ''];
}

/** The morning email's subject and text (docs/product.md#reminders); `null` when nothing is listed. */
export function buildReminderEmail(input: {
  name: string;
  day: string;
  lists: ReminderLists;
  schedule: ReminderSchedule;
  appUrl: string;
  unsubscribeUrl: string;
}): ReminderEmail | null {
  const count = countReminderTasks(input.lists);
  if (count === 0) return null;
  const subject =
    count === 1
      ? 'Tasklane reminder: 1 task needs your attention'
      : `Tasklane reminder: ${count} tasks need your attention`;
  const appUrl = input.appUrl.replace(/\/+$/, '');
  const text = [
    `Hello ${oneLine(input.name)},`,
    '',
    `Your Tasklane tasks for ${input.day}:`,
    '',
    ...section('Due today', input.lists.today, (item) => item.title),
    ...section('Due tomorrow', input.lists.tomorrow, (item) => item.title),
    ...section('Overdue', input.lists.overdue, (item) => `${item.title} (due ${item.deadline})`),
    `Open Tasklane: ${appUrl}/user/dashboard`,
    '',
    `You get this email because you turned on email reminders in Tasklane (every day at ${input.schedule.time}, ${input.schedule.timeZone}).`,
    `To stop them, open: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject, text };
}
