import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@/features/calendar/model/calendar-event';
import { taskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import {
  EVENT_COLORS,
  NEXT_OCCURRENCE_COLORS,
  eventFromForm,
  eventFromSelection,
  nextOccurrenceEvents,
  nextOccurrenceTitle,
  storedToEvents,
  tasksToEvents,
  toCalendarEvents,
} from '@/features/calendar/model/to-calendar-events';

function task(id: string, title: string, deadline: string): Task {
  return taskSchema.parse({ id, title, description: 'd', deadline });
}

describe('tasksToEvents', () => {
  it('makes one red all-day event per task with a readable deadline, titled with the task title', () => {
    const events = tasksToEvents([task('1', 'Ship report', '2026-03-12'), task('2', 'Plan', '2026-04-01')]);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      id: 'task-1',
      title: 'Ship report',
      start: '2026-03-12',
      allDay: true,
      backgroundColor: EVENT_COLORS.deadline.background,
      textColor: EVENT_COLORS.deadline.text,
      extendedProps: { type: 'deadline', source: 'task' },
    });
    expect(events[0]).not.toHaveProperty('end');
  });

  it('skips tasks without a valid deadline', () => {
    const events = tasksToEvents([
      task('1', 'No date', ''),
      task('2', 'Bad', 'soon'),
      task('3', 'Blank', '  '),
    ]);
    expect(events).toEqual([]);
  });

  it('reads a full timestamp as its local day', () => {
    const [event] = tasksToEvents([task('1', 'Old data', '2026-03-12T09:30:00')]);
    expect(event?.start).toBe('2026-03-12');
  });
});

describe('storedToEvents', () => {
  it('colours deadlines red and other events blue, keeping start, end and allDay', () => {
    const stored: CalendarEvent[] = [
      { title: 'Launch', start: '2026-03-05', end: '2026-03-07', type: 'deadline', allDay: true },
      {
        title: 'Sync',
        start: '2026-03-10T10:00:00',
        end: '2026-03-10T11:00:00',
        type: 'event',
        allDay: false,
      },
      { title: 'Legacy', start: '2026-03-20', type: 'event' },
    ];
    const events = storedToEvents(stored);
    expect(events.map((event) => event.backgroundColor)).toEqual([
      EVENT_COLORS.deadline.background,
      EVENT_COLORS.event.background,
      EVENT_COLORS.event.background,
    ]);
    expect(events[0]).toMatchObject({
      title: 'Launch',
      start: '2026-03-05',
      end: '2026-03-07',
      allDay: true,
    });
    expect(events[1]).toMatchObject({ allDay: false, extendedProps: { type: 'event', source: 'calendar' } });
    expect(events[2]).not.toHaveProperty('end');
    expect(events[2]).not.toHaveProperty('allDay');
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });
});

describe('toCalendarEvents', () => {
  it('lists task deadlines, then stored events', () => {
    const events = toCalendarEvents(
      [task('1', 'Task', '2026-03-12')],
      [{ title: 'Event', start: '2026-03-13', type: 'event' }],
    );
    expect(events.map((event) => event.title)).toEqual(['Task', 'Event']);
  });
});

describe('eventFromSelection', () => {
  const range = { startStr: '2026-03-10', endStr: '2026-03-12', allDay: true };

  it('stores the trimmed title, the range and the type', () => {
    expect(eventFromSelection('  Offsite ', true, range)).toEqual({
      title: 'Offsite',
      start: '2026-03-10',
      end: '2026-03-12',
      type: 'deadline',
      allDay: true,
    });
    expect(eventFromSelection('Lunch', false, range)?.type).toBe('event');
  });

  it('gives nothing for a cancelled or blank title', () => {
    expect(eventFromSelection(null, true, range)).toBeNull();
    expect(eventFromSelection('', false, range)).toBeNull();
    expect(eventFromSelection('   ', false, range)).toBeNull();
  });
});

