import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { checkProjectKey, GENERAL_PROJECT } from '@/features/projects/model/project-key';
import {
  assignColumnIds,
  checkColumns,
  readProjectColumns,
  type ProjectColumn,
} from '@/features/projects/model/columns';
import {
  isProjectRole,
  seesWholeProject,
  standingIn,
  type ProjectRole,
} from '@/features/projects/model/roles';
import { loadProjectRoles } from './roles';
import type { Project } from '@/features/projects/model/project';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type DatabaseHandle, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { getSyncHub } from '@/server/realtime/hub';
import { notifyProjectsStatement, notifyStatement } from '@/server/realtime/listener';
import type { ColumnsInput, CreateProjectInput, UpdateProjectInput } from './project-schemas';

/**
 * The projects' endpoints (docs/decisions/0049-projects.md): a project's settings, its people and
 * its archive, each checked against the caller's role by the permission table. A project the caller
 * has no role in answers 404 to everything (its existence does not leak); a role that may not do
 * the change answers 403. Changes that may take tasks from someone write a revocation under a new
 * sync sequence number and poke every stream, so each browser's next pull drops what it lost. Every
 * change tells every open stream (`event: projects`), so each open page reads its list again.
 */

export const PROJECT_MESSAGES = {
  notFound: 'No such project.',
  managersOnly: 'Only a manager of this project can change it.',
  general: 'General cannot be archived.',
  archived: 'This project is archived: restore it to change it.',
  lastManager: 'A project needs a manager: make someone else its manager first.',
  unknownUser: 'No such account.',
  deleteArchivedOnly: 'Archive the project before deleting it.',
  deleteName: 'Type the project’s name exactly to delete it.',
} as const;

/** A project as the endpoints answer it: the shape the browser reads (features/projects/model/project.ts). */
export type ProjectView = Project;

type ProjectRow = Tables['projects']['$inferSelect'];

async function memberRole(db: Executor, tables: Tables, projectId: string, userId: string) {
  const [row] = await db
    .select({ role: tables.projectMembers.role })
    .from(tables.projectMembers)
    .where(and(eq(tables.projectMembers.projectId, projectId), eq(tables.projectMembers.userId, userId)));
  return row && isProjectRole(row.role) ? row.role : null;
}

function viewOf(row: ProjectRow, role: ProjectRole): ProjectView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    color: row.color,
    description: row.description,
    teamRole: isProjectRole(row.teamRole) ? row.teamRole : null,
    role,
    archived: row.archivedAt !== null,
    columns: readStoredColumns(row.columns),
  };
}

/** The stored JSON of a project's columns (null: never changed, the spec's three). */
function readStoredColumns(stored: string | null): ProjectColumn[] {
  if (stored === null) return readProjectColumns(null);
  try {
    return readProjectColumns(JSON.parse(stored));
  } catch {
    return readProjectColumns(null);
  }
}

/**
 * The project `id` and the caller's role in it, when they have one (else 404): `read` any role may;
 * `manage` only its managers (else 403), and in an archived project only to restore it (`restoring`;
 * else 409).
 */
async function requireRole(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
  command: 'read' | 'manage',
  restoring = false,
): Promise<{ project: ProjectRow; role: ProjectRole }> {
  const [project] = await db.select().from(tables.projects).where(eq(tables.projects.id, id));
  // The one reading of a person's role (features/projects/server/roles.ts), as the access rules see it.
  const role = project ? standingIn(await loadProjectRoles(actor, db), id).role : null;
  if (!project || role === null) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
  if (command === 'manage' && role !== 'manager')
    throw new AppError('FORBIDDEN', PROJECT_MESSAGES.managersOnly);
  if (command === 'manage' && project.archivedAt !== null && !restoring)
    throw new AppError('CONFLICT', PROJECT_MESSAGES.archived);
  return { project, role };
}

