import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addDaysToDateKey,
  formatDeadlineNotification,
  formatDeadlineSummary,
  formatDeadlineToast,
  getDeadlineAlerts,
  getDeadlineDateKey,
  getDeadlineDue,
  getRelativeDue,
  planDeadlineToasts,
  RELATIVE_DUE_MAX_DAYS,
  type DeadlineAlert,
  type DeadlineDue,
} from './deadlines';
import { toLocalDateKey } from '@/shared/format/date-key';
import type { Task } from './task-types';

function makeTask(id: string, deadline: string, title = `Task ${id}`): Task {
  return {
    id,
    title,
    description: '',
    priority: 'Medium',
    deadline,
    progress: 0,
    assignedTo: 'Unknown User',
  };
}

describe('toLocalDateKey', () => {
  it('gives the local calendar day late in the evening', () => {
    expect(toLocalDateKey(new Date(2026, 2, 10, 23, 30))).toBe('2026-03-10');
  });

  it('gives the local calendar day just after midnight', () => {
    expect(toLocalDateKey(new Date(2026, 2, 11, 0, 15))).toBe('2026-03-11');
  });

  it('pads month and day to two digits', () => {
    expect(toLocalDateKey(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});

describe('addDaysToDateKey', () => {
  it.each([
    ['2026-03-10', 1, '2026-03-11'],
    ['2026-03-10', 0, '2026-03-10'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-04-30', 1, '2026-05-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-10', 365, '2027-03-10'],
  ])('%s + %d days is %s', (dateKey, days, expected) => {
    expect(addDaysToDateKey(dateKey, days)).toBe(expected);
  });

  it.each(['2026-3-10', '', '10/03/2026', '2026-03-10T00:00:00Z'])(
    'throws a RangeError for %j',
    (dateKey) => {
      expect(() => addDaysToDateKey(dateKey, 1)).toThrow(RangeError);
    },
  );
});

describe('getDeadlineDateKey', () => {
  it('returns a yyyy-mm-dd deadline as it is', () => {
    expect(getDeadlineDateKey('2026-03-10')).toBe('2026-03-10');
  });

  it('trims surrounding whitespace', () => {
    expect(getDeadlineDateKey('  2026-03-10 \n')).toBe('2026-03-10');
  });

  it('reads an ISO timestamp in local time (late evening)', () => {
    const iso = new Date(2026, 2, 10, 23, 30).toISOString();

    expect(getDeadlineDateKey(iso)).toBe('2026-03-10');
  });

  it('reads an ISO timestamp in local time (just after midnight)', () => {
    const iso = new Date(2026, 2, 11, 0, 15).toISOString();

    expect(getDeadlineDateKey(iso)).toBe('2026-03-11');
  });

  it.each(['', '   ', 'not a date', 'tomorrow', 'soon!', 'Task 5', '1', 'March 10'])(
    'returns null for %j',
    (deadline) => {
      expect(getDeadlineDateKey(deadline)).toBeNull();
    },
  );
});

describe('getDeadlineDue', () => {
  const today = '2026-03-10';

  it.each([
    ['2026-03-10', 'today'],
    ['2026-03-11', 'tomorrow'],
    ['2026-03-09', null],
    ['2026-03-12', null],
    ['2025-03-10', null],
    ['', null],
    ['garbage', null],
  ])('deadline %j is %s', (deadline, expected) => {
    expect(getDeadlineDue(deadline, today)).toBe(expected);
  });

  it.each([
    ['2026-03-31', '2026-04-01', 'tomorrow'],
    ['2026-03-31', '2026-03-32', null],
    ['2026-12-31', '2027-01-01', 'tomorrow'],
    ['2026-02-28', '2026-03-01', 'tomorrow'],
    ['2028-02-28', '2028-02-29', 'tomorrow'],
    ['2028-02-28', '2028-03-01', null],
    ['2026-04-01', '2026-03-31', null],
  ])('across period ends: today %s, deadline %s is %s', (todayKey, deadline, expected) => {
    expect(getDeadlineDue(deadline, todayKey)).toBe(expected);
  });

  it('compares an ISO timestamp deadline by its local day', () => {
    const dueTomorrowEvening = new Date(2026, 2, 11, 23, 30).toISOString();
    const dueTodayEarly = new Date(2026, 2, 10, 0, 5).toISOString();

    expect(getDeadlineDue(dueTomorrowEvening, today)).toBe('tomorrow');
    expect(getDeadlineDue(dueTodayEarly, today)).toBe('today');
  });
});

describe('getDeadlineAlerts', () => {
  it('returns one alert per task due today or tomorrow, in the stored order', () => {
    const tasks = [
      makeTask('a', '2026-03-11'),
      makeTask('b', '2026-03-09'),
      makeTask('c', '2026-03-10'),
      makeTask('d', ''),
      makeTask('e', '2026-03-11'),
      makeTask('f', '2026-03-12'),
    ];

    const alerts = getDeadlineAlerts(tasks, '2026-03-10');

    expect(alerts.map(({ task, due }) => [task.id, due])).toEqual([
      ['a', 'tomorrow'],
      ['c', 'today'],
      ['e', 'tomorrow'],
    ]);
    expect(alerts[0]?.task).toBe(tasks[0]);
  });

  it('returns no alerts when nothing is due', () => {
    expect(getDeadlineAlerts([makeTask('a', '2026-04-01')], '2026-03-10')).toEqual([]);
  });
});

describe('deadline texts', () => {
  const dueToday: DeadlineAlert = { task: makeTask('a', '2026-03-10', 'Pay rent'), due: 'today' };
  const dueTomorrow: DeadlineAlert = { task: makeTask('b', '2026-03-11', 'Call "Mom"'), due: 'tomorrow' };

  it('formats the dashboard toasts', () => {
    expect(formatDeadlineToast(dueToday)).toBe('🚨 Task Due Today: "Pay rent"');
    expect(formatDeadlineToast(dueTomorrow)).toBe('⏳ Task Due Tomorrow: "Call "Mom""');
  });

  it('formats the notification lines', () => {
    expect(formatDeadlineNotification(dueToday)).toBe('🚨 Task "Pay rent" is due today!');
    expect(formatDeadlineNotification(dueTomorrow)).toBe('⏳ Task "Call "Mom"" is due tomorrow!');
  });
});

describe('planDeadlineToasts', () => {
  const alert = (id: string, due: DeadlineDue): DeadlineAlert => ({ task: makeTask(id, ''), due });
  const ids = (alerts: readonly DeadlineAlert[]) => alerts.map((entry) => entry.task.id);
  /** Alerts a, b, c, ... due on the given days, in that stored order. */
  const alertsDue = (...dues: DeadlineDue[]) =>
    dues.map((due, index) => alert(String.fromCharCode(97 + index), due));

  it.each([
    {
      name: 'every alert gets its own toast, in stored order, up to the limit',
      alerts: alertsDue('tomorrow', 'today', 'tomorrow'),
      limit: 3,
      toasts: ['a', 'b', 'c'],
      summarised: [],
    },
    {
      name: "over the limit, today's are chosen before tomorrow's and the stored order is kept",
      alerts: alertsDue('tomorrow', 'today', 'tomorrow', 'today', 'tomorrow'),
      limit: 3,
      toasts: ['a', 'b', 'd'],
      summarised: ['c', 'e'],
    },
    {
      name: 'later due-today tasks are summarised when today alone fills the limit',
      alerts: alertsDue('tomorrow', 'today', 'today', 'today', 'today'),
      limit: 3,
      toasts: ['b', 'c', 'd'],
      summarised: ['a', 'e'],
    },
    {
      name: 'a limit of 0 summarises everything',
      alerts: alertsDue('today'),
      limit: 0,
      toasts: [],
      summarised: ['a'],
    },
  ])('$name', ({ alerts, limit, toasts, summarised }) => {
    const plan = planDeadlineToasts(alerts, limit);
    expect(ids(plan.toasts)).toEqual(toasts);
    expect(ids(plan.summarised)).toEqual(summarised);
  });

  it('holds for any alerts and limit: nothing lost, order kept, the limit met, today first', () => {
    const alertsArbitrary = fc
      .array(fc.constantFrom<DeadlineDue>('today', 'tomorrow'), { maxLength: 40 })
      .map((dues) => dues.map((due, index) => alert(String(index), due)));
    fc.assert(
      fc.property(alertsArbitrary, fc.nat({ max: 10 }), (alerts, limit) => {
        const { toasts, summarised } = planDeadlineToasts(alerts, limit);
        const position = (entry: DeadlineAlert) => alerts.indexOf(entry);
        const inStoredOrder = (list: DeadlineAlert[]) =>
          list.every((entry, index) => index === 0 || position(list[index - 1]!) < position(entry));

        // Every alert is shown or summarised, exactly once.
        expect([...toasts, ...summarised].sort((a, b) => position(a) - position(b))).toEqual(alerts);
        expect(new Set([...toasts, ...summarised]).size).toBe(alerts.length);
        expect(inStoredOrder(toasts)).toBe(true);
        expect(inStoredOrder(summarised)).toBe(true);
        expect(toasts).toHaveLength(Math.min(limit, alerts.length));
        // A due-today task is summarised only when every toast is for a task due today.
        if (summarised.some((entry) => entry.due === 'today')) {
          expect(toasts.every((entry) => entry.due === 'today')).toBe(true);
        }
      }),
    );
  });
});

describe('formatDeadlineSummary', () => {
  it('says how many more tasks are due', () => {
    expect(formatDeadlineSummary(245)).toBe('…and 245 more tasks are due today or tomorrow.');
  });

  it('speaks of one task in the singular', () => {
    expect(formatDeadlineSummary(1)).toBe('…and 1 more task is due today or tomorrow.');
  });
});

describe('getRelativeDue (the board card, docs/product.md#board)', () => {
  // A fixed clock: today is 2026-03-10 in the browser's time zone.
  const TODAY = '2026-03-10';

  it('says Today, Tomorrow, In {n} days and Overdue {n} day(s)', () => {
    expect(getRelativeDue('2026-03-10', TODAY)).toEqual({ text: 'Today', tone: 'today' });
    expect(getRelativeDue('2026-03-11', TODAY)).toEqual({ text: 'Tomorrow', tone: 'upcoming' });
    expect(getRelativeDue('2026-03-12', TODAY)).toEqual({ text: 'In 2 days', tone: 'upcoming' });
    expect(getRelativeDue('2026-03-23', TODAY)).toEqual({ text: 'In 13 days', tone: 'upcoming' });
    expect(getRelativeDue('2026-03-09', TODAY)).toEqual({ text: 'Overdue 1 day', tone: 'overdue' });
    expect(getRelativeDue('2026-03-08', TODAY)).toEqual({ text: 'Overdue 2 days', tone: 'overdue' });
    expect(getRelativeDue('2025-03-10', TODAY)).toEqual({ text: 'Overdue 365 days', tone: 'overdue' });
  });

  it('says nothing two weeks ahead and later, nor for a deadline it cannot read', () => {
    expect(getRelativeDue('2026-03-24', TODAY)).toBeNull();
    expect(getRelativeDue('2027-01-01', TODAY)).toBeNull();
    expect(getRelativeDue('', TODAY)).toBeNull();
    expect(getRelativeDue('next Friday', TODAY)).toBeNull();
    expect(getRelativeDue('2026-03-10', 'not a day')).toBeNull();
  });

  it('counts calendar days across month and year ends and the spring clock change', () => {
    expect(getRelativeDue('2027-01-01', '2026-12-31')?.text).toBe('Tomorrow');
    expect(getRelativeDue('2024-02-28', '2024-03-01')?.text).toBe('Overdue 2 days');
    // Europe's and America's clocks move forward in late March: still whole days.
    expect(getRelativeDue('2026-03-30', '2026-03-27')?.text).toBe('In 3 days');
  });

  it('reads an older full timestamp as its local day', () => {
    expect(getRelativeDue(new Date(2026, 2, 10, 23, 30).toISOString(), TODAY)?.text).toBe('Today');
  });

  it('agrees with addDaysToDateKey for any day and any distance', () => {
    const day = fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: -1000, max: 1000 }), (today, days) => {
        const due = getRelativeDue(addDaysToDateKey(today, days), today);
        if (days < 0)
          expect(due).toEqual({ text: `Overdue ${-days} day${days === -1 ? '' : 's'}`, tone: 'overdue' });
        else if (days === 0) expect(due?.text).toBe('Today');
        else if (days === 1) expect(due?.text).toBe('Tomorrow');
        else if (days <= RELATIVE_DUE_MAX_DAYS) expect(due?.text).toBe(`In ${days} days`);
        else expect(due).toBeNull();
      }),
    );
  });
});
