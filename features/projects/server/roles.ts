import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import {
  isProjectRole,
  PROJECT_ROLES,
  projectRolesFrom,
  seesWholeProject,
  type ProjectRoles,
} from '@/features/projects/model/roles';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type Executor } from '@/server/db';

/**
 * A person's standing in every project (features/projects/model/roles.ts), read in two small
 * queries: the projects with their team roles, and the person's memberships. Every reader of team
 * tasks asks this once per request and hands it to the access rules and `visibleTo`.
 */
export async function loadProjectRoles(actor: SyncActor, executor?: Executor): Promise<ProjectRoles> {
  const { db: connection, tables } = await getDatabase();
  const db = executor ?? connection;
  const { projects, projectMembers } = tables;
  const [rows, memberships] = await Promise.all([
    db
      .select({ id: projects.id, teamRole: projects.teamRole, archivedAt: projects.archivedAt })
      .from(projects),
    db
      .select({ projectId: projectMembers.projectId, role: projectMembers.role })
      .from(projectMembers)
      .where(eq(projectMembers.userId, actor.id)),
  ]);
  return projectRolesFrom({
    isAdmin: actor.role === 'admin',
    projects: rows.map((row) => ({
      id: row.id,
      teamRole: isProjectRole(row.teamRole) ? row.teamRole : null,
      archived: row.archivedAt !== null,
    })),
    memberships: new Map(
      memberships.filter((row) => isProjectRole(row.role)).map((row) => [row.projectId, row.role]),
    ),
  });
}

/**
 * The projects someone sees whole (a team role or a membership of commenter and up): a change to
 * one of their tasks concerns more people than its owner and assignee, so the push pokes everyone
 * (each pull filters what it returns).
 */
export async function projectsSeenWhole(executor?: Executor): Promise<Set<string>> {
  const { db: connection, tables } = await getDatabase();
  const db = executor ?? connection;
  const { projects, projectMembers } = tables;
  const whole = PROJECT_ROLES.filter((role) => seesWholeProject(role));
  const [byTeam, byMember] = await Promise.all([
    db.select({ id: projects.id }).from(projects).where(inArray(projects.teamRole, whole)),
    db
      .selectDistinct({ id: projectMembers.projectId })
      .from(projectMembers)
      .where(inArray(projectMembers.role, whole)),
  ]);
  return new Set([...byTeam, ...byMember].map((row) => row.id));
}
