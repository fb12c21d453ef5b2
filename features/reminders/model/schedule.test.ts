import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildReminderEmail,
  getDeadlineDay,
  getDueReminderDay,
  getZonedClock,
  isTaskDone,
  isValidTimeZone,
  parseReminderTime,
  pickReminderTasks,
  REMINDER_SECTION_LIMIT,
  type ReminderLists,
} from './schedule';

const ZONES = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'America/St_Johns',
] as const;

const at = (iso: string) => new Date(iso);

describe('isValidTimeZone', () => {
  it('accepts IANA names and refuses anything else', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(' Europe/Paris')).toBe(false);
  });
});

describe('parseReminderTime', () => {
  it('reads HH:MM from 00:00 to 23:59 only', () => {
    expect(parseReminderTime('00:00')).toBe(0);
    expect(parseReminderTime('08:30')).toBe(510);
    expect(parseReminderTime('23:59')).toBe(1439);
    for (const bad of ['24:00', '8:30', '08:60', '08:30:00', '', 'noon'])
      expect(parseReminderTime(bad)).toBeNull();
  });
});

describe('getZonedClock', () => {
  it('gives the wall-clock day and minute in the zone, across the date line', () => {
    expect(getZonedClock(at('2026-11-26T07:30:00Z'), 'America/Los_Angeles')).toEqual({
      day: '2026-11-25',
      minutes: 23 * 60 + 30,
    });
    expect(getZonedClock(at('2026-11-25T10:30:00Z'), 'Pacific/Kiritimati')).toEqual({
      day: '2026-11-26',
      minutes: 30,
    });
    expect(getZonedClock(at('2026-11-25T00:00:00Z'), 'UTC')).toEqual({ day: '2026-11-25', minutes: 0 });
  });
});

