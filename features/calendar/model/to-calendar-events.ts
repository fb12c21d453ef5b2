import type { CalendarEvent, CalendarEventType } from '@/features/calendar/model/calendar-event';
import { addDaysToDateKey, getDeadlineDateKey } from '@/features/tasks/model/deadlines';
import { nextDeadline } from '@/features/tasks/model/repeat';
import { awaitsNextOccurrence } from '@/features/tasks/model/repeat-spawn';
import type { Task } from '@/features/tasks/model/task-types';
import { taskKey, withTaskParam } from '@/features/tasks/model/task-link';

/**
 * Pure helpers for the calendar page: what FullCalendar shows (saved tasks' deadlines and the locally
 * added events) and the shape of a new event. No FullCalendar import here, so the tests and the page's
 * first bundle do not pull it in.
 */

/** Red for deadlines, blue for other events; white text on both passes WCAG AA (4.8:1 and 5.2:1). */
export const EVENT_COLORS: Record<CalendarEventType, { background: string; text: string }> = {
  deadline: { background: '#dc2626', text: '#ffffff' },
  event: { background: '#2563eb', text: '#ffffff' },
};

/**
 * A repeating task's next occurrence: a lighter red, from the palette so it follows the theme (red-800
 * on red-50 is AA in both), with a dashed border.
 */
export const NEXT_OCCURRENCE_COLORS = {
  background: 'var(--color-red-50)',
  border: 'var(--color-red-400)',
  text: 'var(--color-red-800)',
} as const;

/** `next`: a repeating task's next occurrence, not a task yet (docs/product.md#repeating-tasks). */
export type CalendarEventSource = 'task' | 'calendar' | 'next';

/** The subset of FullCalendar's EventInput this page produces (structurally compatible with it). */
export type CalendarDisplayEvent = {
  id: string;
  title: string;
  start: string;
  end?: string;
  allDay?: boolean;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  classNames: string[];
  /**
   * A task's deadline links to the task's view (docs/product.md#the-task-view); so does a next
   * occurrence, to the task that will make it.
   */
  url?: string;
  extendedProps: { type: CalendarEventType; source: CalendarEventSource; taskKey?: string };
};

function colored(type: CalendarEventType) {
  const { background, text } = EVENT_COLORS[type];
  return {
    backgroundColor: background,
    borderColor: background,
    textColor: text,
    classNames: [`tl-event-${type}`],
  };
}

/** One all-day, red event per task whose deadline is a readable date; the others are skipped. */
export function tasksToEvents(tasks: readonly Task[]): CalendarDisplayEvent[] {
  const events: CalendarDisplayEvent[] = [];
  for (const task of tasks) {
    const dateKey = getDeadlineDateKey(task.deadline);
    if (dateKey === null) continue;
    events.push({
      id: `task-${task.id}`,
      title: task.title,
      start: dateKey,
      allDay: true,
      url: withTaskParam('', taskKey(task)),
      ...colored('deadline'),
      extendedProps: { type: 'deadline', source: 'task', taskKey: taskKey(task) },
    });
  }
  return events;
}

/** A next occurrence's title on the calendar. */
export function nextOccurrenceTitle(title: string): string {
  return `${title} (next)`;
}

/**
 * The next occurrence of each repeating task that has not made it yet, as a lighter all-day event
 * titled `{title} (next)`: its deadline if the task were completed today (`todayKey`).
 */
export function nextOccurrenceEvents(tasks: readonly Task[], todayKey: string): CalendarDisplayEvent[] {
  const events: CalendarDisplayEvent[] = [];
  for (const task of tasks) {
    if (!awaitsNextOccurrence(task)) continue;
    const deadline = getDeadlineDateKey(task.deadline) ?? '';
    const start = nextDeadline(task.repeat!, { deadline, completedOn: todayKey });
    if (start === null) continue;
    events.push({
      id: `next-${task.id}`,
      title: nextOccurrenceTitle(task.title),
      start,
      allDay: true,
      backgroundColor: NEXT_OCCURRENCE_COLORS.background,
      borderColor: NEXT_OCCURRENCE_COLORS.border,
      textColor: NEXT_OCCURRENCE_COLORS.text,
      url: withTaskParam('', taskKey(task)),
      classNames: ['tl-event-next'],
      extendedProps: { type: 'deadline', source: 'next', taskKey: taskKey(task) },
    });
  }
  return events;
}

/** The locally added events, red for deadlines and blue for the rest. */
export function storedToEvents(stored: readonly CalendarEvent[]): CalendarDisplayEvent[] {
  return stored.map((event, index) => {
    const display: CalendarDisplayEvent = {
      id: `calendar-${index}`,
      title: event.title,
      start: event.start,
      ...colored(event.type),
      extendedProps: { type: event.type, source: 'calendar' },
    };
    if (event.end) display.end = event.end;
    if (typeof event.allDay === 'boolean') display.allDay = event.allDay;
    return display;
  });
}

/**
 * Everything the calendar shows: task deadlines first, then repeating tasks' next occurrences (once
 * today is known, `todayKey`), then the added events.
 */
export function toCalendarEvents(
  tasks: readonly Task[],
  stored: readonly CalendarEvent[],
  todayKey: string | null = null,
): CalendarDisplayEvent[] {
  const next = todayKey === null ? [] : nextOccurrenceEvents(tasks, todayKey);
  return [...tasksToEvents(tasks), ...next, ...storedToEvents(stored)];
}

/** A range picked on the calendar (FullCalendar's select info, reduced to what is stored). */
export type SelectedRange = { startStr: string; endStr: string; allDay: boolean };

/** The event to store for a range selection; `null` when the title is missing or blank. */
export function eventFromSelection(
  title: string | null,
  isDeadline: boolean,
  range: SelectedRange,
): CalendarEvent | null {
  const trimmed = title?.trim();
  if (!trimmed) return null;
  return {
    title: trimmed,
    start: range.startStr,
    end: range.endStr,
    type: isDeadline ? 'deadline' : 'event',
    allDay: range.allDay,
  };
}

const DATE_KEY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type EventFormInput = { title: string; startDate: string; endDate: string; isDeadline: boolean };
export type EventFormError = 'title' | 'startDate' | 'endDate';
export type EventFormResult =
  { ok: true; event: CalendarEvent } | { ok: false; field: EventFormError; message: string };

/**
 * The all-day event the 'Add an event' form stores. The dates are yyyy-mm-dd (date inputs); FullCalendar
 * treats an all-day end as exclusive, so the stored end is the day after the chosen last day, and there
 * is no end when none was chosen.
 */
export function eventFromForm({ title, startDate, endDate, isDeadline }: EventFormInput): EventFormResult {
  const trimmed = title.trim();
  if (!trimmed) return { ok: false, field: 'title', message: 'Enter a title.' };
  if (!DATE_KEY_PATTERN.test(startDate))
    return { ok: false, field: 'startDate', message: 'Choose a start date.' };
  let end: string | undefined;
  if (endDate) {
    if (!DATE_KEY_PATTERN.test(endDate))
      return { ok: false, field: 'endDate', message: 'Choose a valid end date.' };
    if (endDate < startDate) {
      return { ok: false, field: 'endDate', message: 'The end date cannot be before the start date.' };
    }
    end = addDaysToDateKey(endDate, 1);
  }
  const type: CalendarEventType = isDeadline ? 'deadline' : 'event';
  const event: CalendarEvent =
    end === undefined
      ? { title: trimmed, start: startDate, type, allDay: true }
      : { title: trimmed, start: startDate, end, type, allDay: true };
  return { ok: true, event };
}