/**
 * Runs a change of a project under the `projects` lock, then tells every open stream (`event:
 * projects`) so every page reads GET /api/projects again (which answers each person only what they
 * may see). PostgreSQL: a NOTIFY inside the transaction, so every instance's listener hears it at
 * commit and never for a change rolled back (a refusal thrown inside tells nobody); SQLite has one
 * process, and its hub is told after the change.
 */
async function changeAndAnnounce<T>(handle: DatabaseHandle, work: (db: Executor) => Promise<T>): Promise<T> {
  const result = await handle.exclusive(async (db) => {
    const done = await work(db);
    if (handle.dialect === 'postgres') await notifyProjectsStatement(db);
    return done;
  }, 'projects');
  if (handle.dialect === 'sqlite') getSyncHub().publishProjects();
  return result;
}

/** GET /api/projects: the projects the caller has a role in (an admin: all), General first, then by key. */
export async function listProjects(actor: SyncActor): Promise<ProjectView[]> {
  const { db, tables } = await getDatabase();
  const rows = await db.select().from(tables.projects).orderBy(asc(tables.projects.key));
  const roles = await loadProjectRoles(actor, db);
  const views = rows.flatMap((row) => {
    const { role } = standingIn(roles, row.id);
    return role === null ? [] : [viewOf(row, role)];
  });
  return views.sort((a, b) => Number(b.id === GENERAL_PROJECT.id) - Number(a.id === GENERAL_PROJECT.id));
}

/** POST /api/projects: a new project, its creator its manager; 409 for a key another project has. */
export async function createProject(actor: SyncActor, input: CreateProjectInput): Promise<ProjectView> {
  const handle = await getDatabase();
  const { tables } = handle;
  return changeAndAnnounce(handle, async (db) => {
    const keys = (await db.select({ key: tables.projects.key }).from(tables.projects)).map((row) => row.key);
    const checked = checkProjectKey(input.key, keys);
    if ('message' in checked) {
      const taken = checked.message.startsWith('A project with the key');
      throw new AppError(taken ? 'CONFLICT' : 'VALIDATION_ERROR', checked.message);
    }
    const now = new Date();
    const id = randomUUID();
    await db.insert(tables.projects).values({
      id,
      key: checked.key,
      name: input.name,
      color: input.color ?? 'blue',
      description: input.description ?? '',
      teamRole: input.teamRole ?? null,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.id,
    });
    await db
      .insert(tables.projectMembers)
      .values({ projectId: id, userId: actor.id, role: 'manager', createdAt: now });
    const [row] = await db.select().from(tables.projects).where(eq(tables.projects.id, id));
    return viewOf(row!, 'manager');
  });
}

/**
 * What a role change from `before` to `after` does to what someone sees of the project's tasks:
 * takes some away (`narrows`), adds some (`widens`), or neither. Assigned only sees one's own;
 * commenter and up, all.
 */
function sightChange(before: ProjectRole | null, after: ProjectRole | null): 'narrows' | 'widens' | null {
  const rank = (role: ProjectRole | null) => (role === null ? 0 : seesWholeProject(role) ? 2 : 1);
  const from = rank(before);
  const to = rank(after);
  return to < from ? 'narrows' : to > from ? 'widens' : null;
}

/**
 * Records that what people see of the tasks of `projectId` changed (`userId` null: anyone's), under
 * the next sync sequence number, then pokes every stream. Narrowed: a revocation naming the project,
 * so each browser's next pull drops what its person may no longer see. Widened: one naming neither
 * task nor project, so their next pull answers `reset` and the browser walks from the start (the
 * tasks it now may see have versions its cursor is past). Runs under the `sync` lock, as a push does.
 */
