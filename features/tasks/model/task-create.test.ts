import { describe, expect, it } from 'vitest';
import { createTask, type NewTaskInput } from './task-create';
import { taskSchema } from './task-read';

const NOW_MS = 1_767_225_600_000;

const INPUT: NewTaskInput = {
  title: 'Write the report',
  description: 'Quarterly numbers',
  priority: 'High',
  deadline: '2026-03-10',
};

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
