import type { ColumnDraft } from '@/features/projects/model/columns';
import { projectParser, projectsParser, type Project } from '@/features/projects/model/project';
import { isProjectRole, type ProjectRole } from '@/features/projects/model/roles';
import { deleteJson, getJson, postJson, putJson, requestJson } from '@/shared/http/http';
import { isRecord } from '@/shared/validation/parsers';

/**
 * The projects' endpoints (docs/product.md#endpoint-projects), TEAM_SYNC=on only, read by hand like
 * every browser read (ADR 0010).
 */

export const PROJECTS_URL = '/api/projects';

/** A background read: a 401 here does not end the session (the screen's own requests decide that). */
const BACKGROUND = { endSessionOn401: false } as const;

export async function fetchProjects(): Promise<Project[]> {
  const body = await getJson<unknown>(PROJECTS_URL, BACKGROUND);
  return projectsParser.parse(isRecord(body) ? body.projects : undefined);
}

function readOne(body: unknown): Project {
  return projectParser.parse(isRecord(body) ? body.project : undefined);
}

export interface NewProject {
  name: string;
  key: string;
}

export async function createProject(input: NewProject): Promise<Project> {
  return readOne(await postJson<unknown>(PROJECTS_URL, input));
}

export async function archiveProject(id: string, archived: boolean): Promise<Project> {
  const path = `${PROJECTS_URL}/${encodeURIComponent(id)}/archive`;
  return readOne(await (archived ? postJson<unknown>(path) : deleteJson<unknown>(path)));
}

/** A manager's change of a project's settings. */
export interface ProjectSettings {
  name: string;
  color: Project['color'];
  description: string;
  teamRole: ProjectRole | null;
}

export async function updateProject(id: string, settings: ProjectSettings): Promise<Project> {
  return readOne(
    await requestJson<unknown>(`${PROJECTS_URL}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: settings,
    }),
  );
}

/** A manager saves the board's columns, in order (PUT /api/projects/{id}/columns). */
export async function saveColumns(id: string, columns: readonly ColumnDraft[]): Promise<Project> {
  return readOne(await putJson<unknown>(`${PROJECTS_URL}/${encodeURIComponent(id)}/columns`, { columns }));
}

/** Deletes an archived project, its name typed to confirm. */
export async function deleteProject(id: string, name: string): Promise<void> {
  await requestJson<unknown>(`${PROJECTS_URL}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: { name },
  });
}

/** A person with a role of their own in a project. */
export interface ProjectMember {
  userId: string;
  fullName: string;
  role: ProjectRole;
}

export async function fetchMembers(projectId: string): Promise<ProjectMember[]> {
  const body = await getJson<unknown>(`${PROJECTS_URL}/${encodeURIComponent(projectId)}/members`);
  const list = isRecord(body) && Array.isArray(body.members) ? (body.members as unknown[]) : [];
  return list.flatMap((item) => {
    if (!isRecord(item)) return [];
    const { userId, fullName, role } = item;
    if (typeof userId !== 'string' || typeof fullName !== 'string' || !isProjectRole(role)) return [];
    return [{ userId, fullName, role }];
  });
}

function memberPath(projectId: string, userId: string): string {
  return `${PROJECTS_URL}/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`;
}

/**
 * Whether the person would see a task of the project assigned to them
 * (GET /api/projects/{id}/members/{userId}); a move asks before it keeps such an assignee.
 */
export async function fetchAssigneeSight(projectId: string, userId: string): Promise<boolean> {
  const body = await getJson<unknown>(memberPath(projectId, userId));
  return isRecord(body) && body.sees === true;
}

export async function setMemberRole(projectId: string, userId: string, role: ProjectRole): Promise<void> {
  await putJson<unknown>(memberPath(projectId, userId), { role });
}

export async function removeMember(projectId: string, userId: string): Promise<void> {
  await deleteJson<unknown>(memberPath(projectId, userId));
}

/** What a task key names (GET /api/task-keys/{key}); null when there is no such task for this person. */
export interface ResolvedTaskKey {
  uid: string;
  projectKey: string;
  key: string;
}

export const TASK_KEYS_URL = '/api/task-keys';

export async function resolveTaskKey(key: string): Promise<ResolvedTaskKey> {
  const body = await getJson<unknown>(`${TASK_KEYS_URL}/${encodeURIComponent(key)}`);
  if (!isRecord(body) || typeof body.uid !== 'string' || typeof body.projectKey !== 'string')
    throw new TypeError('The server answered without the task.');
  return { uid: body.uid, projectKey: body.projectKey, key: typeof body.key === 'string' ? body.key : key };
}
