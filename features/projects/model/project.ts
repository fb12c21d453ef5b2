import { isLabelColor, type LabelColor } from '@/features/tasks/model/labels';
import { INVALID, isRecord, parser, type Parser } from '@/shared/validation/parsers';
import { readProjectColumns, type ProjectColumn } from './columns';
import { GENERAL_PROJECT, PROJECT_KEY_PATTERN } from './project-key';
import { isProjectRole, type ProjectRole } from './roles';

/**
 * A project as the browser knows it (GET /api/projects, docs/product.md#endpoint-projects): its
 * settings, the caller's own role in it, and whether it is archived. Read by hand like every
 * browser read (ADR 0010): an item that does not read is left out.
 */
export interface Project {
  id: string;
  key: string;
  name: string;
  color: LabelColor;
  description: string;
  /** Everyone else in the team's role (null: only the project's members). */
  teamRole: ProjectRole | null;
  /** The caller's role (an admin: manager). */
  role: ProjectRole;
  archived: boolean;
  /** Its board's columns, in order (features/projects/model/columns.ts); the spec's three when absent. */
  columns: ProjectColumn[];
}

function readProject(value: unknown): Project | typeof INVALID {
  if (!isRecord(value)) return INVALID;
  const { id, key, name, color, description, teamRole, role, archived, columns } = value;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return INVALID;
  if (typeof key !== 'string' || !PROJECT_KEY_PATTERN.test(key)) return INVALID;
  if (!isProjectRole(role) || (teamRole !== null && !isProjectRole(teamRole))) return INVALID;
  return {
    id,
    key,
    name,
    color: isLabelColor(color) ? color : 'blue',
    description: typeof description === 'string' ? description : '',
    teamRole: teamRole as ProjectRole | null,
    role,
    archived: archived === true,
    columns: readProjectColumns(columns),
  };
}

export const projectParser: Parser<Project> = parser(readProject);

/** A list of projects: those that read, each id once. */
export const projectsParser: Parser<Project[]> = parser<Project[]>(
  (value) => {
    if (!Array.isArray(value)) return INVALID;
    const seen = new Set<string>();
    const projects: Project[] = [];
    for (const item of value as unknown[]) {
      const project = readProject(item);
      if (project === INVALID || seen.has(project.id)) continue;
      seen.add(project.id);
      projects.push(project);
    }
    return projects;
  },
  { kind: 'array', element: projectParser },
);

/** The project a task is in, found by id in `projects` (undefined: not one the browser knows). */
export function projectById(projects: readonly Project[], id: string | undefined): Project | undefined {
  const wanted = id ?? GENERAL_PROJECT.id;
  return projects.find((project) => project.id === wanted);
}

/** The address parameter naming the board's project (`/user/dashboard?project=OPS`). */
export const PROJECT_PARAM = 'project';

/** The project a board address names (`?project=OPS`, any case), among those not archived. */
export function projectByKey(projects: readonly Project[], key: string | null): Project | undefined {
  if (key === null) return undefined;
  const wanted = key.trim().toUpperCase();
  return projects.find((project) => project.key === wanted);
}

/** The projects shown in the sidebar and offered as move targets: not archived, General first. */
export function activeProjects(projects: readonly Project[]): Project[] {
  return projects.filter((project) => !project.archived);
}

/**
 * The projects of an import (`incoming`, features/data-transfer) that the browser adds to `here`: those
 * whose id and key clash with none of `here`, nor with one of `incoming` taken before them, each as
 * the browser's own (its person the manager, no team role). General is always here, so a file never
 * replaces it.
 */
export function projectsToAdd(here: readonly Project[], incoming: readonly Project[]): Project[] {
  const ids = new Set([GENERAL_PROJECT.id, ...here.map((project) => project.id)]);
  const keys = new Set<string>([GENERAL_PROJECT.key, ...here.map((project) => project.key)]);
  const added: Project[] = [];
  for (const project of incoming) {
    if (ids.has(project.id) || keys.has(project.key)) continue;
    ids.add(project.id);
    keys.add(project.key);
    added.push({ ...project, role: 'manager', teamRole: null });
  }
  return added;
}
