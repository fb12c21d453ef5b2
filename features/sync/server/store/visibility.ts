import 'server-only';
import { and, eq, inArray, is, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { ProjectRoles } from '@/features/projects/model/roles';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { taskValues, type SyncedTask } from '@/features/sync/model/merge';
import type { Json } from '@/features/sync/model/protocol';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase, type Tables } from '@/server/db';

/**
 * Which stored team tasks a person may see, as SQL, and their values: what the inbox, comments and
 * the morning email read of team sync's store without knowing how it keeps fields.
 */

/**
 * The SQL condition for the tasks `actor` may see (features/sync/model/access.ts canSeeTask, as a
 * query), given their standing in every project (`roles`, features/projects/server/roles.ts): every
 * task of the projects where they see all, and the ones they own or are assigned to of the projects
 * where they see only those. The project lists are a team's few projects, written into the query.
 */
export function visibleTo(tables: Tables, actor: SyncActor, roles: ProjectRoles): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  const parts = visibleParts(tables, actor, roles);
  return parts.length > 0 ? or(...parts) : sql`1 = 0`;
}

/**
 * `visibleTo` as its disjoint parts (a project is seen whole or assigned-only, never both): the
 * tasks of the projects seen whole, and one's own of the others. A count made per part reads the
 * first from an index alone (sync_tasks_project_counts_idx). Not for admins, who see every task.
 */
function visibleParts(tables: Tables, actor: SyncActor, roles: ProjectRoles): SQL[] {
  const { syncTasks } = tables;
  const parts: SQL[] = [];
  if (roles.whole.length > 0) parts.push(inArray(syncTasks.projectId, [...roles.whole]));
  if (roles.assignedOnly.length > 0) {
    parts.push(
      and(
        or(eq(syncTasks.ownerId, actor.id), eq(syncTasks.assigneeId, actor.id)),
        inArray(unindexed(tables, syncTasks.projectId), [...roles.assignedOnly]),
      )!,
    );
  }
  return parts;
}

/**
 * `column` as SQLite's planner must not search by (a unary plus), elsewhere as it is. Without table
 * statistics SQLite prefers an equality on an indexed column over an OR of two: for the tasks one
 * owns or is assigned in a project it read every task of the project (20,000 in General after the
 * upgrade) instead of the person's own through the owner and assignee indexes, doubling the summary
 * and the archive page (docs/benchmarks.md, bench:team-server --as member). PostgreSQL plans by
 * its statistics.
 */
function unindexed(tables: Tables, column: Tables['syncTasks']['projectId']): SQL {
  return is(tables.syncTasks, SQLiteTable) ? sql`+${column}` : sql`${column}`;
}

/**
 * `visibleTo`, without the tasks of archived projects: what the overviews count and the reminders
 * tell of (docs/product.md#projects). An archived project's tasks are still pulled and read.
 */
export function activeVisibleTo(tables: Tables, actor: SyncActor, roles: ProjectRoles): SQL | undefined {
  const visible = visibleTo(tables, actor, roles);
  const active = notArchived(tables, roles);
  return active ? and(visible, active) : visible;
}

/**
 * `activeVisibleTo` as disjoint parts whose union it is (`undefined` for an admin's one part: every
 * task but the archived projects'). Counting each part apart and adding the counts gives the
 * counts of the whole, each part reading its best index (docs/benchmarks.md, bench:projects).
 */
export function activeVisibleParts(
  tables: Tables,
  actor: SyncActor,
  roles: ProjectRoles,
): (SQL | undefined)[] {
  const active = notArchived(tables, roles);
  if (actor.role === 'admin') return [active];
  const parts = visibleParts(tables, actor, roles);
  return parts.map((part) => (active ? and(part, active) : part));
}

/** Not in an archived project (undefined when none is). */
function notArchived(tables: Tables, roles: ProjectRoles): SQL | undefined {
  const archived = [...roles.standings].filter(([, standing]) => standing.archived).map(([id]) => id);
  return archived.length === 0 ? undefined : notInArray(tables.syncTasks.projectId, archived);
}

/**
 * The current values of every task `actor` may see, not deleted and not in an archived project
 * (`activeVisibleTo`): what another feature reads of team sync (the morning reminder email),
 * without knowing how it stores fields.
 */
export async function listVisibleTaskValues(actor: SyncActor): Promise<Record<string, Json>[]> {
  const { db, tables } = await getDatabase();
  const { syncTasks } = tables;
  const rows = await db
    .select({ uid: syncTasks.uid, fields: syncTasks.fields, version: syncTasks.version })
    .from(syncTasks)
    .where(and(eq(syncTasks.deleted, false), activeVisibleTo(tables, actor, await loadProjectRoles(actor))));
  return rows.map((row) =>
    taskValues({
      uid: row.uid,
      fields: JSON.parse(row.fields) as SyncedTask['fields'],
      life: null,
      version: row.version,
    }),
  );
}
