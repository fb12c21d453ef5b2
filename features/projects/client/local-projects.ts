import {
  assignColumnIds,
  DEFAULT_PROJECT_COLUMNS,
  type ColumnDraft,
} from '@/features/projects/model/columns';
import { projectsParser, projectsToAdd, type Project } from '@/features/projects/model/project';
import { checkProjectKey, GENERAL_PROJECT, taskProjectId } from '@/features/projects/model/project-key';
import { deleteTasksWhere } from '@/features/tasks/client/task-commands';
import { createLocalStore, toReadableStore, type ReadableStore } from '@/shared/browser-storage/local-store';

/**
 * The browser's own projects (default mode, docs/product.md#projects-in-the-default-mode), under
 * `tasklane.projects` beside its labels: the same shape as the team's (features/projects/model/project.ts),
 * the browser's person the manager of each. General is always there, first, whether or not it was
 * ever stored (the spec's tasks name no project: they are General's). Written only by the commands
 * below; a refused write (full storage) throws, as the task commands do.
 */

export const LOCAL_PROJECTS_KEY = 'tasklane.projects';

const NO_PROJECTS: Project[] = [];

const store = createLocalStore<Project[]>({
  key: LOCAL_PROJECTS_KEY,
  schema: projectsParser,
  fallback: NO_PROJECTS,
});

const GENERAL: Project = {
  id: GENERAL_PROJECT.id,
  key: GENERAL_PROJECT.key,
  name: GENERAL_PROJECT.name,
  color: 'blue',
  description: '',
  teamRole: null,
  role: 'manager',
  archived: false,
  columns: DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
};

let cached: { stored: Project[]; withGeneral: Project[] } | null = null;

/** The stored list with General first (one array per stored list, for useSyncExternalStore). */
function withGeneral(stored: Project[]): Project[] {
  if (cached?.stored === stored) return cached.withGeneral;
  const general = stored.find((project) => project.id === GENERAL.id) ?? GENERAL;
  const list = [
    { ...general, role: 'manager' as const, archived: false },
    ...stored.filter((project) => project.id !== GENERAL.id),
  ];
  cached = { stored, withGeneral: list };
  return list;
}

/** The browser's projects, General first. */
export const localProjectsStore: ReadableStore<Project[]> = {
  ...toReadableStore(store),
  read: () => withGeneral(store.read()),
  getSnapshot: () => withGeneral(store.getSnapshot()),
  getServerSnapshot: () => withGeneral(store.getServerSnapshot()),
};

function change(id: string, patch: (project: Project) => Project): Project {
  const projects = localProjectsStore.read();
  const project = projects.find((item) => item.id === id);
  if (!project) throw new Error('No such project.');
  const next = patch(project);
  store.write(projects.map((item) => (item.id === id ? next : item)));
  return next;
}

/** A random id for a new project: letters and digits, unique enough for one browser. */
function newProjectId(): string {
  return `p${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
}

export function createLocalProject(input: { name: string; key: string }): Project {
  const projects = localProjectsStore.read();
  const checked = checkProjectKey(
    input.key,
    projects.map((project) => project.key),
  );
  if ('message' in checked) throw new Error(checked.message);
  const project: Project = {
    ...GENERAL,
    id: newProjectId(),
    key: checked.key,
    name: input.name.trim(),
    columns: DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
  };
  store.write([...projects, project]);
  return project;
}

export function updateLocalProject(
  id: string,
  settings: Partial<Pick<Project, 'name' | 'color' | 'description'>>,
): Project {
  return change(id, (project) => ({ ...project, ...settings }));
}

export function saveLocalColumns(id: string, drafts: readonly ColumnDraft[]): Project {
  return change(id, (project) => ({ ...project, columns: assignColumnIds(drafts, project.columns) }));
}

export function archiveLocalProject(id: string, archived: boolean): Project {
  if (id === GENERAL.id) throw new Error('General cannot be archived.');
  return change(id, (project) => ({ ...project, archived }));
}

/** Deletes an archived project and, with it, its tasks (the name typed exactly, as the dialog asks). */
export function deleteLocalProject(id: string, typedName: string): void {
  const projects = localProjectsStore.read();
  const project = projects.find((item) => item.id === id);
  if (!project || id === GENERAL.id || !project.archived || typedName.trim() !== project.name)
    throw new Error('Type the project’s name exactly to delete it.');
  deleteTasksWhere((task) => taskProjectId(task.projectId) === id);
  store.write(projects.filter((item) => item.id !== id));
}

/** Every project of an import: kept by id, the ones here kept where they clash (projectsToAdd). */
export function mergeLocalProjects(incoming: readonly Project[]): void {
  const added = projectsToAdd(localProjectsStore.read(), incoming);
  // Appended to the list as stored: an unstored General stays so.
  if (added.length > 0) store.write([...store.read(), ...added]);
}

/**
 * The list exactly as stored, for a data import and its undo (features/data-transfer/client/apply.ts):
 * General is in it only once the list was first written (a project made, General changed), so an
 * import that adds projects appends to this list and leaves an unstored General unstored. `write` replaces the whole list, `remove` takes the key away (as before an
 * import into a browser that had stored none). A refused write throws.
 */
export const storedLocalProjects = {
  key: LOCAL_PROJECTS_KEY,
  read: (): Project[] => store.read(),
  write: (projects: Project[]): void => store.write(projects),
  remove: (): void => store.remove(),
} as const;
