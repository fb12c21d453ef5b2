import { describe, expect, it } from 'vitest';
import { inProject, openCountsByProject } from './project-counts';

describe('openCountsByProject', () => {
  it('counts the tasks below progress 100 of each project, a task naming none in General', () => {
    const counts = openCountsByProject([
      { progress: 0 },
      { progress: 100 },
      { progress: 40, projectId: 'p-ops' },
      { progress: 99, projectId: 'p-ops' },
      { progress: 100, projectId: 'p-ops' },
      { progress: 10, projectId: 'not an id!' },
    ]);
    expect(counts).toEqual(
      new Map([
        ['general', 2],
        ['p-ops', 2],
      ]),
    );
  });

  it('puts a task in the project it names, else in General', () => {
    expect(inProject({ projectId: 'p-ops' }, 'p-ops')).toBe(true);
    expect(inProject({}, 'general')).toBe(true);
    expect(inProject({ projectId: 'p-ops' }, 'general')).toBe(false);
  });
});
