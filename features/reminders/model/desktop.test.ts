import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysToDateKey } from '@/features/tasks/model/deadlines';
import type { Task } from '@/features/tasks/model/task-types';
import { DESKTOP_REMINDER_SUMMARY_BODY, planDesktopReminders, type NotifiedRecord } from './desktop';

function makeTask(id: string, deadline: string, title = `Task ${id}`): Task {
  return { id, title, description: '', priority: 'Medium', deadline, progress: 0, assignedTo: 'Mira Member' };
}

const TODAY = '2026-11-25';

describe('planDesktopReminders', () => {
  it('notifies tasks due today and tomorrow with the toast texts, in stored order', () => {
    const tasks = [
      makeTask('1', '2026-11-26', 'Call the bank'),
      makeTask('2', '2026-11-25', 'Pay rent'),
      makeTask('3', '2026-11-27', 'Later'),
      makeTask('4', '2026-11-24', 'Yesterday'),
      makeTask('5', '', 'No deadline'),
    ];
    const { reminders, notified } = planDesktopReminders(tasks, TODAY, null, 3);
    expect(reminders).toEqual([
      {
        tag: 'tasklane-2026-11-25-1',
        title: '⏳ Task Due Tomorrow: "Call the bank"',
        body: 'Deadline: 2026-11-26',
      },
      { tag: 'tasklane-2026-11-25-2', title: '🚨 Task Due Today: "Pay rent"', body: 'Deadline: 2026-11-25' },
    ]);
    expect(notified).toEqual({ day: TODAY, ids: ['1', '2'] });
  });

  it('skips tasks already notified today, and notifies them again on a later day', () => {
    const tasks = [makeTask('1', '2026-11-26'), makeTask('2', '2026-11-25')];
    const first = planDesktopReminders(tasks, TODAY, null, 3);
    const again = planDesktopReminders(tasks, TODAY, first.notified, 3);
    expect(again.reminders).toEqual([]);
    expect(again.notified).toEqual(first.notified);
    const nextDay = planDesktopReminders(tasks, '2026-11-26', again.notified, 3);
    expect(nextDay.reminders.map((reminder) => reminder.title)).toEqual(['🚨 Task Due Today: "Task 1"']);
    expect(nextDay.notified).toEqual({ day: '2026-11-26', ids: ['1'] });
  });

  it('gives at most `limit` notifications of their own (today first) and one summary for the rest', () => {
    const tasks = [
      makeTask('t1', '2026-11-26'),
      makeTask('d1', '2026-11-25'),
      makeTask('t2', '2026-11-26'),
      makeTask('d2', '2026-11-25'),
      makeTask('t3', '2026-11-26'),
    ];
    const { reminders, notified } = planDesktopReminders(tasks, TODAY, null, 3);
    expect(reminders).toEqual([
      {
        tag: 'tasklane-2026-11-25-t1',
        title: '⏳ Task Due Tomorrow: "Task t1"',
        body: 'Deadline: 2026-11-26',
      },
      { tag: 'tasklane-2026-11-25-d1', title: '🚨 Task Due Today: "Task d1"', body: 'Deadline: 2026-11-25' },
      { tag: 'tasklane-2026-11-25-d2', title: '🚨 Task Due Today: "Task d2"', body: 'Deadline: 2026-11-25' },
      {
        tag: 'tasklane-2026-11-25-more',
        title: '…and 2 more tasks are due today or tomorrow.',
        body: DESKTOP_REMINDER_SUMMARY_BODY,
      },
    ]);
    expect([...notified.ids].sort()).toEqual(['d1', 'd2', 't1', 't2', 't3']);
  });

  it('forgets a record of another day', () => {
    const record: NotifiedRecord = { day: '2026-11-24', ids: ['1'] };
    const { reminders } = planDesktopReminders([makeTask('1', TODAY)], TODAY, record, 3);
    expect(reminders).toHaveLength(1);
  });
});

describe('planDesktopReminders properties', () => {
  const dayOffset = fc.integer({ min: -2, max: 3 });
  const tasksArbitrary = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 15 }), dayOffset), { maxLength: 25 })
    .map((entries) => entries.map(([id, offset]) => makeTask(`id${id}`, addDaysToDateKey(TODAY, offset))));

  it('never notifies a task twice on one day, however often it runs, and only tasks due today or tomorrow', () => {
    fc.assert(
      fc.property(
        fc.array(tasksArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        (taskLists, dayOffsets, limit) => {
          let record: NotifiedRecord | null = null;
          const seen = new Map<string, Set<string>>();
          const days = [...dayOffsets].sort((a, b) => a - b).map((offset) => addDaysToDateKey(TODAY, offset));
          for (const day of days) {
            for (const tasks of taskLists) {
              const { reminders, notified } = planDesktopReminders(tasks, day, record, limit);
              record = notified;
              const today = seen.get(day) ?? new Set<string>();
              seen.set(day, today);
              for (const reminder of reminders) {
                if (reminder.tag.endsWith('-more')) continue;
                const id = reminder.tag.slice(`tasklane-${day}-`.length);
                expect(today.has(id), `${id} notified twice on ${day}`).toBe(false);
                today.add(id);
                const dueDays = [day, addDaysToDateKey(day, 1)];
                expect(tasks.some((item) => item.id === id && dueDays.includes(item.deadline))).toBe(true);
              }
              expect(
                reminders.filter((reminder) => !reminder.tag.endsWith('-more')).length,
              ).toBeLessThanOrEqual(limit);
            }
          }
        },
      ),
    );
  });

  it('covers every task due: each is notified or summarised, then recorded', () => {
    fc.assert(
      fc.property(tasksArbitrary, fc.integer({ min: 1, max: 4 }), (tasks, limit) => {
        const { reminders, notified } = planDesktopReminders(tasks, TODAY, null, limit);
        const due = new Set(
          tasks
            .filter((task) => task.deadline === TODAY || task.deadline === addDaysToDateKey(TODAY, 1))
            .map((task) => task.id),
        );
        expect(new Set(notified.ids)).toEqual(due);
        const own = reminders.filter((reminder) => !reminder.tag.endsWith('-more')).length;
        const summary = reminders.find((reminder) => reminder.tag.endsWith('-more'));
        expect(own + (summary ? Number(/\d+/.exec(summary.title)![0]) : 0)).toBe(due.size);
      }),
    );
  });
});
