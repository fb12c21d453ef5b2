import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { standingIn, type ProjectRoles } from '@/features/projects/model/roles';
import { AppError } from '@/server/errors';
import { PROJECT_MESSAGES } from '@/features/projects/server/project-service';
import type { SyncActor } from '@/shared/auth/actor';
import type { SyncSummary } from '@/features/sync/model/protocol';
import { BOARD_COLUMNS, TASK_PROGRESS_MAX, type BoardColumn } from '@/features/tasks/model/task-types';
import { getDatabase, type Tables } from '@/server/db';
import { pulledColumns, toPulled } from './pull-changes';
import { activeVisibleParts, activeVisibleTo } from '@/features/sync/server/store/visibility';
import { readState } from './state';

/** Pending tasks the summary lists, as the admin dashboard shows them. */
export const SUMMARY_PENDING_LIMIT = 10;

/**
 * GET /api/sync/summary (docs/product.md#admin-dashboard): the admin dashboard's team figures for the
 * tasks `actor` may see, counted by the database from the derived columns (features/sync/server/task-columns.ts):
 * exact at any number of tasks, where the browser's replica holds only the recent ones. Completed
 * means progress exactly 100 (features/tasks/model/admin-status.ts), the columns are the board's.
 *
 * Pending tasks come oldest first by the time the server first stored them: the order a browser that
 * holds every task appends them in (new tasks go at the end), without depending on one browser.
 */
/**
 * Counted and below progress 100: written exactly as the partial index sync_tasks_pending_idx says
 * (the literal 100 included, not a bound parameter), so that SQLite uses it to read the first
 * pending tasks in creation order instead of sorting every pending row.
 */
function pendingCondition(tables: Tables): SQL {
  const { boardColumn, progress } = tables.syncTasks;
  return sql`${boardColumn} is not null and (${progress} is null or ${progress} <> 100)`;
}

/**
 * The project `key` names, for the summary of one project (`?project={KEY}`, any case): 404 `No such
 * project.` alike for a key nobody has and for a project the person has no role in.
 */
async function projectNamed(roles: ProjectRoles, key: string): Promise<string> {
  const { db, tables } = await getDatabase();
  const [row] = await db
    .select({ id: tables.projects.id })
    .from(tables.projects)
    .where(eq(tables.projects.key, key.trim().toUpperCase()));
  if (!row || standingIn(roles, row.id).role === null)
    throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
  return row.id;
}

export async function summarizeTasks(
  actor: SyncActor,
  options: { nowMs?: number; projectKey?: string | null } = {},
): Promise<SyncSummary> {
  const { db, tables } = await getDatabase();
  const { syncTasks } = tables;
  const { lastSeq } = await readState(db, tables);
  // A deleted or unreadable task has no board column (task-columns.ts): the column alone decides.
  // An archived project's tasks leave the counts (docs/product.md#projects).
  const roles = await loadProjectRoles(actor);
  const inProject = options.projectKey
    ? eq(syncTasks.projectId, await projectNamed(roles, options.projectKey))
    : undefined;
  const visible = and(activeVisibleTo(tables, actor, roles), inProject);
  // Counted per part of what the person sees (disjoint), each part from its own index, then added.
  const groups = [];
  for (const visiblePart of activeVisibleParts(tables, actor, roles)) {
    const part = and(visiblePart, inProject);
    groups.push(
      ...(await db
        .select({
          column: syncTasks.boardColumn,
          count: sql<number | string>`count(*)`,
          completed: sql<
            number | string | null
          >`sum(case when ${syncTasks.progress} = ${TASK_PROGRESS_MAX} then 1 else 0 end)`,
        })
        .from(syncTasks)
        .where(and(isNotNull(syncTasks.boardColumn), part))
        .groupBy(syncTasks.boardColumn)),
    );
  }
  const byColumn = new Map<string, number>();
  let total = 0;
  let completed = 0;
  for (const group of groups) {
    // PostgreSQL answers count(*) and sum() as bigint, which node-postgres returns as text.
    const count = Number(group.count);
    byColumn.set(group.column ?? '', (byColumn.get(group.column ?? '') ?? 0) + count);
    total += count;
    completed += Number(group.completed ?? 0);
  }
  const pending = await db
    .select(pulledColumns(tables))
    .from(syncTasks)
    .where(and(pendingCondition(tables), visible))
    .orderBy(asc(syncTasks.createdAt), asc(syncTasks.uid))
    .limit(SUMMARY_PENDING_LIMIT);
  return {
    total,
    completed,
    byColumn: BOARD_COLUMNS.map((column: BoardColumn) => ({ column, count: byColumn.get(column) ?? 0 })),
    pending: pending.map(toPulled),
    pendingTotal: total - completed,
    seq: lastSeq,
    asOf: new Date(options.nowMs ?? Date.now()).toISOString(),
  };
}
