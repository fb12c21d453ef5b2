import { describe, expect, it } from 'vitest';

import fc from 'fast-check';
import {
  applyTaskPatch,
  assigneeName,
  isCalendarDate,
  TASK_PATCH_MESSAGES,
  clampProgress,
  createTask,
  stampChangedTasks,
  taskSchema,
  tasksSchema,
  TASK_FIELD_NAMES,
  UNASSIGNED_LABEL,
  type NewTaskInput,
} from './task';

const NOW_MS = 1_767_225_600_000;

const INPUT: NewTaskInput = {
  title: 'Write the report',
  description: 'Quarterly numbers',
  priority: 'High',
  deadline: '2026-03-10',
};

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

describe('createTask', () => {
  it('builds a task with the default values (Task fields)', () => {
    expect(createTask(INPUT, { nowMs: NOW_MS })).toEqual({
      id: String(NOW_MS),
      title: 'Write the report',
      description: 'Quarterly numbers',
      priority: 'High',
      deadline: '2026-03-10',
      progress: 0,
      assignedTo: 'Unknown User',
    });
  });

  it('defaults the priority to Medium', () => {
    const { priority: _priority, ...withoutPriority } = INPUT;

    expect(createTask(withoutPriority, { nowMs: NOW_MS })?.priority).toBe('Medium');
  });

  it('trims the title and description', () => {
    const task = createTask(
      { ...INPUT, title: '  Write the report \n', description: '\tQuarterly numbers  ' },
      { nowMs: NOW_MS },
    );

    expect(task?.title).toBe('Write the report');
    expect(task?.description).toBe('Quarterly numbers');
  });

  it.each([
    ['an empty title', { title: '' }],
    ['a blank title', { title: '   \n\t' }],
    ['an empty description', { description: '' }],
    ['a blank description', { description: '  ' }],
  ])('returns null for %s', (_label, override) => {
    expect(createTask({ ...INPUT, ...override }, { nowMs: NOW_MS })).toBeNull();
  });

  it('title-only capture: needs the title alone; description and deadline stay empty (docs/product.md#capture)', () => {
    const task = createTask(
      { title: ' Call the printer ', description: '', deadline: '', titleOnly: true },
      { nowMs: NOW_MS },
    );
    expect(task).toMatchObject({ title: 'Call the printer', description: '', deadline: '', progress: 0 });
    expect(taskSchema.parse(task)).toEqual(task);
    expect(
      createTask({ title: '  ', description: 'x', deadline: '', titleOnly: true }, { nowMs: NOW_MS }),
    ).toBeNull();
  });

  it('uses the timestamp as id when it is free', () => {
    const task = createTask(INPUT, { nowMs: NOW_MS, existingIds: [String(NOW_MS + 1), 'other'] });

    expect(task?.id).toBe(String(NOW_MS));
  });

  it('bumps the id past ids already in use', () => {
    const task = createTask(INPUT, {
      nowMs: NOW_MS,
      existingIds: new Set([String(NOW_MS), String(NOW_MS + 1), String(NOW_MS + 3)]),
    });

    expect(task?.id).toBe(String(NOW_MS + 2));
  });

  it("assigns the task to the trimmed user's name", () => {
    expect(createTask(INPUT, { nowMs: NOW_MS, userName: '  Asha Rao ' })?.assignedTo).toBe('Asha Rao');
  });

  it.each([
    ['no user name', undefined],
    ['a null user name', null],
    ['a blank user name', '   '],
  ])('assigns the task to Unknown User with %s', (_label, userName) => {
    expect(createTask(INPUT, { nowMs: NOW_MS, userName })?.assignedTo).toBe('Unknown User');
  });

  it('records the email when one is given', () => {
    expect(createTask(INPUT, { nowMs: NOW_MS, email: 'asha@example.com' })?.email).toBe('asha@example.com');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
  ])('leaves the email out when it is %s', (_label, email) => {
    const task = createTask(INPUT, { nowMs: NOW_MS, email });

    expect(task).not.toBeNull();
    expect(task && 'email' in task).toBe(false);
  });

  it('creates a task the schema reads back unchanged', () => {
    const task = createTask(INPUT, { nowMs: NOW_MS, userName: 'Asha', email: 'asha@example.com' });

    expect(taskSchema.parse(JSON.parse(JSON.stringify(task)))).toEqual(task);
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

describe('isCalendarDate', () => {
  it('takes yyyy-mm-dd dates that exist, leap days included', () => {
    for (const date of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31'])
      expect(isCalendarDate(date)).toBe(true);
    for (const date of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '',
      'soon',
    ])
      expect(isCalendarDate(date), date).toBe(false);
  });
});

describe('applyTaskPatch (docs/product.md#editing-a-task)', () => {
  const task = taskSchema.parse({
    id: '1',
    title: 'Write tests',
    description: 'For the board',
    priority: 'High',
    deadline: '2026-03-10',
    progress: 40,
    assignedTo: 'Asha',
    column: 'Completed',
  });

  it('changes the given fields, trimmed, and keeps the rest', () => {
    const result = applyTaskPatch(task, { title: '  New title ', deadline: '2026-04-01', priority: 'Low' });
    expect(result).toEqual({
      ok: true,
      task: { ...task, title: 'New title', deadline: '2026-04-01', priority: 'Low' },
    });
  });

  it('a new progress lets the board column follow it again', () => {
    const result = applyTaskPatch(task, { progress: 90 });
    expect(result.ok && result.task).toEqual({ ...task, progress: 90, column: undefined });
    expect(result.ok && 'column' in result.task).toBe(false);
  });

  it('clears the description and the deadline (a task may have neither, as a title-only capture)', () => {
    const result = applyTaskPatch(task, { description: '   ', deadline: '' });
    expect(result).toEqual({ ok: true, task: { ...task, description: '', deadline: '' } });
  });

  it('answers the same object when nothing changes', () => {
    const result = applyTaskPatch(task, { title: 'Write tests', progress: 40 });
    expect(result.ok && result.task).toBe(task);
  });

  it.each([
    [{ title: '   ' }, 'title', TASK_PATCH_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(201) }, 'title', TASK_PATCH_MESSAGES.titleTooLong],
    [{ description: 'x'.repeat(5001) }, 'description', TASK_PATCH_MESSAGES.descriptionTooLong],
    [{ deadline: '2026-02-30' }, 'deadline', TASK_PATCH_MESSAGES.deadline],
    [{ deadline: ' 2026-13-01' }, 'deadline', TASK_PATCH_MESSAGES.deadline],
    [{ priority: 'Urgent' as never }, 'priority', TASK_PATCH_MESSAGES.priority],
    [{ progress: 101 }, 'progress', TASK_PATCH_MESSAGES.progress],
    [{ progress: 2.5 }, 'progress', TASK_PATCH_MESSAGES.progress],
    [{ title: 'Fine', deadline: 'tomorrow' }, 'deadline', TASK_PATCH_MESSAGES.deadline],
  ])('refuses %j: names the field and why, and changes nothing', (patch, field, message) => {
    expect(applyTaskPatch(task, patch)).toEqual({ ok: false, field, message });
  });

  it('an accepted patch always leaves a readable task; a refused one, the task as it was (property)', () => {
    const patch = fc.record(
      {
        title: fc.string({ maxLength: 210 }),
        description: fc.string({ maxLength: 30 }),
        priority: fc.constantFrom('High', 'Medium', 'Low', 'Urgent'),
        deadline: fc.oneof(
          fc.constant('2026-02-28'),
          fc.constant('2026-02-29'),
          fc.string({ maxLength: 10 }),
        ),
        progress: fc.oneof(fc.integer({ min: -5, max: 105 }), fc.double({ noNaN: true })),
        status: fc.constantFrom('Pending', 'Completed'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(patch, (values) => {
        const before = structuredClone(task);
        const result = applyTaskPatch(task, values as never);
        expect(task).toEqual(before);
        if (result.ok) expect(taskSchema.parse(result.task)).toEqual(result.task);
      }),
    );
  });
});

describe('clampProgress', () => {
  it.each([
    [0, 0],
    [55, 55],
    [100, 100],
    [-5, 0],
    [150, 100],
    [49.4, 49],
    [49.6, 50],
    [99.7, 100],
    [Number.NaN, 0],
  ])('clampProgress(%d) is %d', (value, expected) => {
    expect(clampProgress(value)).toBe(expected);
  });
});

describe('stampChangedTasks', () => {
  const base = taskSchema.parse({ id: 't1', title: 'Report', progress: 60 });
  const at = new Date(NOW_MS).toISOString();

  it('stamps completedAt when a command brings progress to 100, and updatedAt with it', () => {
    const [done] = stampChangedTasks([base], [{ ...base, progress: 100 }], NOW_MS);
    expect(done).toEqual({ ...base, progress: 100, updatedAt: at, completedAt: at });
  });

  it('keeps the first completion time when a completed task is edited again', () => {
    const done = { ...base, progress: 100, completedAt: '2026-01-01T00:00:00.000Z' };
    const [edited] = stampChangedTasks([done], [{ ...done, title: 'Report v2' }], NOW_MS);
    expect(edited).toEqual({ ...done, title: 'Report v2', updatedAt: at });
  });

  it('removes completedAt when progress goes below 100', () => {
    const done = { ...base, progress: 100, completedAt: '2026-01-01T00:00:00.000Z' };
    const [reopened] = stampChangedTasks([done], [{ ...done, progress: 80 }], NOW_MS);
    expect(reopened).toEqual({ ...base, progress: 80, updatedAt: at });
    expect(reopened).not.toHaveProperty('completedAt');
  });

  it('leaves added and untouched tasks alone, completed or not', () => {
    const added = { ...base, id: 't2', progress: 100 };
    const next = [base, added];
    expect(stampChangedTasks([base], next, NOW_MS)).toBe(next);
  });

  it('reads completedAt as text only', () => {
    expect(taskSchema.parse({ id: 't1', title: 'x', completedAt: 5 })).not.toHaveProperty('completedAt');
    expect(taskSchema.parse({ id: 't1', title: 'x', completedAt: at }).completedAt).toBe(at);
  });
});
