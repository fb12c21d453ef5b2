import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, asc, count, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { COMMENT_MESSAGES, COMMENT_PAGE_MAX, isTaskUid } from '@/features/comments/model/rules';
import type { CommentCounts, CommentsPage } from '@/features/comments/model/protocol';
import type { SyncActor } from '@/shared/auth/actor';
import type { TaskAccessRow } from '@/features/sync/server/store/task-access';
import { toComments, visibleTask } from './comment-service';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { formatArchiveCursor, parseArchiveCursor } from '@/features/sync/server/store/archive-cursor';
import { visibleTo } from '@/features/sync/server/store/visibility';

/**
 * Reading comments (docs/product.md#comments-endpoints, ADR 0030): a thread by pages, what changed
 * in it since an earlier answer, and the counts for the cards. The writes are in ./comment-service.ts.
 */

/**
 * How far back a thread's `since` answer reaches behind the read: a comment written on an instance
 * whose clock is behind the reader's (by less than this) is still found by the next check. Writes
 * are serialised by the `comments` lock and take their time inside it, so on one clock a later
 * commit never carries an earlier time.
 */
export const COMMENTS_SINCE_OVERLAP_MS = 5_000;

/**
 * The highest id in a cursor: comment ids are lower-case UUIDs (hex and '-'), all below it, so
 * (t, ID_CEILING) means "everything after t".
 */
const ID_CEILING = 'z';

export interface CommentsQuery {
  task: string;
  after: string | null;
  since: string | null;
  limit: number;
}

/** The query of GET /api/sync/comments, checked: a task uid, `after` or `since` (not both), limit 1–100. */
export function parseCommentsQuery(params: URLSearchParams): CommentsQuery {
  const task = params.get('task') ?? '';
  if (!isTaskUid(task)) throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.task);
  const rawLimit = params.get('limit');
  let limit: number = COMMENT_PAGE_MAX;
  if (rawLimit !== null && rawLimit !== '') {
    limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > COMMENT_PAGE_MAX) throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.limit);
  }
  const after = params.get('after') || null;
  const since = params.get('since') || null;
  if (after !== null && since !== null)
    throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.afterAndSince);
  return { task, after, since, limit };
}

/** The task uids of GET /api/sync/comments/counts?tasks=…, or null for every task the caller sees. */
export function parseCountsQuery(params: URLSearchParams): string[] | null {
  const raw = params.get('tasks');
  if (raw === null) return null;
  const uids = raw === '' ? [] : [...new Set(raw.split(','))];
  if (uids.length > COMMENT_PAGE_MAX || !uids.every(isTaskUid)) {
    throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.tasks);
  }
  return uids;
}

function parseCursor(cursor: string, message: string): { ms: number; id: string } {
  const parsed = parseArchiveCursor(cursor);
  if (!parsed) throw new AppError('VALIDATION_ERROR', message);
  return { ms: parsed.completedAtMs, id: parsed.uid };
}

/** The earlier of two (ms, id) positions, written as a cursor. */
function earlier(a: { ms: number; id: string }, b: { ms: number; id: string }): string {
  const first = a.ms < b.ms || (a.ms === b.ms && a.id <= b.id) ? a : b;
  return formatArchiveCursor(first.ms, first.id);
}

/**
 * GET /api/sync/comments: a page of the thread of `task`, oldest first (`after`: the next page), or
 * the comments changed since an earlier answer's `since` (created, edited or deleted), in the order
 * they changed. Every answer carries the `since` to check for changes with next.
 */
export async function listComments(
  actor: SyncActor,
  query: CommentsQuery,
  nowMs = Date.now(),
): Promise<CommentsPage> {
  const { db, tables } = await getDatabase();
  const { taskComments } = tables;
  const task = await visibleTask(db, tables, actor, query.task);
  const overlap = { ms: nowMs - COMMENTS_SINCE_OVERLAP_MS, id: ID_CEILING };
  const ofTask = eq(taskComments.taskUid, query.task);

  if (query.since !== null) {
    const since = parseCursor(query.since, COMMENT_MESSAGES.since);
    const rows = await db
      .select()
      .from(taskComments)
      .where(and(ofTask, afterPosition(taskComments.changedAt, taskComments.id, since)))
      .orderBy(asc(taskComments.changedAt), asc(taskComments.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    const last = page.at(-1);
    const reached = last ? { ms: last.changedAt.getTime(), id: last.id } : since;
    // More to read: the next check continues after this page. Otherwise it reaches back a little.
    const next = more ? formatArchiveCursor(reached.ms, reached.id) : earlier(reached, overlap);
    return { comments: await toComments(db, tables, page), next: null, since: next, more };
  }

  const after = query.after === null ? null : parseCursor(query.after, COMMENT_MESSAGES.after);
  const rows = await db
    .select()
    .from(taskComments)
    .where(and(ofTask, after ? afterPosition(taskComments.createdAt, taskComments.id, after) : undefined))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next =
    rows.length > query.limit && last ? formatArchiveCursor(last.createdAt.getTime(), last.id) : null;
  return {
    comments: await toComments(db, tables, page),
    next,
    since: formatArchiveCursor(overlap.ms, overlap.id),
    more: false,
    ...(after === null ? { readers: await readersOf(db, tables, task) } : {}),
  };
}

/**
 * Who may see `task` (and so be mentioned on it): its owner and assignee, and every admin. Sent
 * with a thread's first page, so the `@` list offers only them.
 */
async function readersOf(db: Executor, tables: Tables, task: TaskAccessRow): Promise<string[]> {
  const { users } = tables;
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const ids = new Set(admins.map((admin) => admin.id));
  if (task.ownerId !== null) ids.add(task.ownerId);
  if (task.assigneeId !== null) ids.add(task.assigneeId);
  return [...ids].sort();
}

/** Rows after (ms, id) in (time, id) order. */
function afterPosition(
  time: Tables['taskComments']['createdAt' | 'changedAt'],
  id: Tables['taskComments']['id'],
  position: { ms: number; id: string },
): SQL | undefined {
  const at = new Date(position.ms);
  return or(gt(time, at), and(eq(time, at), gt(id, position.id)));
}

/**
 * GET /api/sync/comments/counts: how many comments (not deleted) each task the actor sees has,
 * tasks without any left out; `uids` narrows to those tasks (null: all). Deleted tasks are left out.
 */
export async function countComments(actor: SyncActor, uids: string[] | null): Promise<CommentCounts> {
  if (uids !== null && uids.length === 0) return { counts: {} };
  const { db, tables } = await getDatabase();
  const { taskComments, syncTasks } = tables;
  const rows = await db
    .select({ task: taskComments.taskUid, count: count() })
    .from(taskComments)
    .innerJoin(syncTasks, eq(syncTasks.uid, taskComments.taskUid))
    .where(
      and(
        isNull(taskComments.deletedAt),
        eq(syncTasks.deleted, false),
        visibleTo(tables, actor, await loadProjectRoles(actor)),
        uids === null ? undefined : inArray(taskComments.taskUid, uids),
      ),
    )
    .groupBy(taskComments.taskUid);
  return { counts: Object.fromEntries(rows.map((row) => [row.task, Number(row.count)])) };
}
