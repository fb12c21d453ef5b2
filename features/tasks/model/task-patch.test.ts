import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTaskPatch, isCalendarDate, TASK_PATCH_MESSAGES, clampProgress } from './task-patch';
import { taskSchema } from './task-read';

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
