import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { canSeeTask, type SyncActor } from '@/lib/sync/access';
import type { SyncOp } from '@/lib/sync/protocol';
import { deriveHistory, historySentence, type HistoryChange } from '@/lib/tasks/history';
import { getDatabase } from './db';
import { AppError } from './errors';
import { formatArchiveCursor, parseArchiveCursor } from './sync/archive';
import { notSelfReplaced } from './sync/conflicts';

/** Entries per page of a task's history (the default and the most). */
export const HISTORY_PAGE_MAX = 50;

export const HISTORY_MESSAGES = {
  notFound: 'No such task, or you cannot see it.',
  limit: `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`,
  before: 'before must be the next value of an earlier page of this history.',
} as const;

export interface HistoryPage {
  entries: {
    id: string;
    kind: string;
    actorId: string | null;
    actorName: string;
    at: string;
    field?: string;
    from?: unknown;
    to?: unknown;
    text: string;
  }[];
  next: string | null;
  /** False when older records were purged (30 days): the history starts later than the task. */
  complete: boolean;
}

/** GET /api/sync/tasks/{uid}/history: newest first, pages of at most 50, `before` opaque. */
export async function taskHistory(
  actor: SyncActor,
  uid: string,
  params: URLSearchParams,
): Promise<HistoryPage> {
  const rawLimit = params.get('limit');
  const limit =
    rawLimit === null || rawLimit === ''
      ? HISTORY_PAGE_MAX
      : /^\d{1,3}$/.test(rawLimit)
        ? Number(rawLimit)
        : 0;
  if (limit < 1 || limit > HISTORY_PAGE_MAX) throw new AppError('VALIDATION_ERROR', HISTORY_MESSAGES.limit);
  const rawBefore = params.get('before') || null;
  const before = rawBefore === null ? null : parseArchiveCursor(rawBefore);
  if (rawBefore !== null && !before) throw new AppError('VALIDATION_ERROR', HISTORY_MESSAGES.before);
  const { db, tables } = await getDatabase();
  const { syncTasks, syncChanges, syncConflicts, taskComments, users } = tables;
  const [task] = await db
    .select({ ownerId: syncTasks.ownerId, assigneeId: syncTasks.assigneeId, createdAt: syncTasks.createdAt })
    .from(syncTasks)
    .where(eq(syncTasks.uid, uid));
  if (!task || !canSeeTask(actor, task)) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  const rows = await db
    .select()
    .from(syncChanges)
    .where(eq(syncChanges.taskUid, uid))
    .orderBy(asc(syncChanges.seq), asc(syncChanges.createdAt));
  const changes: HistoryChange[] = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    atMs: row.createdAt.getTime(),
    outcome: row.outcome,
    op: { ...(JSON.parse(row.payload) as object), kind: row.kind, opId: row.opId, uid } as SyncOp,
  }));
  const conflicts = await db
    .select()
    .from(syncConflicts)
    .where(and(eq(syncConflicts.taskUid, uid), notSelfReplaced(tables)));
  const comments = await db.select().from(taskComments).where(eq(taskComments.taskUid, uid));
  const ids = new Set<string>();
  for (const id of [
    task.ownerId,
    ...rows.map((r) => r.userId),
    ...conflicts.map((c) => c.authorId),
    ...comments.map((c) => c.authorId),
  ])
    if (id) ids.add(id);
  for (const row of rows) {
    const value = (JSON.parse(row.payload) as { fields?: { assigneeId?: { value?: unknown } } }).fields
      ?.assigneeId?.value;
    if (typeof value === 'string' && value !== '') ids.add(value);
  }
  const named = ids.size
    ? await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, [...ids]))
    : [];
  const complete = rows.length > 0 && rows[0]!.createdAt.getTime() <= task.createdAt.getTime();
  const all = deriveHistory({
    createdAtMs: task.createdAt.getTime(),
    ownerId: task.ownerId,
    complete,
    changes,
    conflicts: conflicts
      .filter((c) => c.reason !== 'forbidden')
      .map((c) => ({
        id: c.id,
        authorId: c.authorId,
        field: c.field,
        value: JSON.parse(c.value) as never,
        atMs: c.createdAt.getTime(),
      })),
    comments: comments.map((c) => ({ id: c.id, authorId: c.authorId, atMs: c.createdAt.getTime() })),
    names: new Map(named.map((u) => [u.id, u.fullName])),
  });
  const after = before
    ? all.filter(
        (e) => e.atMs < before.completedAtMs || (e.atMs === before.completedAtMs && e.id < before.uid),
      )
    : all;
  const page = after.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ atMs, ...entry }) => ({
      ...entry,
      at: new Date(atMs).toISOString(),
      text: historySentence({ atMs, ...entry }),
    })),
    next: after.length > limit && last ? formatArchiveCursor(last.atMs, last.id) : null,
    complete,
  };
}
