import 'server-only';
import { eq } from 'drizzle-orm';
import { isProjectRole, projectRolesFrom, type ProjectRoles } from '@/features/projects/model/roles';
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
