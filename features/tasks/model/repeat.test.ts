import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  daysInMonth,
  nextDeadline,
  nextOccurrence,
  readRepeat,
  readRepeatInterval,
  repeatNextLine,
  repeatBase,
  repeatChoiceOf,
  repeatRuleFor,
  REPEAT_CHOICES,
  type TaskRepeat,
} from './repeat';

const monthly: TaskRepeat = { every: 'month', interval: 1, from: 'deadline' };
const yearly: TaskRepeat = { every: 'year', interval: 1, from: 'deadline' };

/** Follows a series `steps` times from `deadline`, each occurrence completed on `completedOn`. */
function series(rule: TaskRepeat, deadline: string, steps: number, completedOn = '2020-01-01'): string[] {
  const dates: string[] = [];
  let current = { rule, deadline };
  for (let step = 0; step < steps; step++) {
    const next = nextOccurrence(current.rule, { deadline: current.deadline, completedOn });
    if (next === null) throw new Error('no next occurrence');
    dates.push(next.deadline);
    current = { rule: next.repeat, deadline: next.deadline };
  }
  return dates;
}

describe('nextDeadline', () => {
  it.each([
    [{ every: 'day', interval: 1 }, '2026-12-31', '2027-01-01'],
    [{ every: 'day', interval: 10 }, '2026-02-25', '2026-03-07'],
    [{ every: 'day', interval: 365 }, '2028-01-01', '2028-12-31'],
    [{ every: 'week', interval: 1 }, '2026-11-26', '2026-12-03'],
    [{ every: 'week', interval: 2 }, '2026-12-28', '2027-01-11'],
    [{ every: 'month', interval: 1 }, '2026-11-26', '2026-12-26'],
    [{ every: 'month', interval: 1 }, '2026-12-15', '2027-01-15'],
    [{ every: 'month', interval: 3 }, '2026-11-30', '2027-02-28'],
    [{ every: 'year', interval: 1 }, '2026-03-01', '2027-03-01'],
  ] as const)('%o from the deadline %s is %s', (rule, deadline, expected) => {
    expect(nextDeadline({ ...rule, from: 'deadline' }, { deadline, completedOn: '2026-01-01' })).toBe(
      expected,
    );
  });

  it('counts from the day it is completed when the rule says so', () => {
    const rule: TaskRepeat = { every: 'week', interval: 1, from: 'completion' };
    expect(nextDeadline(rule, { deadline: '2026-11-26', completedOn: '2026-11-29' })).toBe('2026-12-06');
  });

  it('counts from the completion day when the task has no deadline (or none readable)', () => {
    for (const deadline of ['', '2026-02-30', 'soon', '2026-03-10T09:00']) {
      expect(
        nextDeadline(
          { every: 'day', interval: 2, from: 'deadline' },
          { deadline, completedOn: '2026-11-26' },
        ),
      ).toBe('2026-11-28');
    }
  });

  it('gives nothing when neither date is a calendar date', () => {
    expect(nextDeadline(monthly, { deadline: '', completedOn: '' })).toBeNull();
    expect(repeatBase(monthly, { deadline: 'x', completedOn: '2026-13-01' })).toBeNull();
  });

  it('keeps a month-end series at the month end: Jan 31 → Feb 28 → Mar 31 → Apr 30 → May 31', () => {
    expect(series(monthly, '2027-01-31', 4)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(series(monthly, '2028-01-31', 2)).toEqual(['2028-02-29', '2028-03-31']);
    expect(series(monthly, '2026-01-30', 3)).toEqual(['2026-02-28', '2026-03-30', '2026-04-30']);
  });

  it('carries the cut day as the anchor, and only while it is cut', () => {
    expect(nextOccurrence(monthly, { deadline: '2027-01-31', completedOn: '' })).toEqual({
      deadline: '2027-02-28',
      repeat: { ...monthly, anchor: 31 },
    });
    expect(nextOccurrence({ ...monthly, anchor: 31 }, { deadline: '2027-02-28', completedOn: '' })).toEqual({
      deadline: '2027-03-31',
      repeat: monthly,
    });
  });

  it('ignores an anchor when the deadline is not the end of its month (it was moved by hand)', () => {
    expect(nextDeadline({ ...monthly, anchor: 31 }, { deadline: '2027-02-14', completedOn: '' })).toBe(
      '2027-03-14',
    );
  });

  it('counts a completion-based month from the completion day, without an anchor', () => {
    const rule: TaskRepeat = { every: 'month', interval: 1, from: 'completion', anchor: 31 };
    expect(nextOccurrence(rule, { deadline: '2027-01-31', completedOn: '2027-02-28' })).toEqual({
      deadline: '2027-03-28',
      repeat: { every: 'month', interval: 1, from: 'completion' },
    });
  });

  it('Feb 29 yearly → Feb 28 in common years → Feb 29 in the next leap year', () => {
    expect(series(yearly, '2028-02-29', 4)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('knows the leap years (divisible by 4, not by 100 unless by 400)', () => {
    expect([1900, 2000, 2024, 2026, 2100].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 29, 28, 28]);
  });
});

describe('in other time zones', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each(['Pacific/Auckland', 'America/Los_Angeles', 'UTC'])('gives the same calendar dates in %s', (tz) => {
    process.env.TZ = tz;
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(
      tz === 'Pacific/Auckland' ? -780 : tz === 'America/Los_Angeles' ? 480 : 0,
    );
    expect(series(monthly, '2027-01-31', 3)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    expect(
      nextDeadline(
        { every: 'day', interval: 1, from: 'deadline' },
        { deadline: '2026-03-08', completedOn: '' },
      ),
    ).toBe('2026-03-09');
    expect(
      nextDeadline(
        { every: 'week', interval: 1, from: 'deadline' },
        { deadline: '2026-04-01', completedOn: '' },
      ),
    ).toBe('2026-04-08');
  });
});

const dateArb = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2399, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const unitArb = fc.constantFrom('day', 'week', 'month', 'year') as fc.Arbitrary<TaskRepeat['every']>;
const ruleArb: fc.Arbitrary<TaskRepeat> = fc.record({
  every: unitArb,
  interval: fc.integer({ min: 1, max: 365 }),
  from: fc.constantFrom('deadline', 'completion') as fc.Arbitrary<TaskRepeat['from']>,
});

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

describe('properties', () => {
  it('the next date is a real calendar date after the base date', () => {
    fc.assert(
      fc.property(ruleArb, dateArb, dateArb, (rule, deadline, completedOn) => {
        const next = nextDeadline(rule, { deadline, completedOn })!;
        const base = repeatBase(rule, { deadline, completedOn })!;
        expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(readRepeat(rule)).toEqual(rule);
        expect(new Date(`${next}T00:00:00Z`).toISOString().slice(0, 10)).toBe(next);
        expect(next > base).toBe(true);
      }),
    );
  });

  it('n daily steps add n days, and k weeks add 7k days', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 60 }), (deadline, steps) => {
        const daily = series({ every: 'day', interval: 1, from: 'deadline' }, deadline, steps);
        expect(dayNumber(daily.at(-1)!) - dayNumber(deadline)).toBe(steps);
        const weekly = nextDeadline(
          { every: 'week', interval: steps, from: 'deadline' },
          { deadline, completedOn: '' },
        )!;
        expect(dayNumber(weekly) - dayNumber(deadline)).toBe(7 * steps);
      }),
    );
  });

  it('monthly keeps the first deadline’s day in every month that has it, else the month’s last day', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        (start, steps, interval) => {
          const day = Number(start.slice(8));
          const dates = series({ every: 'month', interval, from: 'deadline' }, start, steps);
          let [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
          for (const date of dates) {
            month += interval;
            year += Math.floor((month - 1) / 12);
            month = ((month - 1) % 12) + 1;
            expect(date.slice(0, 7)).toBe(
              `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
            );
            expect(Number(date.slice(8))).toBe(Math.min(day, daysInMonth(year, month)));
          }
        },
      ),
    );
  });

  it('yearly keeps the month and day, Feb 29 only in leap years', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 12 }), (start, steps) => {
        const dates = series({ every: 'year', interval: 1, from: 'deadline' }, start, steps);
        const [month, day] = [Number(start.slice(5, 7)), Number(start.slice(8))];
        dates.forEach((date, index) => {
          const year = Number(start.slice(0, 4)) + index + 1;
          expect(date).toBe(
            `${year}-${start.slice(5, 7)}-${String(Math.min(day, daysInMonth(year, month))).padStart(2, '0')}`,
          );
        });
      }),
    );
  });

  it('does not depend on the time zone', () => {
    const zone = process.env.TZ;
    try {
      fc.assert(
        fc.property(ruleArb, dateArb, dateArb, (rule, deadline, completedOn) => {
          process.env.TZ = 'UTC';
          const here = nextOccurrence(rule, { deadline, completedOn });
          process.env.TZ = 'Pacific/Auckland';
          const auckland = nextOccurrence(rule, { deadline, completedOn });
          process.env.TZ = 'America/Los_Angeles';
          const losAngeles = nextOccurrence(rule, { deadline, completedOn });
          expect(auckland).toEqual(here);
          expect(losAngeles).toEqual(here);
        }),
        { numRuns: 200 },
      );
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('readRepeat', () => {
  it('reads a rule, keeping a sensible anchor and dropping an odd one', () => {
    expect(readRepeat({ every: 'month', interval: 1, from: 'deadline', anchor: 31 })).toEqual({
      every: 'month',
      interval: 1,
      from: 'deadline',
      anchor: 31,
    });
    expect(readRepeat({ every: 'month', interval: 1, from: 'deadline', anchor: 32 })).toEqual(monthly);
    expect(readRepeat({ every: 'month', interval: 1, from: 'deadline', anchor: '31' })).toEqual(monthly);
  });

  it('refuses what is not a rule', () => {
    for (const value of [
      null,
      [],
      'weekly',
      { every: 'hour', interval: 1, from: 'deadline' },
      { every: 'day', interval: 0, from: 'deadline' },
      { every: 'day', interval: 366, from: 'deadline' },
      { every: 'day', interval: 1.5, from: 'deadline' },
      { every: 'day', interval: 1, from: 'start' },
    ]) {
      expect(readRepeat(value)).toBeNull();
    }
  });
});

describe('the Repeat choices', () => {
  it('round-trip between a choice and its rule', () => {
    for (const choice of REPEAT_CHOICES) {
      const rule = repeatRuleFor(choice, 'completion', 10);
      expect(repeatChoiceOf(rule ?? undefined)).toBe(choice);
    }
    expect(repeatRuleFor('days', 'deadline', 3)).toEqual({ every: 'day', interval: 3, from: 'deadline' });
    expect(repeatChoiceOf({ every: 'day', interval: 1, from: 'deadline' })).toBe('daily');
    expect(repeatChoiceOf({ every: 'week', interval: 2, from: 'deadline' })).toBe('weekly');
  });

  it('reads N as a whole number from 1 to 365', () => {
    expect(['1', ' 365 ', '07'].map(readRepeatInterval)).toEqual([1, 365, 7]);
    expect(['0', '366', '1.5', '-2', '', 'ten', '1000'].map(readRepeatInterval)).toEqual(Array(7).fill(null));
  });
});

describe('repeatNextLine', () => {
  const weekly: TaskRepeat = { every: 'week', interval: 1, from: 'deadline' };
  it('says the next deadline, and when it depends on today', () => {
    expect(repeatNextLine({ deadline: '2026-11-26', repeat: weekly }, '2026-11-20')).toBe('Next: 2026-12-03');
    expect(repeatNextLine({ deadline: '', repeat: weekly }, '2026-11-20')).toBe(
      'Next: 2026-11-27, if completed today',
    );
    expect(
      repeatNextLine({ deadline: '2026-11-26', repeat: { ...weekly, from: 'completion' } }, '2026-11-20'),
    ).toBe('Next: 2026-11-27, if completed today');
  });

  it('says the next one is made once it is, and nothing for a task that does not repeat', () => {
    expect(repeatNextLine({ deadline: '2026-11-26', repeat: weekly, repeatedAs: '9' }, '2026-11-20')).toBe(
      'Its next occurrence is made.',
    );
    expect(repeatNextLine({ deadline: '2026-11-26' }, '2026-11-20')).toBeNull();
  });
});
