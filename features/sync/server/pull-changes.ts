import 'server-only';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { canSeeTask } from '@/features/sync/model/access';
import { type SyncActor } from '@/shared/auth/actor';
import { taskValues, type SyncedTask } from '@/features/sync/model/merge';
import {
  formatCursor,
  parseCursor,
  type PulledTask,
  type PullResponse,
  START_CURSOR,
  SYNC_LIMITS,
} from '@/features/sync/model/protocol';
import { archiveCutoffMs } from '@/features/tasks/model/archive';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { readState } from './state';
import { visibleTo } from './store/visibility';
import { loadProjectRoles } from '@/features/projects/server/roles';
import type { ProjectRoles } from '@/features/projects/model/roles';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SYNC_LIMITS.maxPullLimit}.`;

type TaskRow = Tables['syncTasks']['$inferSelect'];

/** The `limit` query parameter of a pull, default 500; pullChanges checks its range. */
export function parsePullLimit(raw: string | null): number {
  if (raw === null || raw === '') return SYNC_LIMITS.maxPullLimit;
  if (!/^\d{1,4}$/.test(raw)) throw new AppError('VALIDATION_ERROR', LIMIT_MESSAGE);
  return Number(raw);
}

/** The columns toPulled reads: a page selects these only (not the derived search text, for one). */
export function pulledColumns(tables: Tables) {
  const { uid, version, deleted, fields } = tables.syncTasks;
  return { uid, version, deleted, fields };
}

/** A stored row as pulls, archive pages and the summary send it. */
export function toPulled(row: Pick<TaskRow, 'uid' | 'version' | 'deleted' | 'fields'>): PulledTask {
  if (row.deleted) return { uid: row.uid, v: row.version, deleted: true, data: {} };
  const fields = JSON.parse(row.fields) as SyncedTask['fields'];
  return {
    uid: row.uid,
    v: row.version,
    deleted: false,
    data: taskValues({ uid: row.uid, fields, life: null, version: row.version }),
  };
}

/**
 * GET /api/sync/pull. The tasks the actor may see changed after `cursor`, in (version, uid) order,
 * up to the last push that has finished; the tasks reassigned away from them since; or `reset`
 * when tombstones the cursor has not passed were purged. During a walk from the start (`walk`)
 * there is no `reset`: the walk's cursors pass below the purged versions on the way, and what the
 * walk does not bring back is dropped by the browser anyway.
 *
 * With `recent`, tasks completed before the archive cutoff (now − SYNC_ARCHIVE_DAYS, answered as
 * `archivedBefore`) are left out like tasks the actor may not see; the cursor keeps its rules. A task
 * that becomes archived with time is not sent again: the browser drops it by the same rule
 * (features/tasks/model/archive.ts). Deleted tasks are always sent (their columns say nothing of completion).
 */
export async function pullChanges(
  actor: SyncActor,
  cursor: string,
  limit: number,
  options: { walk?: boolean; recent?: boolean; nowMs?: number } = {},
): Promise<PullResponse> {
  const after = parseCursor(cursor);
  if (!after) throw new AppError('VALIDATION_ERROR', 'cursor must look like <version>:<uid>.');
  if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_LIMITS.maxPullLimit) {
    throw new AppError('VALIDATION_ERROR', LIMIT_MESSAGE);
  }
  const { db, tables } = await getDatabase();
  const { syncTasks } = tables;
  const { lastSeq, gcFloorSeq } = await readState(db, tables);
  const roles = await loadProjectRoles(actor);
  const cutoffMs = options.recent
    ? archiveCutoffMs(options.nowMs ?? Date.now(), getEnv().SYNC_ARCHIVE_DAYS)
    : null;
  const archive = cutoffMs === null ? {} : { archivedBefore: new Date(cutoffMs).toISOString() };
  if (
    !options.walk &&
    after.version > 0 &&
    (after.version < gcFloorSeq || (await walkAgainSince(db, tables, actor, after.version, lastSeq)))
  ) {
    return { changes: [], gone: [], cursor: START_CURSOR, more: true, reset: true, ...archive };
  }

  const rows = await db
    .select(pulledColumns(tables))
    .from(syncTasks)
    .where(
      and(
        // After the cursor in (version, uid) order, written so that both databases read the
        // (version, uid) index as a range in order: as `version > v or (version = v and uid > u)`,
        // SQLite read two ranges and sorted every row after the cursor before taking a page.
        gte(syncTasks.version, after.version),
        or(gt(syncTasks.version, after.version), gt(syncTasks.uid, after.uid)),
        lte(syncTasks.version, lastSeq),
        visibleTo(tables, actor, roles),
        cutoffMs === null
          ? undefined
          : or(isNull(syncTasks.completedAt), gte(syncTasks.completedAt, cutoffMs)),
      ),
    )
    .orderBy(asc(syncTasks.version), asc(syncTasks.uid))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);

  // With nothing more to read, the cursor moves up to last_seq: every task visible at that version
  // or below has been returned, and a task that becomes visible later gets a newer version.
  let next = cursor;
  if (last && (more || last.version === lastSeq)) next = formatCursor(last.version, last.uid);
  else if (lastSeq > after.version) next = formatCursor(lastSeq, '');

  const gone =
    actor.role === 'admin' ? [] : await goneSince(db, tables, actor, roles, after.version, lastSeq);
  return { changes: page.map(toPulled), gone, cursor: next, more, reset: false, ...archive };
}

/**
 * The tasks `actor` lost sight of after push `fromSeq` (up to `lastSeq`), for a pull's `gone`: those
 * a revocation names, for them or for anyone, and every task of a project a revocation names, that
 * they may not see now (or that no longer exist). Sorted.
 */
async function goneSince(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  roles: ProjectRoles,
  fromSeq: number,
  lastSeq: number,
): Promise<string[]> {
  const { syncTasks, syncRevocations } = tables;
  const revoked = await db
    .selectDistinct({ uid: syncRevocations.taskUid, projectId: syncRevocations.projectId })
    .from(syncRevocations)
    .where(
      and(
        or(eq(syncRevocations.userId, actor.id), isNull(syncRevocations.userId)),
        gt(syncRevocations.seq, fromSeq),
        lte(syncRevocations.seq, lastSeq),
      ),
    );
  const named = [...new Set(revoked.flatMap((row) => (row.uid === null ? [] : [row.uid])))];
  const projects = [
    ...new Set(revoked.flatMap((row) => (row.uid === null && row.projectId !== null ? [row.projectId] : []))),
  ];
  if (named.length === 0 && projects.length === 0) return [];
  const current = await db
    .select({
      uid: syncTasks.uid,
      ownerId: syncTasks.ownerId,
      assigneeId: syncTasks.assigneeId,
      projectId: syncTasks.projectId,
    })
    .from(syncTasks)
    .where(
      or(
        named.length > 0 ? inArray(syncTasks.uid, named) : undefined,
        projects.length > 0 ? inArray(syncTasks.projectId, projects) : undefined,
      ),
    );
  const visible = new Set(current.filter((task) => canSeeTask(actor, task, roles)).map((task) => task.uid));
  const candidates = new Set([...named, ...current.map((task) => task.uid)]);
  return [...candidates].filter((uid) => !visible.has(uid)).sort();
}

/**
 * Whether someone widened what `actor` may see after push `fromSeq` (a revocation naming neither a
 * task nor a project, for them or for anyone: a role given or raised, ADR 0049): tasks they may see
 * now have versions their cursor is past, so their browser walks from the start again (`reset`).
 */
async function walkAgainSince(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  fromSeq: number,
  lastSeq: number,
): Promise<boolean> {
  if (actor.role === 'admin') return false;
  const { syncRevocations } = tables;
  const [row] = await db
    .select({ id: syncRevocations.id })
    .from(syncRevocations)
    .where(
      and(
        or(eq(syncRevocations.userId, actor.id), isNull(syncRevocations.userId)),
        isNull(syncRevocations.taskUid),
        isNull(syncRevocations.projectId),
        gt(syncRevocations.seq, fromSeq),
        lte(syncRevocations.seq, lastSeq),
      ),
    )
    .limit(1);
  return row !== undefined;
}
