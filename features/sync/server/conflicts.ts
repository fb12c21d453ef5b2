import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SyncActor } from '@/shared/auth/actor';
import { HLC_NODE_START } from '@/features/sync/model/hlc';
import type { ConflictsResponse, SyncConflict } from '@/features/sync/model/protocol';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { visibleTo } from '@/features/sync/server/store/visibility';

const CONFLICT_LIST_LIMIT = 200;

/**
 * Leaves out a record of a value replaced by a later write of its own clock node (the same device):
 * the merge no longer makes them (features/sync/model/merge.ts), and the ones an earlier version stored are
 * left out wherever records are read, rather than deleted, so that a backup taken before the upgrade
 * restores to the same lists (docs/decisions/0036-self-conflicts-and-the-loser.md). The node is
 * each stamp's tail, from its fixed-width prefix on (features/sync/model/hlc.ts).
 */
export function notSelfReplaced(tables: Tables): SQL {
  const { syncConflicts } = tables;
  const from = sql.raw(String(HLC_NODE_START + 1));
  return sql`not (${syncConflicts.reason} = 'concurrent' and ${syncConflicts.winningHlc} is not null and substr(${syncConflicts.hlc}, ${from}) = substr(${syncConflicts.winningHlc}, ${from}))`;
}

/** Who may see which conflict records: those on tasks the actor sees, and every record their own pushes made. */
async function conflictsVisibleTo(db: Executor, tables: Tables, actor: SyncActor): Promise<SQL | undefined> {
  if (actor.role === 'admin') return undefined;
  const roles = await loadProjectRoles(actor, db);
  const { syncConflicts, syncTasks } = tables;
  return or(
    eq(syncConflicts.userId, actor.id),
    inArray(
      syncConflicts.taskUid,
      db
        .select({ uid: syncTasks.uid })
        .from(syncTasks)
        .where(visibleTo(tables, actor, roles)),
    ),
  );
}

/** The conflict rows matching `where`, with their author's name, newest first. */
async function selectConflicts(
  db: Executor,
  tables: Tables,
  where: SQL | undefined,
  limit: number,
): Promise<SyncConflict[]> {
  const { syncConflicts, users } = tables;
  const rows = await db
    .select({ row: syncConflicts, authorName: users.fullName })
    .from(syncConflicts)
    .leftJoin(users, eq(users.id, syncConflicts.authorId))
    .where(where)
    .orderBy(desc(syncConflicts.seq), desc(syncConflicts.createdAt), asc(syncConflicts.id))
    .limit(limit);
  return rows.map(({ row, authorName }) => ({
    id: row.id,
    uid: row.taskUid,
    field: row.field,
    value: JSON.parse(row.value) as SyncConflict['value'],
    hlc: row.hlc,
    winningHlc: row.winningHlc,
    reason: row.reason,
    userId: row.userId,
    authorId: row.authorId,
    authorName: authorName ?? null,
    seq: row.seq,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  }));
}

/**
 * GET /api/sync/conflicts: records on tasks the actor may see, and every record their own pushes
 * made; only the open ones unless `all` (settled ones too).
 */
export async function listConflicts(
  actor: SyncActor,
  options: { uid?: string; all?: boolean } = {},
): Promise<ConflictsResponse> {
  const { db, tables } = await getDatabase();
  const { syncConflicts } = tables;
  const where = and(
    options.uid === undefined ? undefined : eq(syncConflicts.taskUid, options.uid),
    options.all ? undefined : isNull(syncConflicts.resolvedAt),
    notSelfReplaced(tables),
    await conflictsVisibleTo(db, tables, actor),
  );
  return { conflicts: await selectConflicts(db, tables, where, CONFLICT_LIST_LIMIT) };
}

export const CONFLICT_NOT_FOUND_MESSAGE = 'No such conflict record.';

/**
 * POST /api/sync/conflicts/{id}/resolve: settles one record the actor may see (Restore or Dismiss
 * in the UI; a restore's value travels as an ordinary edit). A second call changes nothing and
 * answers the same. 404 for an id the actor may not see, so ids of others' records leak nothing.
 */
export async function resolveConflict(actor: SyncActor, id: string): Promise<{ conflict: SyncConflict }> {
  const { db, tables } = await getDatabase();
  const { syncConflicts } = tables;
  const target = and(eq(syncConflicts.id, id), await conflictsVisibleTo(db, tables, actor));
  await db
    .update(syncConflicts)
    .set({ resolvedAt: new Date(), resolvedBy: actor.id })
    .where(and(target, isNull(syncConflicts.resolvedAt)));
  const [conflict] = await selectConflicts(db, tables, target, 1);
  if (!conflict) throw new AppError('NOT_FOUND', CONFLICT_NOT_FOUND_MESSAGE);
  return { conflict };
}
