// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Task } from '@/features/tasks/model/task-types';
import { deleteTaskWithUndo, UNDO_LABEL } from './delete-task';

type Shown = { duration?: number; action?: { label: string; onClick: () => void } };

const shown = vi.hoisted(() => ({ calls: [] as Array<{ type: string; message: string; options: Shown }> }));

vi.mock('sonner', () => {
  const record = (type: string) => (message: string, options: unknown) => {
    shown.calls.push({ type, message, options: options as Shown });
    return shown.calls.length;
  };
  return { toast: { success: record('success'), error: record('error') } };
});

const TASKS = [
  { id: 't1', title: 'One', description: 'd', priority: 'High', deadline: '', progress: 0, assignedTo: 'A' },
  {
    id: 't2',
    title: 'Two',
    description: 'd',
    priority: 'Low',
    deadline: '2026-01-01',
    progress: 40,
    assignedTo: 'A',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  { id: 't3', title: 'Three', description: 'd', priority: 'Low', deadline: '', progress: 0, assignedTo: 'A' },
];

beforeEach(() => {
  localStorage.clear();
  shown.calls = [];
});

afterEach(() => vi.restoreAllMocks());

describe('deleteTaskWithUndo', () => {
  it("deletes, shows the screen's toast as given, and its Undo puts the task back exactly", () => {
    localStorage.setItem('tasks', JSON.stringify(TASKS));
    const before = localStorage.getItem('tasks');

    expect(
      deleteTaskWithUndo('t2', {
        type: 'error',
        message: 'Task removed successfully!',
        options: { duration: 3000 },
      }),
    ).toBe(true);

    expect(JSON.parse(localStorage.getItem('tasks')!).map((task: Task) => task.id)).toEqual(['t1', 't3']);
    expect(shown.calls).toHaveLength(1);
    const [call] = shown.calls;
    expect(call).toMatchObject({ type: 'error', message: 'Task removed successfully!' });
    expect(call!.options.duration).toBe(3000);
    expect(call!.options.action?.label).toBe(UNDO_LABEL);
    expect(UNDO_LABEL).toBe('Undo');

    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2030, 0, 1));
    call!.options.action?.onClick();
    expect(localStorage.getItem('tasks')).toBe(before);
  });

  it('shows the toast without Undo when no task has that id', () => {
    localStorage.setItem('tasks', JSON.stringify(TASKS));
    expect(deleteTaskWithUndo('missing', { type: 'success', message: '"x" deleted.' })).toBe(true);
    expect(shown.calls[0]!.options.action).toBeUndefined();
  });

  it('shows no toast when the browser refuses the write', () => {
    localStorage.setItem('tasks', JSON.stringify(TASKS));
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(deleteTaskWithUndo('t1', { type: 'success', message: '"One" deleted.' })).toBe(false);
    setItem.mockRestore();
    expect(shown.calls.map((call) => call.message)).not.toContain('"One" deleted.');
    expect(JSON.parse(localStorage.getItem('tasks')!)).toHaveLength(3);
  });
});
