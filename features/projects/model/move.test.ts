import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REOPEN_CHECKLIST_REFUSAL,
  columnIdOf,
  kindOf,
  type KindColumn,
} from '@/features/tasks/model/board-layout';
import { isTaskDone } from '@/features/tasks/model/completion';
import type { Task } from '@/features/tasks/model/task-types';
import { movedTask, revertedMove } from './move';

const OPS_COLUMNS: KindColumn[] = [
  { id: 'backlog', name: 'Backlog', kind: 'todo', wipLimit: null },
  { id: 'next', name: 'Next', kind: 'todo', wipLimit: null },
  { id: 'doing', name: 'Doing', kind: 'doing', wipLimit: 3 },
  { id: 'shipped', name: 'Shipped', kind: 'done', wipLimit: null },
];

const TASK: Task = Object.freeze({
  id: 't1',
  title: 'Order badges',
  description: 'For the fair',
  priority: 'High',
  deadline: '2026-12-03',
  progress: 60,
  assignedTo: 'Ann Ray',
  assigneeId: 'u-ann',
  projectId: 'general',
  number: 7,
  labels: ['l1'],
  repeat: { every: 'week', interval: 1, from: 'deadline' },
  ck_aaaaaaaa: { text: 'Ask', done: true, pos: 1 },
}) as Task;

const ops = (extra: Partial<{ columnId: string; assignTo: { id: string | null; name: string } }> = {}) => ({
  projectId: 'ops',
  columns: OPS_COLUMNS,
  ...extra,
});

describe('movedTask (docs/product.md#projects)', () => {
  it('changes the project, drops the number for the server to give, and keeps every other field', () => {
    const moved = movedTask(TASK, ops());
    expect(moved).toEqual({ ok: true, task: { ...without(TASK, 'number'), projectId: 'ops' } });
  });

  it('treats a task without a project as General’s', () => {
    const { projectId: _projectId, ...inGeneral } = TASK;
    const moved = movedTask(inGeneral, { projectId: 'general', columns: OPS_COLUMNS });
    // Within its own project the number stays.
    expect(moved.ok && moved.task.number).toBe(7);
  });

  it('puts it in the column chosen, by the board’s rules: a done column completes it', () => {
    const next = movedTask(TASK, ops({ columnId: 'next' }));
    expect(next.ok && columnIdOf(next.task, OPS_COLUMNS)).toBe('next');
    const shipped = movedTask(TASK, ops({ columnId: 'shipped' }));
    expect(shipped.ok && isTaskDone(shipped.task)).toBe(true);
    expect(shipped.ok && columnIdOf(shipped.task, OPS_COLUMNS)).toBe('shipped');
    // Into the column its kind shows in first, nothing is stored about a column.
    const doing = movedTask(TASK, ops({ columnId: 'doing' }));
    expect(doing.ok && doing.task.columnId).toBeUndefined();
    expect(doing.ok && doing.task.progress).toBe(60);
  });

  it('refuses to reopen a task whose checklist decides its progress, writing nothing', () => {
    const following: Task = { ...TASK, progress: 100, status: 'Completed', checklistProgress: true };
    expect(movedTask(following, ops({ columnId: 'backlog' }))).toEqual({
      ok: false,
      message: REOPEN_CHECKLIST_REFUSAL,
    });
  });

  it('gives it to the assignee named, by id and name, when asked to', () => {
    const moved = movedTask(TASK, ops({ assignTo: { id: 'u-max', name: 'Max Doe' } }));
    expect(moved.ok && [moved.task.assigneeId, moved.task.assignedTo]).toEqual(['u-max', 'Max Doe']);
    const blank = movedTask(TASK, ops({ assignTo: { id: 'u-max', name: '  ' } }));
    expect(blank.ok && blank.task.assigneeId).toBe('u-ann');
  });
});

describe('revertedMove: one Undo for the whole move', () => {
  it('puts back the project, the column, the completion and the assignee, and drops the new number', () => {
    const moved = movedTask(TASK, ops({ columnId: 'shipped', assignTo: { id: 'u-max', name: 'Max Doe' } }));
    if (!moved.ok) throw new Error('moved');
    const numbered = { ...moved.task, number: 3 };
    expect(revertedMove(numbered, TASK, moved.task)).toEqual(without(TASK, 'number'));
  });

  it('keeps a change made since to a field the move changed, and every other field’s', () => {
    const moved = movedTask(TASK, ops({ columnId: 'next' }));
    if (!moved.ok) throw new Error('moved');
    const since: Task = { ...moved.task, progress: 20, title: 'Order name badges' };
    const back = revertedMove(since, TASK, moved.task);
    expect(back.projectId).toBe('general');
    expect(back.progress).toBe(20);
    expect(back.title).toBe('Order name badges');
  });

  it('keeps the number of a move within the project, and is the same object when nothing goes back', () => {
    const within = movedTask(TASK, { projectId: 'general', columns: OPS_COLUMNS, columnId: 'backlog' });
    if (!within.ok) throw new Error('moved');
    expect(revertedMove(within.task, TASK, within.task).number).toBe(7);
    expect(revertedMove(TASK, TASK, TASK)).toBe(TASK);
  });

  it('undoes any move of any task back to where it was (property)', () => {
    const progress = fc.integer({ min: 0, max: 100 });
    const column = fc.constantFrom(...OPS_COLUMNS.map((item) => item.id), undefined);
    fc.assert(
      fc.property(progress, column, fc.boolean(), (value, columnId, take) => {
        const before: Task = { ...TASK, progress: value, checklistProgress: false };
        const assignTo = take ? { id: 'u-max', name: 'Max Doe' } : undefined;
        const moved = movedTask(before, ops({ columnId, assignTo }));
        if (!moved.ok) return;
        expect(moved.task.projectId).toBe('ops');
        if (columnId !== undefined) expect(columnIdOf(moved.task, OPS_COLUMNS)).toBe(columnId);
        const back = revertedMove(moved.task, before, moved.task);
        expect(back).toEqual(without(before, 'number'));
        expect(kindOf(back)).toBe(kindOf(before));
      }),
    );
  });
});

function without(task: Task, key: string): Task {
  const copy = { ...task };
  delete copy[key];
  return copy;
}
