import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, desc, eq, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SyncActor } from '@/shared/auth/actor';
import { ARCHIVE_PAGE_MAX, type ArchiveResponse } from '@/features/sync/model/protocol';
import { archiveCutoffMs } from '@/features/tasks/model/archive';
import { getSearchWords, TASK_SEARCH_MAX_LENGTH } from '@/features/tasks/model/task-filter';
import { getDatabase, type Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { pulledColumns, toPulled } from './pull-changes';
import { visibleTo } from '@/features/sync/server/store/visibility';
import { formatArchiveCursor, parseArchiveCursor } from './store/archive-cursor';

/**
 * GET /api/sync/archive (docs/product.md#archived-tasks): the tasks completed before the archive
 * cutoff that the actor may see, newest completion first, with the task finder's search. Archived
 * tasks are not in the browsers' replicas, so this is where "Show older completed tasks" reads them.
 */

export const ARCHIVE_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${ARCHIVE_PAGE_MAX}.`,
  q: `q must be at most ${TASK_SEARCH_MAX_LENGTH} characters.`,
  before: 'before must be the next value of an earlier archive page.',
} as const;

export interface ArchiveQuery {
  q: string;
  before: string | null;
  limit: number;
}

/** The query parameters of an archive page, checked: `limit` 1–50 (default 50), `q` ≤ 200 characters. */
export function parseArchiveQuery(params: URLSearchParams): ArchiveQuery {
  const rawLimit = params.get('limit');
  let limit: number = ARCHIVE_PAGE_MAX;
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d{1,3}$/.test(rawLimit)) throw new AppError('VALIDATION_ERROR', ARCHIVE_MESSAGES.limit);
    limit = Number(rawLimit);
    if (limit < 1 || limit > ARCHIVE_PAGE_MAX) throw new AppError('VALIDATION_ERROR', ARCHIVE_MESSAGES.limit);
  }
  const q = params.get('q') ?? '';
  if (q.length > TASK_SEARCH_MAX_LENGTH) throw new AppError('VALIDATION_ERROR', ARCHIVE_MESSAGES.q);
  const before = params.get('before');
  return { q, before: before === null || before === '' ? null : before, limit };
}

/** `text` for LIKE with `\` as the escape character: its own `%`, `_` and `\` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The finder's search as SQL (features/tasks/model/task-filter.ts matchesSearch): every folded word of `q`
 * appears in the folded title and description (`search_text`, folded the same way on write). Both
 * sides are already lower case, so the match is the same on SQLite (whose LIKE ignores ASCII case)
 * and PostgreSQL (whose LIKE does not). The escape character is named: SQLite's LIKE has none by default.
 */
export function searchCondition(tables: Tables, q: string): SQL | undefined {
  const words = getSearchWords(q);
  if (words.length === 0) return undefined;
  const { searchText } = tables.syncTasks;
  return and(...words.map((word) => sql`${searchText} like ${`%${escapeLike(word)}%`} escape '\\'`));
}

export async function listArchivedTasks(
  actor: SyncActor,
  query: ArchiveQuery,
  nowMs = Date.now(),
): Promise<ArchiveResponse> {
  const after = query.before === null ? null : parseArchiveCursor(query.before);
  if (query.before !== null && !after) throw new AppError('VALIDATION_ERROR', ARCHIVE_MESSAGES.before);
  const { db, tables } = await getDatabase();
  const { syncTasks } = tables;
  const cutoffMs = archiveCutoffMs(nowMs, getEnv().SYNC_ARCHIVE_DAYS);
  const rows = await db
    .select({ ...pulledColumns(tables), completedAt: syncTasks.completedAt })
    .from(syncTasks)
    .where(
      and(
        eq(syncTasks.deleted, false),
        isNotNull(syncTasks.completedAt),
        lt(syncTasks.completedAt, cutoffMs),
        after
          ? or(
              lt(syncTasks.completedAt, after.completedAtMs),
              and(eq(syncTasks.completedAt, after.completedAtMs), lt(syncTasks.uid, after.uid)),
            )
          : undefined,
        visibleTo(tables, actor, await loadProjectRoles(actor)),
        searchCondition(tables, query.q),
      ),
    )
    .orderBy(desc(syncTasks.completedAt), desc(syncTasks.uid))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next =
    rows.length > query.limit && last ? formatArchiveCursor(last.completedAt ?? 0, last.uid) : null;
  return { tasks: page.map(toPulled), next };
}
