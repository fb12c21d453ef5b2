// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROJECT_COLUMNS } from '@/features/projects/model/columns';
import type { Project } from '@/features/projects/model/project';
import { REOPEN_CHECKLIST_REFUSAL } from '@/features/tasks/model/board-layout';
import { storageProblemsStore } from '@/shared/browser-storage/storage-problems';
import { moveTaskToProject, moveTasksToProject, undoMoves } from './move-task';

const OPS: Project = {
  id: 'ops',
  key: 'OPS',
  name: 'Operations',
  color: 'blue',
  description: '',
  teamRole: null,
  role: 'manager',
  archived: false,
  columns: [...DEFAULT_PROJECT_COLUMNS],
};

const TASK = {
  id: 't1',
  title: 'Print the flyers',
  description: 'Two hundred',
  priority: 'High',
  deadline: '2026-12-10',
  progress: 10,
  assignedTo: 'Sam',
  assigneeId: 'u-sam',
  number: 4,
};

/** Done, its progress following its checklist: a move out of a done column is refused. */
const FOLLOWING = {
  ...TASK,
  id: 't3',
  progress: 100,
  status: 'Completed',
  checklistProgress: true,
  ck_aaaaaaaa: { text: 'Print', done: true, pos: 1 },
};

function stored(): Array<Record<string, unknown>> {
  return JSON.parse(localStorage.getItem('tasks') ?? 'null') as Array<Record<string, unknown>>;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('tasks', JSON.stringify([TASK, { ...TASK, id: 't2', title: 'Hang' }, FOLLOWING]));
});

afterEach(() => {
  storageProblemsStore.dismiss('tasks');
  vi.restoreAllMocks();
});

describe('moving tasks to a project (docs/product.md#projects)', () => {
  it('moves a selection in one write, into the column chosen, reassigning only the tasks named', () => {
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const written = moveTasksToProject([{ id: 't1' }, { id: 't2' }], OPS, {
      columnId: 'doing',
      assignTo: { id: 'u-olive', name: 'Olive' },
      reassign: new Set(['t2']),
    });
    expect(writes.mock.calls.filter(([key]) => key === 'tasks')).toHaveLength(1);
    expect(written?.moves.map((move) => move.taskId)).toEqual(['t1', 't2']);
    expect(written?.refused).toBe(0);
    const [first, second, third] = stored();
    expect(first).toMatchObject({ projectId: 'ops', assigneeId: 'u-sam', column: 'In Progress' });
    expect(first).not.toHaveProperty('number');
    expect(second).toMatchObject({ projectId: 'ops', assigneeId: 'u-olive', assignedTo: 'Olive' });
    expect(third).toEqual(FOLLOWING);
  });

  it('leaves a task the board refuses where it is and tells why; the others go', () => {
    const written = moveTasksToProject([{ id: 't1' }, { id: 't3' }], OPS, { columnId: 'todo' });
    expect(written?.moves.map((move) => move.taskId)).toEqual(['t1']);
    expect([written?.refused, written?.refusal]).toEqual([1, REOPEN_CHECKLIST_REFUSAL]);
    expect(stored()[2]).toEqual(FOLLOWING);
    expect(moveTaskToProject({ id: 't3' }, OPS, { columnId: 'todo' })).toEqual({
      refused: REOPEN_CHECKLIST_REFUSAL,
    });
  });

  it('one Undo puts every moved task back as it was, but for the number the server gives again', () => {
    const written = moveTasksToProject([{ id: 't1' }, { id: 't2' }], OPS, { columnId: 'done' });
    expect(stored()[0]).toMatchObject({ progress: 100, status: 'Completed' });
    expect(undoMoves(written!.moves)).toBe(true);
    const { number: _number, ...withoutNumber } = TASK;
    // Stamped as any edit is.
    const [first, second] = stored()
      .slice(0, 2)
      .map(({ updatedAt, ...rest }) => {
        expect(typeof updatedAt).toBe('string');
        return rest;
      });
    expect(first).toEqual(withoutNumber);
    expect(second).toEqual({ ...withoutNumber, id: 't2', title: 'Hang' });
  });
});