describe('eventFromForm', () => {
  it('makes an all-day event without an end when none is chosen', () => {
    expect(
      eventFromForm({ title: ' Review ', startDate: '2026-03-10', endDate: '', isDeadline: false }),
    ).toEqual({
      ok: true,
      event: { title: 'Review', start: '2026-03-10', type: 'event', allDay: true },
    });
  });

  it('stores the day after the chosen end date (all-day ends are exclusive), across a month end', () => {
    const result = eventFromForm({
      title: 'Trip',
      startDate: '2026-03-30',
      endDate: '2026-03-31',
      isDeadline: true,
    });
    expect(result).toEqual({
      ok: true,
      event: { title: 'Trip', start: '2026-03-30', end: '2026-04-01', type: 'deadline', allDay: true },
    });
  });

  it('refuses a blank title, a missing start and an end before the start', () => {
    expect(
      eventFromForm({ title: ' ', startDate: '2026-03-10', endDate: '', isDeadline: false }),
    ).toMatchObject({
      ok: false,
      field: 'title',
    });
    expect(eventFromForm({ title: 'A', startDate: '', endDate: '', isDeadline: false })).toMatchObject({
      ok: false,
      field: 'startDate',
    });
    expect(
      eventFromForm({ title: 'A', startDate: '2026-03-10', endDate: '2026-03-09', isDeadline: false }),
    ).toMatchObject({ ok: false, field: 'endDate' });
  });
});

describe('nextOccurrenceEvents', () => {
  const repeating = (fields: Record<string, unknown>): Task =>
    taskSchema.parse({ id: 'r1', title: 'Standup', description: 'd', deadline: '2027-01-31', ...fields });

  it('shows each repeating task’s next occurrence as a lighter event titled “{title} (next)”', () => {
    const tasks = [
      repeating({ repeat: { every: 'month', interval: 1, from: 'deadline' } }),
      repeating({ id: 'r2', title: 'Review', repeat: { every: 'week', interval: 1, from: 'completion' } }),
    ];
    expect(nextOccurrenceEvents(tasks, '2026-11-26')).toEqual([
      {
        id: 'next-r1',
        title: 'Standup (next)',
        start: '2027-02-28',
        allDay: true,
        backgroundColor: NEXT_OCCURRENCE_COLORS.background,
        borderColor: NEXT_OCCURRENCE_COLORS.border,
        textColor: NEXT_OCCURRENCE_COLORS.text,
        classNames: ['tl-event-next'],
        url: '?task=r1',
        extendedProps: { type: 'deadline', source: 'next', taskKey: 'r1' },
      },
      expect.objectContaining({ id: 'next-r2', title: 'Review (next)', start: '2026-12-03' }),
    ]);
    expect(NEXT_OCCURRENCE_COLORS.background).not.toBe(EVENT_COLORS.deadline.background);
  });

  it('shows none for a task without a rule or one that already made its next occurrence', () => {
    const tasks = [
      repeating({}),
      repeating({ id: 'r2', repeat: { every: 'day', interval: 1, from: 'deadline' }, repeatedAs: 'r3' }),
    ];
    expect(nextOccurrenceEvents(tasks, '2026-11-26')).toEqual([]);
  });

  it('comes after the deadlines and before the added events, once today is known', () => {
    const tasks = [repeating({ repeat: { every: 'day', interval: 1, from: 'deadline' } })];
    const stored: CalendarEvent[] = [{ title: 'Party', start: '2027-02-01', type: 'event', allDay: true }];
    expect(toCalendarEvents(tasks, stored, '2026-11-26').map((event) => event.id)).toEqual([
      'task-r1',
      'next-r1',
      'calendar-0',
    ]);
    expect(toCalendarEvents(tasks, stored).map((event) => event.id)).toEqual(['task-r1', 'calendar-0']);
    expect(nextOccurrenceTitle('Plan')).toBe('Plan (next)');
  });
});
