import { describe, expect, it } from 'vitest';
import { stampChangedTasks } from './task-stamps';
import { taskSchema } from './task-read';

const NOW_MS = 1_767_225_600_000;

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
