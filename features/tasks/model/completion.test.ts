import { describe, expect, it } from 'vitest';
import { moveToColumn } from './board';
import { checklistCounts } from './checklist';
import {
  applyProgress,
  followsChecklist,
  isTaskDone,
  markCompleted,
  settleChangedTasks,
  settleCompletion,
  shownProgress,
} from './completion';
import type { Task } from './task-types';

const TASK: Task = {
  id: 't1',
  title: 'Weekly report',
  description: 'Numbers',
  priority: 'Medium',
  deadline: '2026-12-03',
  progress: 40,
  assignedTo: 'Mo',
};

/** 2 of 3 ticked, progress following the checklist (the task). */
const FOLLOWING: Task = {
  ...TASK,
  progress: 67,
  checklistProgress: true,
  ck_aaaaaaaa: { text: 'Gather', done: true, pos: 1 },
  ck_bbbbbbbb: { text: 'Write', done: true, pos: 2 },
  ck_cccccccc: { text: 'Send', done: false, pos: 3 },
};

describe('done (docs/product.md#task-completion)', () => {
  it('is the progress the task shows at exactly 100: its own, or its checklist’s while it follows one', () => {
    expect(isTaskDone({ ...TASK, progress: 100 })).toBe(true);
    expect(isTaskDone({ ...TASK, progress: 99 })).toBe(false);
    expect(isTaskDone({ ...TASK, progress: 90, column: 'Completed' })).toBe(false);
    // The bug: progress 100 stored beside 2 of 3 ticked shows 67, and is not done.
    expect(shownProgress({ ...FOLLOWING, progress: 100 })).toBe(67);
    expect(isTaskDone({ ...FOLLOWING, progress: 100 })).toBe(false);
    expect(followsChecklist(FOLLOWING)).toBe(true);
    expect(followsChecklist({ ...TASK, checklistProgress: true })).toBe(false);
    // The switch on without items: its own progress.
    expect(isTaskDone({ ...TASK, checklistProgress: true, progress: 100 })).toBe(true);
  });
});

describe('settleCompletion', () => {
  it('makes progress, status and checklist agree, and leaves a task that agrees as it is', () => {
    expect(settleCompletion(TASK)).toBe(TASK);
    expect(settleCompletion({ ...TASK, progress: 100 })).toEqual({
      ...TASK,
      progress: 100,
      status: 'Completed',
    });
    expect(settleCompletion({ ...TASK, status: 'Completed' })).toEqual(TASK);
    expect(settleCompletion({ ...FOLLOWING, progress: 100, status: 'Completed' })).toEqual(FOLLOWING);
    // Other status texts are the admin's: kept below 100, Completed at 100.
    expect(settleCompletion({ ...TASK, status: 'In Progress' }).status).toBe('In Progress');
    expect(settleCompletion({ ...TASK, progress: 100, status: 'In Progress' }).status).toBe('Completed');
    // A dragged column is the board's, not completion's.
    expect(settleCompletion({ ...TASK, progress: 100, status: 'Completed', column: 'To Do' }).column).toBe(
      'To Do',
    );
  });
});

describe('markCompleted (Mark as Completed, Status Completed, the slider at 100)', () => {
  it('ticks the items a checklist-driven task has left, keeps the switch on, progress 100, status Completed', () => {
    const done = markCompleted({ ...FOLLOWING, column: 'In Progress' });
    expect(done).toMatchObject({ progress: 100, status: 'Completed', checklistProgress: true });
    expect(done.column).toBeUndefined();
    expect(checklistCounts(done)).toEqual({ done: 3, total: 3 });
    expect(done.ck_cccccccc).toEqual({ text: 'Send', done: true, pos: 3 });
    expect(isTaskDone(done)).toBe(true);
    expect(FOLLOWING.ck_cccccccc).toEqual({ text: 'Send', done: false, pos: 3 });
  });

  it('leaves the items alone when progress does not follow them', () => {
    const own = { ...FOLLOWING, checklistProgress: undefined };
    delete own.checklistProgress;
    const done = markCompleted(own);
    expect(done).toMatchObject({ progress: 100, status: 'Completed' });
    expect(checklistCounts(done)).toEqual({ done: 2, total: 3 });
  });

  it('answers the same object when the task is completed already', () => {
    const done = markCompleted(FOLLOWING);
    expect(markCompleted(done)).toBe(done);
  });
});

describe('applyProgress (the slider, a patch)', () => {
  it('sets the progress, lets it decide the column again, and the status follows', () => {
    expect(applyProgress({ ...TASK, column: 'Completed' }, 55)).toEqual({ ...TASK, progress: 55 });
    expect(applyProgress(TASK, 100)).toEqual({ ...TASK, progress: 100, status: 'Completed' });
    // Reopening takes the status Completed away.
    expect(applyProgress({ ...TASK, progress: 100, status: 'Completed' }, 80)).toEqual({
      ...TASK,
      progress: 80,
    });
    expect(applyProgress(TASK, 40)).toBe(TASK);
  });

  it('while progress follows the checklist: 100 ticks every item, anything else changes nothing', () => {
    expect(applyProgress(FOLLOWING, 30)).toBe(FOLLOWING);
    expect(checklistCounts(applyProgress(FOLLOWING, 100))).toEqual({ done: 3, total: 3 });
  });
});

describe('moveToColumn (a drop on the board)', () => {
  it('is not completion: progress and done unchanged either way', () => {
    const dropped = moveToColumn(TASK, 'Completed');
    expect(dropped).toEqual({ ...TASK, column: 'Completed' });
    expect(isTaskDone(dropped)).toBe(false);
    const done = markCompleted(TASK);
    const out = moveToColumn(done, 'To Do');
    expect(out).toMatchObject({ progress: 100, status: 'Completed', column: 'To Do' });
    expect(isTaskDone(out)).toBe(true);
    // Back where its progress puts it: the column is forgotten.
    expect(moveToColumn(out, 'Completed')).toEqual(done);
  });
});

describe('settleChangedTasks', () => {
  it('settles only the tasks a change replaced; the others stay the same objects', () => {
    const other = { ...TASK, id: 't2', progress: 100 };
    const prev = [TASK, other];
    const changed = { ...TASK, progress: 100 };
    const next = settleChangedTasks(prev, [changed, other]);
    expect(next[0]).toEqual({ ...changed, status: 'Completed' });
    expect(next[1]).toBe(other);
    const same = [TASK, other];
    expect(settleChangedTasks(prev, same)).toBe(same);
  });
});
