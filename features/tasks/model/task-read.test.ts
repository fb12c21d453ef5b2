import { describe, expect, it } from 'vitest';
import { assigneeName, TASK_FIELD_NAMES, UNASSIGNED_LABEL } from './task-types';
import { createTask } from './task-create';
import { taskSchema, tasksSchema } from './task-read';

describe('taskSchema', () => {
  it('fills the default values (Task fields) for a minimal task', () => {
    expect(taskSchema.parse({ id: 't1', title: 'Minimal' })).toEqual({
      id: 't1',
      title: 'Minimal',
      description: '',
      priority: 'Medium',
      deadline: '',
      progress: 0,
      assignedTo: 'Unknown User',
    });
  });

  it('reads a numeric id (Date.now() from older versions) as a string', () => {
    const task = taskSchema.parse({ id: 1_700_000_000_000, title: 'Legacy' });

    expect(task.id).toBe('1700000000000');
  });

  it.each([
    [50, 50],
    ['50', 50],
    ['0', 0],
    ['100', 100],
    ['050', 50],
  ])('reads progress %j as the number %d', (progress, expected) => {
    expect(taskSchema.parse({ id: 't1', title: 'x', progress }).progress).toBe(expected);
  });

  it('keeps the stored fields it knows and the ones it does not', () => {
    const stored = {
      id: 't1',
      title: 'Full',
      description: 'All fields',
      priority: 'Low',
      deadline: '2026-03-10',
      progress: 60,
      assignedTo: 'Asha',
      email: 'asha@example.com',
      status: 'In review',
      column: 'Completed',
      labels: ['home'],
      meta: { source: 'v2' },
    };

    expect(taskSchema.parse(stored)).toEqual(stored);
  });

  it('reads the status by the one rule for done: Completed exactly while progress is 100', () => {
    const base = { id: 't1', title: 'x' };
    expect(taskSchema.parse({ ...base, progress: 100 }).status).toBe('Completed');
    expect(taskSchema.parse({ ...base, progress: 67, status: 'Completed' }).status).toBeUndefined();
    expect(taskSchema.parse({ ...base, progress: 100, status: 'In review' }).status).toBe('Completed');
    expect(taskSchema.parse({ ...base, progress: 50, status: 'In review' }).status).toBe('In review');
  });

  it('ignores a column that is not a board column instead of rejecting the task', () => {
    const result = taskSchema.safeParse({ id: 't1', title: 'x', progress: 10, column: 'Backlog' });

    expect(result.success).toBe(true);
    expect(result.data?.column).toBeUndefined();
    expect(result.data?.progress).toBe(10);
  });

  it.each([
    ['a missing title', { id: 't1' }],
    ['an empty id', { id: '', title: 'x' }],
    ['a missing id', { title: 'x' }],
    ['a boolean id', { id: true, title: 'x' }],
    ['progress above 100', { id: 't1', title: 'x', progress: 101 }],
    ['progress text above 100', { id: 't1', title: 'x', progress: '101' }],
    ['negative progress', { id: 't1', title: 'x', progress: -1 }],
    ['fractional progress', { id: 't1', title: 'x', progress: 50.5 }],
    ['non-numeric progress text', { id: 't1', title: 'x', progress: 'half' }],
    ['empty progress text', { id: 't1', title: 'x', progress: '' }],
    ['an unknown priority', { id: 't1', title: 'x', priority: 'Urgent' }],
    ['a non-string deadline', { id: 't1', title: 'x', deadline: 20260310 }],
  ])('rejects a task with %s', (_label, value) => {
    expect(taskSchema.safeParse(value).success).toBe(false);
  });

  it('tasksSchema reads a list of tasks in order', () => {
    expect(
      tasksSchema
        .parse([
          { id: 2, title: 'B' },
          { id: 'a', title: 'A', progress: '90' },
        ])
        .map((task) => [task.id, task.progress]),
    ).toEqual([
      ['2', 0],
      ['a', 90],
    ]);
  });
});

describe('rank (order within a column)', () => {
  it('keeps a readable rank and drops an unreadable one from the read copy', () => {
    expect(taskSchema.parse({ id: '1', title: 'A', rank: 'a0V' }).rank).toBe('a0V');
    for (const rank of ['', 'a00', 7, 'not a key!']) {
      expect(taskSchema.parse({ id: '1', title: 'A', rank })).not.toHaveProperty('rank');
    }
  });

  it('is a field this version writes', () => {
    expect(TASK_FIELD_NAMES).toContain('rank');
  });
});

describe('assignee ids (team sync)', () => {
  const base = { id: '1', title: 'T', description: 'D', assignedTo: 'Carol Diaz' };

  it('keeps a text assigneeId, and reads anything else as bound to nobody', () => {
    expect(taskSchema.parse({ ...base, assigneeId: 'u1' })).toMatchObject({ assigneeId: 'u1' });
    expect(taskSchema.parse({ ...base, assigneeId: '' })).toMatchObject({ assigneeId: '' });
    expect(taskSchema.parse({ ...base, assigneeId: 7 })).toMatchObject({ assigneeId: '' });
    expect(taskSchema.parse({ ...base, assigneeId: null })).toMatchObject({ assigneeId: '' });
    expect(taskSchema.parse(base)).not.toHaveProperty('assigneeId');
  });

  it('shows the name, or Unassigned for a team task bound to nobody', () => {
    expect(assigneeName({ assignedTo: 'Carol Diaz' })).toBe('Carol Diaz');
    expect(assigneeName({ assignedTo: 'Carol Diaz', assigneeId: 'u1' })).toBe('Carol Diaz');
    expect(assigneeName({ assignedTo: 'Carol Diaz', assigneeId: '' })).toBe(UNASSIGNED_LABEL);
    expect(UNASSIGNED_LABEL).toBe('Unassigned');
  });

  it('createTask writes the id only when one is given (never in the default mode)', () => {
    const input = { title: 'T', description: 'D', deadline: '' };
    expect(createTask(input, { nowMs: 1, userName: 'Asha' })).not.toHaveProperty('assigneeId');
    expect(createTask(input, { nowMs: 1, assignedTo: 'Ravi', assigneeId: 'u-ravi' })).toMatchObject({
      assignedTo: 'Ravi',
      assigneeId: 'u-ravi',
    });
  });
});
