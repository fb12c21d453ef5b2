// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { tasksStore } from '@/features/tasks/client/tasks';
import { addTask } from '@/features/tasks/client/task-commands';
import {
  archiveLocalProject,
  createLocalProject,
  deleteLocalProject,
  LOCAL_PROJECTS_KEY,
  localProjectsStore,
  mergeLocalProjects,
  saveLocalColumns,
  updateLocalProject,
} from './local-projects';

const INPUT = { title: 'Fix the tap', description: '', deadline: '', titleOnly: true };

beforeEach(() => {
  localStorage.clear();
});

describe('the browser’s own projects (default mode)', () => {
  it('always holds General first, with the spec’s three columns, without storing anything', () => {
    const [general, ...rest] = localProjectsStore.read();
    expect(rest).toEqual([]);
    expect(general).toMatchObject({
      id: 'general',
      key: 'GEN',
      name: 'General',
      role: 'manager',
      archived: false,
    });
    expect(general!.columns.map((column) => column.name)).toEqual(['To Do', 'In Progress', 'Completed']);
    expect(localStorage.getItem(LOCAL_PROJECTS_KEY)).toBeNull();
    // One array per stored list (useSyncExternalStore needs the same snapshot).
    expect(localProjectsStore.getSnapshot()).toBe(localProjectsStore.getSnapshot());
  });

  it('creates a project with a key of its own, refusing a key taken (any case)', () => {
    const home = createLocalProject({ name: ' Home ', key: 'hom' });
    expect(home).toMatchObject({
      key: 'HOM',
      name: 'Home',
      role: 'manager',
      archived: false,
      teamRole: null,
    });
    expect(localProjectsStore.read().map((project) => project.key)).toEqual(['GEN', 'HOM']);
    expect(() => createLocalProject({ name: 'Again', key: 'gen' })).toThrow(
      'A project with the key GEN already exists.',
    );
    expect(() => createLocalProject({ name: 'Bad', key: 'x' })).toThrow(
      'Key must be 2 to 10 capital letters A–Z.',
    );
  });

  it('changes settings and columns; General’s changes are kept too', () => {
    const home = createLocalProject({ name: 'Home', key: 'HOM' });
    expect(updateLocalProject(home.id, { name: 'House', color: 'green' })).toMatchObject({
      name: 'House',
      color: 'green',
    });
    const saved = saveLocalColumns(home.id, [
      { id: 'todo', name: 'Someday', kind: 'todo', wipLimit: null },
      { name: 'Waiting', kind: 'doing', wipLimit: 2 },
      { id: 'done', name: 'Done', kind: 'done', wipLimit: null },
    ]);
    expect(saved.columns[0]).toEqual({ id: 'todo', name: 'Someday', kind: 'todo', wipLimit: null });
    expect(saved.columns[1]!.id).toMatch(/^col-[a-z0-9]{8}$/);
    updateLocalProject('general', { description: 'Everything else' });
    expect(localProjectsStore.read()[0]).toMatchObject({ id: 'general', description: 'Everything else' });
    expect(localProjectsStore.read()[1]).toMatchObject({ name: 'House', columns: saved.columns });
  });

  it('archives and restores a project, never General', () => {
    const home = createLocalProject({ name: 'Home', key: 'HOM' });
    expect(archiveLocalProject(home.id, true).archived).toBe(true);
    expect(archiveLocalProject(home.id, false).archived).toBe(false);
    expect(() => archiveLocalProject('general', true)).toThrow('General cannot be archived.');
  });

  it('deletes an archived project with its tasks, once its name is typed exactly', () => {
    const home = createLocalProject({ name: 'Home', key: 'HOM' });
    addTask(INPUT, { fields: { projectId: home.id } });
    addTask({ ...INPUT, title: 'Elsewhere' });
    expect(() => deleteLocalProject(home.id, 'Home')).toThrow();
    archiveLocalProject(home.id, true);
    expect(() => deleteLocalProject(home.id, 'home')).toThrow(
      'Type the project’s name exactly to delete it.',
    );
    deleteLocalProject(home.id, ' Home ');
    expect(tasksStore.read().map((task) => task.title)).toEqual(['Elsewhere']);
    expect(localProjectsStore.read().map((project) => project.key)).toEqual(['GEN']);
    expect(() => deleteLocalProject('general', 'General')).toThrow();
  });

  it('merges an import’s projects, keeping its own where an id or a key clashes', () => {
    const home = createLocalProject({ name: 'Home', key: 'HOM' });
    mergeLocalProjects([
      { ...home, name: 'Not this one' },
      { ...home, id: 'p-other', name: 'Same key' },
      { ...home, id: 'p-garden', key: 'GAR', name: 'Garden', role: 'commenter' },
    ]);
    const projects = localProjectsStore.read();
    expect(projects.map((project) => `${project.key} ${project.name}`)).toEqual([
      'GEN General',
      'HOM Home',
      'GAR Garden',
    ]);
    expect(projects[2]!.role).toBe('manager');
  });
});
