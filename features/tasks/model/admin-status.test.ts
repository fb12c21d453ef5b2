import { describe, expect, it } from 'vitest';
import {
  getAdminTaskStatus,
  getStatusBadgeTone,
  isTaskCompleted,
  splitTasksByCompletion,
} from './admin-status';

describe('isTaskCompleted (Admin completion: completed means progress exactly 100)', () => {
  it.each([
    [0, false],
    [81, false],
    [99, false],
    [100, true],
  ])('progress %i → %s', (progress, completed) => {
    expect(isTaskCompleted({ progress })).toBe(completed);
  });
});

describe('splitTasksByCompletion', () => {
  it('splits into pending (below 100) and completed (100), keeping stored order', () => {
    const tasks = [
      { id: 'a', progress: 100 },
      { id: 'b', progress: 90 },
      { id: 'c', progress: 0 },
      { id: 'd', progress: 100 },
    ];
    const { pending, completed } = splitTasksByCompletion(tasks);
    expect(pending.map((t) => t.id)).toEqual(['b', 'c']);
    expect(completed.map((t) => t.id)).toEqual(['a', 'd']);
  });
});

describe('getAdminTaskStatus (Status badges: Pending by default)', () => {
  it.each([
    [undefined, 'Pending'],
    ['', 'Pending'],
    ['  ', 'Pending'],
    ['In Progress', 'In Progress'],
    ['Completed', 'Completed'],
  ])('%j → %j', (status, shown) => {
    expect(getAdminTaskStatus({ status })).toBe(shown);
  });
});

describe('getStatusBadgeTone (Status badges: Pending red, In Progress yellow, other grey)', () => {
  it.each([
    ['Pending', 'red'],
    ['In Progress', 'yellow'],
    ['Completed', 'grey'],
    ['Blocked', 'grey'],
    ['pending', 'grey'],
  ] as const)('%j → %s', (status, tone) => {
    expect(getStatusBadgeTone(status)).toBe(tone);
  });
});
