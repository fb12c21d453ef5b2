// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageQuotaError } from '@/shared/browser-storage/local-store';
import { setTasksWriteHook, tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import {
  createLocalProject,
  localProjectsStore,
  updateLocalProject,
} from '@/features/projects/client/local-projects';
import { teamProjectsStore } from '@/features/projects/client/projects-store';
import type { Project } from '@/features/projects/model/project';
import { readCurrentData, undoImport, writeImport } from './apply';
import { formatJsonExport } from './export';
import { applyImportPlan, planImport } from './import-plan';
import { readImportText } from './import-read';

const TASK: Task = {
  id: '1',
  title: 'Write',
  description: 'Docs',
  priority: 'High',
  deadline: '2026-11-30',
  progress: 10,
  assignedTo: 'Ada',
};
const NEW_TASK: Task = { ...TASK, id: '2', title: 'New' };
const EVENT = { title: 'Launch', start: '2026-12-01', type: 'event' as const };

function storedKeys(): Record<string, string | null> {
  return Object.fromEntries(
    ['tasklane.projects', 'tasks', 'calendarEvents', 'notes', 'userProfile'].map((key) => [
      key,
      localStorage.getItem(key),
    ]),
  );
}

const GARDEN: Project = {
  ...localProjectsStore.read()[0]!,
  id: 'p-garden',
  key: 'GAR',
  name: 'Garden',
};

/** Plans a file against what the mode holds now, applies it and writes it, as the panel does. */
function importText(text: string, team: boolean) {
  const source = readImportText('json', text);
  if (!source.ok) throw new Error(source.message);
  const current = readCurrentData(team);
  const plan = planImport(source.value, current);
  const writes = applyImportPlan(plan, current, { replaceNotes: false, replaceProfile: false });
  return { plan, writes, snapshot: writeImport(writes) };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writeImport and undoImport', () => {
  it('writes every key through the stores, telling their subscribers, and undo restores each exactly', () => {
    localStorage.setItem('tasks', JSON.stringify([TASK]));
    localStorage.setItem('notes', JSON.stringify('mine'));
    const before = storedKeys();
    const heard = vi.fn();
    const unsubscribe = tasksStore.subscribe(heard);

    const snapshot = writeImport({
      tasks: [TASK, NEW_TASK],
      calendarEvents: [EVENT],
      notes: 'theirs',
      userProfile: { name: 'Grace' },
    });

    expect(readCurrentData(false)).toEqual({
      projects: localProjectsStore.read(),
      storedProjects: [],
      tasks: [TASK, NEW_TASK],
      notes: 'theirs',
      calendarEvents: [EVENT],
      userProfile: { name: 'Grace' },
    });
    expect(heard).toHaveBeenCalled();

    undoImport(snapshot);
    // Keys that were not stored are removed again, the others hold their old values.
    expect(storedKeys()).toEqual(before);
    expect(before.calendarEvents).toBeNull();
    unsubscribe();
  });

  it('removes a task list that was not stored before, after telling team sync that the tasks went', () => {
    const hook = vi.fn((_prev: readonly Task[], next: Task[]) => ({ tasks: next }));
    const remove = setTasksWriteHook(hook);
    const snapshot = writeImport({ tasks: [NEW_TASK] });
    expect(hook).toHaveBeenLastCalledWith([], [NEW_TASK]);

    undoImport(snapshot);
    expect(hook).toHaveBeenLastCalledWith([NEW_TASK], []);
    expect(localStorage.getItem('tasks')).toBeNull();
    remove();
  });

  it('changes nothing when the browser refuses a write: the keys already written are put back', () => {
    localStorage.setItem('tasks', JSON.stringify([TASK]));
    const before = storedKeys();
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === 'notes') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });

    expect(() => writeImport({ tasks: [TASK, NEW_TASK], calendarEvents: [EVENT], notes: 'theirs' })).toThrow(
      StorageQuotaError,
    );
    expect(storedKeys()).toEqual(before);
    expect(tasksStore.read()).toEqual([TASK]);
  });
});

describe('an import’s projects (default mode)', () => {
  it('adds the file’s new projects with their tasks; undo takes them away and General stays unstored', () => {
    const file = formatJsonExport(
      {
        projects: [{ ...localProjectsStore.read()[0]!, name: 'Elsewhere' }, GARDEN],
        tasks: [{ ...NEW_TASK, projectId: GARDEN.id }],
        notes: '',
        calendarEvents: [],
        userProfile: null,
      },
      new Date(),
    );
    const { writes, snapshot } = importText(file, false);
    expect(writes.projects).toEqual([GARDEN]);
    expect(localProjectsStore.read().map((project) => project.name)).toEqual(['General', 'Garden']);
    expect(tasksStore.read()).toEqual([{ ...NEW_TASK, projectId: GARDEN.id }]);

    undoImport(snapshot);
    expect(localStorage.getItem('tasklane.projects')).toBeNull();
    expect(localStorage.getItem('tasks')).toBeNull();
    expect(localProjectsStore.read().map((project) => project.name)).toEqual(['General']);
  });

  it('appends to the stored list, and undo puts back exactly what was stored', () => {
    updateLocalProject('general', { name: 'Everything' });
    createLocalProject({ name: 'Home', key: 'HOM' });
    const before = storedKeys();
    const { snapshot } = importText(
      JSON.stringify({ format: 'tasklane-export', version: 3, projects: [GARDEN], tasks: [] }),
      false,
    );
    expect(localProjectsStore.read().map((project) => project.name)).toEqual([
      'Everything',
      'Home',
      'Garden',
    ]);
    undoImport(snapshot);
    expect(storedKeys()).toEqual(before);
  });

  it('puts the projects back when the browser refuses the tasks', () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key === 'tasks') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(() => writeImport({ projects: [GARDEN], tasks: [NEW_TASK] })).toThrow(StorageQuotaError);
    expect(localStorage.getItem('tasklane.projects')).toBeNull();
  });

  it('with team sync on, writes no project: the team’s list is read, tasks of other projects go into General', () => {
    teamProjectsStore.write([{ ...GARDEN, id: 'general', key: 'GEN', name: 'General' }]);
    const { plan, writes } = importText(
      JSON.stringify({
        format: 'tasklane-export',
        version: 3,
        projects: [GARDEN],
        tasks: [{ ...NEW_TASK, projectId: GARDEN.id }],
      }),
      true,
    );
    expect(readCurrentData(true).storedProjects).toBeNull();
    expect(plan.projectsNotAdded).toBe(1);
    expect(writes.projects).toBeUndefined();
    expect(localStorage.getItem('tasklane.projects')).toBeNull();
    expect(tasksStore.read()).toEqual([NEW_TASK]);
  });
});