async function announceSightChange(
  handle: DatabaseHandle,
  change: 'narrows' | 'widens',
  projectId: string,
  userId: string | null,
): Promise<void> {
  const { tables } = handle;
  await handle.exclusive(async (db) => {
    const [state] = await db.select().from(tables.syncState).where(eq(tables.syncState.id, 1));
    const seq = (state?.lastSeq ?? 0) + 1;
    const poke = { seq, userIds: null };
    await handle.writeAll([
      db.insert(tables.syncRevocations).values({
        id: randomUUID(),
        seq,
        taskUid: null,
        userId,
        projectId: change === 'narrows' ? projectId : null,
      }),
      db
        .insert(tables.syncState)
        .values({ id: 1, lastSeq: seq, gcFloorSeq: 0 })
        .onConflictDoUpdate({ target: tables.syncState.id, set: { lastSeq: seq } }),
      ...(handle.dialect === 'postgres' ? [notifyStatement(db, poke)] : []),
    ]);
    if (handle.dialect === 'sqlite') getSyncHub().publish(poke);
  }, 'sync');
}

/** PATCH /api/projects/{id}: managers change the name, colour, description or the team's role. */
export async function updateProject(
  actor: SyncActor,
  id: string,
  patch: UpdateProjectInput,
): Promise<ProjectView> {
  const handle = await getDatabase();
  const { tables } = handle;
  const { project, role } = await changeAndAnnounce(handle, async (db) => {
    const found = await requireRole(db, tables, actor, id, 'manage');
    await db
      .update(tables.projects)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(tables.projects.id, id));
    return found;
  });
  const before = isProjectRole(project.teamRole) ? project.teamRole : null;
  const change = patch.teamRole === undefined ? null : sightChange(before, patch.teamRole);
  if (change) await announceSightChange(handle, change, id, null);
  const [row] = await handle.db.select().from(tables.projects).where(eq(tables.projects.id, id));
  return viewOf(row!, role);
}

/** PUT /api/projects/{id}/columns {columns}: a manager saves the board's columns, in order. */
export async function setColumns(actor: SyncActor, id: string, input: ColumnsInput): Promise<ProjectView> {
  const handle = await getDatabase();
  const { tables } = handle;
  return changeAndAnnounce(handle, async (db) => {
    const { project, role } = await requireRole(db, tables, actor, id, 'manage');
    const problem = checkColumns(input.columns);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
    const columns = assignColumnIds(input.columns, readStoredColumns(project.columns));
    await db
      .update(tables.projects)
      .set({ columns: JSON.stringify(columns), updatedAt: new Date() })
      .where(eq(tables.projects.id, id));
    return viewOf({ ...project, columns: JSON.stringify(columns) }, role);
  });
}

/** POST /api/projects/{id}/archive and /unarchive: managers; General stays. */
export async function setArchived(actor: SyncActor, id: string, archived: boolean): Promise<ProjectView> {
  const handle = await getDatabase();
  const { tables } = handle;
  return changeAndAnnounce(handle, async (db) => {
    const { role } = await requireRole(db, tables, actor, id, 'manage', !archived);
    if (id === GENERAL_PROJECT.id) throw new AppError('VALIDATION_ERROR', PROJECT_MESSAGES.general);
    const now = new Date();
    await db
      .update(tables.projects)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(tables.projects.id, id));
    const [row] = await db.select().from(tables.projects).where(eq(tables.projects.id, id));
    return viewOf(row!, role);
  });
}

/**
 * DELETE /api/projects/{id}, the checks: a manager, an archived project (not General), and its name
 * typed exactly. The deletion itself is team sync's (features/sync/server/project-delete.ts): its
 * tasks leave every device.
 */
export async function checkProjectDeletion(actor: SyncActor, id: string, typedName: string): Promise<void> {
  const { db, tables } = await getDatabase();
  const { project } = await requireRole(db, tables, actor, id, 'manage', true);
  if (id === GENERAL_PROJECT.id) throw new AppError('VALIDATION_ERROR', PROJECT_MESSAGES.general);
  if (project.archivedAt === null) throw new AppError('CONFLICT', PROJECT_MESSAGES.deleteArchivedOnly);
  if (typedName.trim() !== project.name) throw new AppError('VALIDATION_ERROR', PROJECT_MESSAGES.deleteName);
}

export interface MemberView {
  userId: string;
  fullName: string;
  role: ProjectRole;
}