describe('getDueReminderDay', () => {
  const paris = (time: string) => ({ time, timeZone: 'Europe/Paris' });

  it('is due from the chosen time until the end of the local day', () => {
    expect(getDueReminderDay(paris('08:00'), at('2026-11-25T06:59:00Z'))).toBeNull();
    expect(getDueReminderDay(paris('08:00'), at('2026-11-25T07:00:00Z'))).toBe('2026-11-25');
    expect(getDueReminderDay(paris('08:00'), at('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
    expect(getDueReminderDay(paris('08:00'), at('2026-11-25T23:00:00Z'))).toBeNull();
  });

  it('on a spring-forward day, a time the clock skips is due once the clock has jumped past it', () => {
    // Paris, 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(getDueReminderDay(paris('02:30'), at('2026-03-29T00:59:00Z'))).toBeNull();
    expect(getDueReminderDay(paris('02:30'), at('2026-03-29T01:00:00Z'))).toBe('2026-03-29');
  });

  it('on a fall-back day, the repeated hour gives the same day both times (the claim sends once)', () => {
    // Paris, 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 happens at 00:30Z and 01:30Z.
    expect(getDueReminderDay(paris('02:30'), at('2026-10-25T00:29:00Z'))).toBeNull();
    expect(getDueReminderDay(paris('02:30'), at('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
    expect(getDueReminderDay(paris('02:30'), at('2026-10-25T01:30:00Z'))).toBe('2026-10-25');
  });

  it('uses the day of the zone, not of the server', () => {
    const la = { time: '07:00', timeZone: 'America/Los_Angeles' };
    // 05:00 UTC on the 26th is 21:00 on the 25th in Los Angeles.
    expect(getDueReminderDay(la, at('2026-11-26T05:00:00Z'))).toBe('2026-11-25');
  });

  const instant = fc.date({
    min: at('2020-01-01T00:00:00Z'),
    max: at('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  const zone = fc.constantFrom(...ZONES);

  it('is the local day exactly when the local clock has reached the time (any zone, any instant)', () => {
    fc.assert(
      fc.property(instant, time, zone, (now, hhmm, timeZone) => {
        const due = getDueReminderDay({ time: hhmm, timeZone }, now);
        const clock = getZonedClock(now, timeZone);
        expect(due).toBe(clock.minutes >= parseReminderTime(hhmm)! ? clock.day : null);
      }),
    );
  });

  it('a scheduler ticking at least once a minute, with a claim per day, sends exactly once each local day, never early', () => {
    // The production interval is 60 s (REMINDER_INTERVAL_MS). Longer gaps can miss a time set just
    // before midnight, which the ADR accepts.
    fc.assert(
      fc.property(
        fc.constantFrom(
          at('2026-03-28T12:00:00Z'), // Europe spring forward
          at('2026-10-24T12:00:00Z'), // Europe fall back
          at('2026-03-07T12:00:00Z'), // US spring forward
          at('2026-04-04T06:00:00Z'), // Lord Howe, Chatham fall back
          at('2026-09-26T06:00:00Z'), // Chatham spring forward
          at('2026-12-30T18:00:00Z'), // year end
        ),
        fc.integer({ min: 0, max: 600 }),
        time,
        zone,
        fc.integer({ min: 5, max: 60 }),
        (base, shiftMinutes, hhmm, timeZone, stepSeconds) => {
          const start = new Date(base.getTime() + shiftMinutes * 60_000);
          const claims = new Map<string, number>();
          const end = start.getTime() + 2.5 * 24 * 60 * 60_000;
          for (let t = start.getTime(); t <= end; t += stepSeconds * 1000) {
            const day = getDueReminderDay({ time: hhmm, timeZone }, new Date(t));
            if (day !== null && !claims.has(day)) claims.set(day, t);
          }
          // Every day strictly inside the window had its email, once, at or after the chosen time.
          const firstDay = getZonedClock(start, timeZone).day;
          const lastDay = getZonedClock(new Date(end), timeZone).day;
          for (let day = addDays(firstDay, 1); day < lastDay; day = addDays(day, 1)) {
            expect(claims.has(day), `no email on ${day}`).toBe(true);
          }
          for (const [day, t] of claims) {
            const clock = getZonedClock(new Date(t), timeZone);
            expect(clock.day).toBe(day);
            expect(clock.minutes).toBeGreaterThanOrEqual(parseReminderTime(hhmm)!);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('pickReminderTasks', () => {
  const TODAY = '2026-11-25';
  const task = (title: string, deadline: unknown, extra: Record<string, unknown> = {}) => ({
    title,
    deadline,
    progress: 0,
    ...extra,
  });

  it('lists the tasks due today, tomorrow and overdue that are not done, by deadline then title', () => {
    const lists = pickReminderTasks(
      [
        task('Write report', '2026-11-25'),
        task('Call bank', '2026-11-26'),
        task('Old invoice', '2026-11-20'),
        task('Older invoice', '2026-11-02'),
        task('Done today', '2026-11-25', { progress: 100 }),
        task('Marked completed', '2026-11-24', { status: 'Completed', progress: 40 }),
        task('Almost', '2026-11-25', { progress: 90 }),
        task('Next week', '2026-12-02'),
        task('No deadline', ''),
        task('Garbage deadline', 'soon'),
        task('Not text', 42),
      ],
      TODAY,
      'Europe/Paris',
    );
    expect(lists).toEqual({
      today: [
        { title: 'Almost', deadline: '2026-11-25' },
        { title: 'Write report', deadline: '2026-11-25' },
      ],
      tomorrow: [{ title: 'Call bank', deadline: '2026-11-26' }],
      overdue: [
        { title: 'Older invoice', deadline: '2026-11-02' },
        { title: 'Old invoice', deadline: '2026-11-20' },
      ],
    });
  });

  it('reads an older full timestamp as its day in the user’s zone, and a title on one line', () => {
    const lists = pickReminderTasks(
      [task('Line one\nline two', '2026-11-25T23:30:00.000Z')],
      '2026-11-26',
      'Europe/Paris',
    );
    expect(lists.today).toEqual([{ title: 'Line one line two', deadline: '2026-11-26' }]);
  });

  it('treats progress 100 (also as text) and status Completed as done', () => {
    expect(isTaskDone({ progress: 100 })).toBe(true);
    expect(isTaskDone({ progress: '100' })).toBe(true);
    expect(isTaskDone({ progress: 0, status: 'Completed' })).toBe(true);
    expect(isTaskDone({ progress: 99, status: 'In Progress' })).toBe(false);
    expect(isTaskDone({})).toBe(false);
  });

  it('property: only not-done tasks, each in the one list its day gives', () => {
    const day = fc.integer({ min: -40, max: 40 }).map((offset) => addDays(TODAY, offset));
    const values = fc.record({
      title: fc.string({ maxLength: 12 }),
      deadline: fc.oneof(day, fc.constant(''), fc.string({ maxLength: 5 })),
      progress: fc.integer({ min: 0, max: 100 }),
      status: fc.constantFrom(undefined, 'Completed', 'Pending'),
    });
    fc.assert(
      fc.property(fc.array(values, { maxLength: 30 }), (tasks) => {
        const lists = pickReminderTasks(tasks, TODAY, 'UTC');
        const expected = tasks.filter(
          (item) =>
            !(item.progress === 100 || item.status === 'Completed') &&
            /^\d{4}-\d{2}-\d{2}$/.test(item.deadline) &&
            item.deadline <= addDays(TODAY, 1),
        );
        expect(lists.today.length + lists.tomorrow.length + lists.overdue.length).toBe(expected.length);
        for (const item of lists.today) expect(item.deadline).toBe(TODAY);
        for (const item of lists.tomorrow) expect(item.deadline).toBe(addDays(TODAY, 1));
        for (const item of lists.overdue) expect(item.deadline < TODAY).toBe(true);
      }),
    );
  });
});

describe('getDeadlineDay', () => {
  it('keeps yyyy-mm-dd and refuses what it cannot read', () => {
    expect(getDeadlineDay(' 2026-11-25 ', 'UTC')).toBe('2026-11-25');
    expect(getDeadlineDay('25/11/2026', 'UTC')).toBeNull();
    expect(getDeadlineDay(undefined, 'UTC')).toBeNull();
  });
});

describe('buildReminderEmail', () => {
  const base = {
    name: 'Mira Member',
    day: '2026-11-25',
    schedule: { time: '08:00', timeZone: 'Europe/Paris' },
    appUrl: 'https://tasks.example.com/',
    unsubscribeUrl: 'https://tasks.example.com/reminders/unsubscribe?token=abc',
  };

  it('has the exact subject and lines, sections with tasks only', () => {
    const lists: ReminderLists = {
      today: [{ title: 'Write report', deadline: '2026-11-25' }],
      tomorrow: [],
      overdue: [{ title: 'Old invoice', deadline: '2026-11-20' }],
    };
    expect(buildReminderEmail({ ...base, lists })).toEqual({
      subject: 'Tasklane reminder: 2 tasks need your attention',
      text: [
        'Hello Mira Member,',
        '',
        'Your Tasklane tasks for 2026-11-25:',
        '',
        'Due today (1):',
        '- Write report',
        '',
        'Overdue (1):',
        '- Old invoice (due 2026-11-20)',
        '',
        'Open Tasklane: https://tasks.example.com/user/dashboard',
        '',
        'You get this email because you turned on email reminders in Tasklane (every day at 08:00, Europe/Paris).',
        'To stop them, open: https://tasks.example.com/reminders/unsubscribe?token=abc',
      ].join('\n'),
    });
  });

  it('says "1 task needs" for one, and nothing at all for none', () => {
    const one = { today: [], tomorrow: [{ title: 'Call bank', deadline: '2026-11-26' }], overdue: [] };
    expect(buildReminderEmail({ ...base, lists: one })?.subject).toBe(
      'Tasklane reminder: 1 task needs your attention',
    );
    expect(buildReminderEmail({ ...base, lists: { today: [], tomorrow: [], overdue: [] } })).toBeNull();
  });

  it('lists at most REMINDER_SECTION_LIMIT lines a section and counts the rest', () => {
    const many = Array.from({ length: REMINDER_SECTION_LIMIT + 3 }, (_, index) => ({
      title: `Task ${index}`,
      deadline: '2026-11-25',
    }));
    const mail = buildReminderEmail({ ...base, lists: { today: many, tomorrow: [], overdue: [] } })!;
    expect(mail.text).toContain(`Due today (${REMINDER_SECTION_LIMIT + 3}):`);
    expect(mail.text).toContain('- …and 3 more');
    expect(mail.text).not.toContain(`- Task ${REMINDER_SECTION_LIMIT}\n`);
  });
});
