import { expect } from 'vitest';
import { GET as listProjects, POST as createProject } from '@/app/api/projects/route';
import { PUT as putMember } from '@/app/api/projects/[id]/members/[userId]/route';
import { call } from './api';
import { createUserWithToken } from './factories';

/**
 * What the projects' tests share (docs/decisions/0049-projects.md): a project as the endpoints
 * answer it, the answers every endpoint gives, and the team most tests start from.
 */

export type ColumnBody = { id: string; name: string; kind: string; wipLimit: number | null };

export type ProjectBody = {
  id: string;
  key: string;
  name: string;
  color: string;
  description: string;
  teamRole: string | null;
  role: string;
  archived: boolean;
  columns: ColumnBody[];
};

/** The columns of a project whose board was never changed: the spec's three. */
export const DEFAULT_COLUMNS: ColumnBody[] = [
  { id: 'todo', name: 'To Do', kind: 'todo', wipLimit: null },
  { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: null },
  { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
];

export const NOT_FOUND = { message: 'No such project.', code: 'NOT_FOUND' };
export const MANAGERS_ONLY = { message: 'Only a manager of this project can change it.', code: 'FORBIDDEN' };

/** A project made by `token`'s caller (201 expected), named after its key unless `body` names it. */
export async function createProjectAs(token: string, body: Record<string, unknown>): Promise<ProjectBody> {
  const res = await call<{ project?: ProjectBody }>(createProject, '/api/projects', {
    token,
    method: 'POST',
    body: { name: `Project ${String(body.key)}`, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.project!;
}

/** Gives `userId` `role` in project `id` (200 expected). */
export async function setRole(token: string, id: string, userId: string, role: string) {
  const res = await call(putMember, `/api/projects/${id}/members/${userId}`, {
    token,
    method: 'PUT',
    body: { role },
    params: { id, userId },
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The project `id` as `token`'s caller sees it in the list (undefined: not listed). */
export async function seen(token: string, id: string): Promise<ProjectBody | undefined> {
  const res = await call<{ projects?: ProjectBody[] }>(listProjects, '/api/projects', { token });
  return res.body.projects!.find((project) => project.id === id);
}

/** OPS, shared with nobody: Olive manages it, Max is a member, Cal comments; Sam has no role. */
export async function projectTeam() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const max = await createUserWithToken({ fullName: 'Max Member' });
  const cal = await createUserWithToken({ fullName: 'Cal Commenter' });
  const sam = await createUserWithToken({ fullName: 'Sam Stranger' });
  const ops = await createProjectAs(olive.token, { key: 'OPS', name: 'Operations' });
  await setRole(olive.token, ops.id, max.user.id, 'member');
  await setRole(olive.token, ops.id, cal.user.id, 'commenter');
  return { olive, max, cal, sam, ops };
}