/** GET /api/projects/{id}/members: the project's own members, by name, for anyone with a role there. */
export async function listMembers(actor: SyncActor, id: string): Promise<MemberView[]> {
  const { db, tables } = await getDatabase();
  await requireRole(db, tables, actor, id, 'read');
  const rows = await db
    .select({
      userId: tables.projectMembers.userId,
      fullName: tables.users.fullName,
      role: tables.projectMembers.role,
    })
    .from(tables.projectMembers)
    .innerJoin(tables.users, eq(tables.users.id, tables.projectMembers.userId))
    .where(eq(tables.projectMembers.projectId, id))
    .orderBy(asc(tables.users.fullName), asc(tables.users.id));
  return rows.flatMap((row) => (isProjectRole(row.role) ? [{ ...row, role: row.role }] : []));
}

/** Whether a person would see the tasks assigned to them in a project, and their own role there. */
export interface MemberSight {
  userId: string;
  role: ProjectRole | null;
  sees: boolean;
}

/**
 * GET /api/projects/{id}/members/{userId}, for anyone with a role there: whether the person would see
 * a task of this project assigned to them (an admin, a role of their own, or the team's role), which
 * a move asks before it keeps the task's assignee (docs/product.md#projects).
 */
export async function memberSight(actor: SyncActor, id: string, userId: string): Promise<MemberSight> {
  const { db, tables } = await getDatabase();
  await requireRole(db, tables, actor, id, 'read');
  const [user] = await db
    .select({ id: tables.users.id, role: tables.users.role })
    .from(tables.users)
    .where(eq(tables.users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.unknownUser);
  const person: SyncActor = { id: user.id, role: user.role === 'admin' ? 'admin' : 'user' };
  const standing = standingIn(await loadProjectRoles(person, db), id).role;
  return { userId, role: await memberRole(db, tables, id, userId), sees: standing !== null };
}

/** Refuses a change that would leave the project with no manager of its own (admins aside). */
async function keepAManager(db: Executor, tables: Tables, id: string, userId: string): Promise<void> {
  const [row] = await db
    .select({ count: sql<number | string>`count(*)` })
    .from(tables.projectMembers)
    .where(
      and(
        eq(tables.projectMembers.projectId, id),
        eq(tables.projectMembers.role, 'manager'),
        sql`${tables.projectMembers.userId} <> ${userId}`,
      ),
    );
  if (Number(row?.count ?? 0) === 0) throw new AppError('CONFLICT', PROJECT_MESSAGES.lastManager);
}

/**
 * PUT /api/projects/{id}/members/{userId} {role} (a person added or their role changed) and DELETE
 * (`role` null: removed): managers only. A change that takes tasks from the person revokes them.
 */
export async function setMember(
  actor: SyncActor,
  id: string,
  userId: string,
  role: ProjectRole | null,
): Promise<MemberView[]> {
  const handle = await getDatabase();
  const { tables } = handle;
  const { project } = await requireRole(handle.db, tables, actor, id, 'manage');
  const before = await changeAndAnnounce(handle, async (db) => {
    const [user] = await db
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(eq(tables.users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.unknownUser);
    const previous = await memberRole(db, tables, id, userId);
    if (previous === 'manager' && role !== 'manager' && id !== GENERAL_PROJECT.id)
      await keepAManager(db, tables, id, userId);
    const where = and(eq(tables.projectMembers.projectId, id), eq(tables.projectMembers.userId, userId));
    if (role === null) await db.delete(tables.projectMembers).where(where);
    else
      await db
        .insert(tables.projectMembers)
        .values({ projectId: id, userId, role, createdAt: new Date() })
        .onConflictDoUpdate({
          target: [tables.projectMembers.projectId, tables.projectMembers.userId],
          set: { role },
        });
    return previous;
  });
  const teamRole = isProjectRole(project.teamRole) ? project.teamRole : null;
  const change = sightChange(before ?? teamRole, role ?? teamRole);
  if (change) await announceSightChange(handle, change, id, userId);
  return listMembers(actor, id);
}
