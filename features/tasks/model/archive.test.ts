import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveCutoffMs, DEFAULT_ARCHIVE_DAYS, isArchived, taskCompletedAtMs } from './archive';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('taskCompletedAtMs', () => {
  it('is null below progress 100, whatever times the task carries', () => {
    for (const progress of [0, 40, 99, undefined, '100', 100.5]) {
      expect(taskCompletedAtMs({ progress, completedAt: iso(NOW), updatedAt: iso(NOW) }, NOW)).toBeNull();
    }
  });

  it('takes completedAt, then updatedAt, then the fallback', () => {
    const completedAt = iso(NOW - 3 * DAY);
    const updatedAt = iso(NOW - DAY);
    expect(taskCompletedAtMs({ progress: 100, completedAt, updatedAt }, 5)).toBe(NOW - 3 * DAY);
    expect(taskCompletedAtMs({ progress: 100, updatedAt }, 5)).toBe(NOW - DAY);
    expect(taskCompletedAtMs({ progress: 100 }, 5)).toBe(5);
    expect(taskCompletedAtMs({ progress: 100 }, null)).toBeNull();
  });

  it('skips a time that is not a readable ISO string', () => {
    const updatedAt = iso(NOW - DAY);
    expect(taskCompletedAtMs({ progress: 100, completedAt: 'yesterday', updatedAt }, 5)).toBe(NOW - DAY);
    expect(taskCompletedAtMs({ progress: 100, completedAt: NOW, updatedAt: null }, 5)).toBe(5);
  });
});

describe('archiveCutoffMs and isArchived', () => {
  it('archives a task completed more than the given days ago, not one completed exactly then', () => {
    const cutoff = archiveCutoffMs(NOW, DEFAULT_ARCHIVE_DAYS);
    expect(cutoff).toBe(NOW - 30 * DAY);
    expect(isArchived({ progress: 100, completedAt: iso(cutoff - 1) }, cutoff, null)).toBe(true);
    expect(isArchived({ progress: 100, completedAt: iso(cutoff) }, cutoff, null)).toBe(false);
    expect(isArchived({ progress: 90, completedAt: iso(cutoff - DAY) }, cutoff, null)).toBe(false);
    expect(isArchived({ progress: 100 }, cutoff, null)).toBe(false);
    expect(isArchived({ progress: 100 }, cutoff, cutoff - 1)).toBe(true);
  });

  it('agrees with taskCompletedAtMs for any task and cutoff', () => {
    const time = fc.integer({ min: NOW - 400 * DAY, max: NOW }).map(iso);
    fc.assert(
      fc.property(
        fc.record(
          { progress: fc.constantFrom(0, 50, 99, 100), completedAt: time, updatedAt: time },
          { requiredKeys: ['progress'] },
        ),
        fc.integer({ min: 1, max: 3650 }),
        fc.option(fc.integer({ min: NOW - 400 * DAY, max: NOW }), { nil: null }),
        (values, days, fallback) => {
          const cutoff = archiveCutoffMs(NOW, days);
          const completed = taskCompletedAtMs(values, fallback);
          expect(isArchived(values, cutoff, fallback)).toBe(completed !== null && completed < cutoff);
          if (values.progress !== 100) expect(completed).toBeNull();
        },
      ),
    );
  });
});
