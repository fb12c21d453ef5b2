import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DEFAULT_BOARD_FILTER, filterBoardTasks, isAssignedTo, toBoardFilter } from './board-filter';
import type { Task } from './task-types';

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
  it('without an assignee id (the default mode) matches the full name exactly', () => {
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace' }, { name: 'Ada Lovelace' })).toBe(true);
    expect(isAssignedTo({ assignedTo: 'ada lovelace' }, { name: 'Ada Lovelace' })).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace ' }, { name: 'Ada Lovelace' })).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Ada' }, { name: 'Ada Lovelace' })).toBe(false);
  });

  it('with an assignee id (team sync) matches the id, never the name', () => {
    const me = { id: 'u1', name: 'Ada Lovelace' };
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace', assigneeId: 'u1' }, me)).toBe(true);
    // Someone else with my name: not mine.
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace', assigneeId: 'u2' }, me)).toBe(false);
    // Renamed since: still mine.
    expect(isAssignedTo({ assignedTo: 'Ada King', assigneeId: 'u1' }, me)).toBe(true);
    // Bound to nobody: nobody's.
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace', assigneeId: '' }, me)).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Ada Lovelace', assigneeId: 'u1' }, { name: 'Ada Lovelace' })).toBe(
      false,
    );
  });

  it('finds nothing mine without a name, even tasks with an empty assignee', () => {
    expect(isAssignedTo({ assignedTo: '' }, { name: '' })).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Unknown User' }, undefined)).toBe(false);
    expect(isAssignedTo({ assignedTo: 'Unknown User' }, null)).toBe(false);
  });
});

describe('filterBoardTasks', () => {
  const tasks = [makeTask('1', 'Ada'), makeTask('2', 'Grace'), makeTask('3', 'Ada'), makeTask('4', 'Linus')];

  it('All is the very list the board had before (same array)', () => {
    expect(filterBoardTasks(tasks, 'all', { name: 'Ada' })).toBe(tasks);
  });

  it('Mine keeps my tasks in stored order', () => {
    expect(filterBoardTasks(tasks, 'mine', { name: 'Ada' }).map((task) => task.id)).toEqual(['1', '3']);
    expect(filterBoardTasks(tasks, 'mine', { name: 'Nobody' })).toEqual([]);
  });

  it('Mine is the ordered subsequence of All assigned to me (property)', () => {
    const names = fc.constantFrom('Ada', 'Grace', 'Linus', '', 'Unknown User');
    const ids = fc.constantFrom<string | undefined>('u1', 'u2', '', undefined);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(names, ids), { maxLength: 60 }),
        names,
        fc.constantFrom<string | null>('u1', 'u2', null),
        (assignees, myName, myId) => {
          const list = assignees.map(([name, id], index) => {
            const task = makeTask(String(index), name);
            if (id !== undefined) task.assigneeId = id;
            return task;
          });
          const mine = filterBoardTasks(list, 'mine', { id: myId, name: myName });
          expect(mine).toEqual(
            list.filter((task) =>
              task.assigneeId === undefined
                ? myName !== '' && task.assignedTo === myName
                : myId !== null && task.assigneeId === myId,
            ),
          );
          // Stored order kept: ids ascend.
          expect(mine.map((task) => Number(task.id))).toEqual(
            mine.map((task) => Number(task.id)).sort((a, b) => a - b),
          );
        },
      ),
    );
  });
});
