import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DEFAULT_BOARD_FILTER, filterBoardTasks, isAssignedTo, toBoardFilter } from './board-filter';
import type { Task } from './task';

function makeTask(id: string, assignedTo: string): Task {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    priority: 'Medium',
    deadline: '',
    progress: 0,
    assignedTo,
  };
}

describe('toBoardFilter', () => {
  it('reads mine and all, anything else as the default (All)', () => {
    expect(DEFAULT_BOARD_FILTER).toBe('all');
    expect(toBoardFilter('mine')).toBe('mine');
    expect(toBoardFilter('all')).toBe('all');
    for (const other of ['Mine', 'MINE', ' mine', '', 'team', null, undefined]) {
      expect(toBoardFilter(other)).toBe('all');
    }
  });
});

describe('isAssignedTo', () => {
  it('matches the full name exactly, as the server does', () => {
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace' }, 'Ada Lovelace')).toBe(true);
    expect(isAssignedTo({ assignedTo: 'ada lovelace' }, 'Ada Lovelace')).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace ' }, 'Ada Lovelace')).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Ada' }, 'Ada Lovelace')).toBe(false);
  });

  it('finds nothing mine without a name, even tasks with an empty assignee', () => {
    expect(isAssignedTo({ assignedTo: '' }, '')).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Unknown User' }, undefined)).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Unknown User' }, null)).toBe(false);
  });
});

describe('filterBoardTasks', () => {
  const tasks = [makeTask('1', 'Ada'), makeTask('2', 'Grace'), makeTask('3', 'Ada'), makeTask('4', 'Linus')];

  it('All is the very list the board had before (same array)', () => {
    expect(filterBoardTasks(tasks, 'all', 'Ada')).toBe(tasks);
  });

  it('Mine keeps my tasks in stored order', () => {
    expect(filterBoardTasks(tasks, 'mine', 'Ada').map((task) => task.id)).toEqual(['1', '3']);
    expect(filterBoardTasks(tasks, 'mine', 'Nobody')).toEqual([]);
  });

  it('Mine is the ordered subsequence of All assigned to me (property)', () => {
    const names = fc.constantFrom('Ada', 'Grace', 'Linus', '', 'Unknown User');
    fc.assert(
      fc.property(fc.array(names, { maxLength: 60 }), names, (assignees, me) => {
        const list = assignees.map((name, index) => makeTask(String(index), name));
        const mine = filterBoardTasks(list, 'mine', me);
        expect(mine).toEqual(list.filter((task) => me !== '' && task.assignedTo === me));
        // Stored order kept: ids ascend.
        expect(mine.map((task) => Number(task.id))).toEqual(
          mine.map((task) => Number(task.id)).sort((a, b) => a - b),
        );
      }),
    );
  });
});
