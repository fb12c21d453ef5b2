import type { ColumnDraft } from '@/features/projects/model/columns';
import type { Project } from '@/features/projects/model/project';
import {
  archiveProject,
  createProject,
  deleteProject,
  saveColumns,
  updateProject,
  type NewProject,
  type ProjectSettings,
} from './projects-api';
import { keepProject } from './projects-store';
import {
  archiveLocalProject,
  createLocalProject,
  deleteLocalProject,
  saveLocalColumns,
  updateLocalProject,
} from './local-projects';

/**
 * What the projects' screens do to a project, whichever mode runs (docs/product.md#projects): with
 * team sync, the server's endpoints (the answer kept in the list at once); by default, the browser's
 * own projects (./local-projects.ts). The dialogs check the rules first and show the refusals; a
 * failure here is shown as the dialog's failure (the server's message, or the storage's).
 */
export interface ProjectCommands {
  create(input: NewProject): Promise<Project>;
  update(id: string, settings: ProjectSettings): Promise<Project>;
  saveColumns(id: string, columns: readonly ColumnDraft[]): Promise<Project>;
  archive(id: string, archived: boolean): Promise<Project>;
  remove(id: string, typedName: string): Promise<void>;
}

const kept = async (request: Promise<Project>) => {
  const project = await request;
  keepProject(project);
  return project;
};

const TEAM: ProjectCommands = {
  create: (input) => kept(createProject(input)),
  update: (id, settings) => kept(updateProject(id, settings)),
  saveColumns: (id, columns) => kept(saveColumns(id, columns)),
  archive: (id, archived) => kept(archiveProject(id, archived)),
  remove: (id, typedName) => deleteProject(id, typedName),
};

const LOCAL: ProjectCommands = {
  create: async (input) => createLocalProject(input),
  update: async (id, { name, color, description }) => updateLocalProject(id, { name, color, description }),
  saveColumns: async (id, columns) => saveLocalColumns(id, columns),
  archive: async (id, archived) => archiveLocalProject(id, archived),
  remove: async (id, typedName) => deleteLocalProject(id, typedName),
};

export function projectCommands(team: boolean): ProjectCommands {
  return team ? TEAM : LOCAL;
}
