import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, asc, desc, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import { canSeeTask } from '@/features/sync/model/access';
import { type SyncActor } from '@/shared/auth/actor';
import type { SyncOp } from '@/features/sync/model/protocol';
import {
  deriveHistory,
  historySentence,
  type HistoryChange,
  type HistoryEntry,
} from '@/features/sync/model/history';
import { getDatabase, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { notSelfReplaced } from '@/features/sync/server/conflicts';

/** Entries per page of a task's history (the default and the most). */
export const HISTORY_PAGE_MAX = 50;

/**
 * What one history request reads at most (ADR 0045): op-log rows at or before the cursor, newest
 * first, of which the oldest HISTORY_ROWS_CONTEXT only say what the values were (they list
 * nothing); newer rows after an entry cursor, so that a run the page before showed whole is not
 * listed again in part; and conflict records and comments, each.
 */
export const HISTORY_ROWS_READ = 400;
export const HISTORY_ROWS_CONTEXT = 100;
export const HISTORY_ROWS_AFTER = 100;
export const HISTORY_SIDE_READ = 200;

/** The id of a cursor at a cut: it sorts before every entry id (`a_…`, `c_…`, `k_…`, `m_…`). */
const CUT_ID = '0';

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

/**
 * A page's `before`: entries older than (atMs, id), newest first. `cutMs` is the bottom of the part
 * of the log the page belongs to (entries at or before it are on later pages; null: none, the part
 * reaches the log's start). Cursors of the previous version (`atMs:id`, as the archive's) carry no
 * cut (undefined): one is taken from the window read.
 */
interface HistoryCursor {
  atMs: number;
  id: string;
  cutMs?: number | null;
}

export function formatHistoryCursor(cursor: HistoryCursor): string {
  const cut = cursor.cutMs === undefined ? '' : `:${cursor.cutMs ?? 'n'}`;
  return Buffer.from(`${cursor.atMs}:${cursor.id}${cut}`, 'utf8').toString('base64url');
}

function parseHistoryCursor(cursor: string): HistoryCursor | null {
  if (!/^[A-Za-z0-9_-]{1,160}$/.test(cursor)) return null;
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})(?::(\d{1,15}|n))?$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match) return null;
  const cut = match[3];
  return {
    atMs: Number(match[1]),
    id: match[2]!,
    ...(cut === undefined ? {} : { cutMs: cut === 'n' ? null : Number(cut) }),
  };
}

/**
 * The sequence number of the last push at or before `atMs` (any task's: a push takes its number and
 * its time under the one `sync` lock, so numbers and times rise together, and a push that changed
 * nothing records the number before it): every op-log row stored at or before `atMs` has a number
 * at most this. 0 when there is none. One lookup of the `created_at` index (the number only sorts
 * the rows of that one millisecond).
 */
async function seqAtTime(atMs: number): Promise<number> {
  const { db, tables } = await getDatabase();
  const { syncChanges } = tables;
  const [latest] = await db
    .select({ seq: syncChanges.seq })
    .from(syncChanges)
    .where(lte(syncChanges.createdAt, new Date(atMs)))
    .orderBy(desc(syncChanges.createdAt), desc(syncChanges.seq))
    .limit(1);
  return latest?.seq ?? 0;
}

type ChangeRow = Tables['syncChanges']['$inferSelect'];
type ConflictRow = Tables['syncConflicts']['$inferSelect'];
type CommentRow = Tables['taskComments']['$inferSelect'];

/** The page size and the cursor a request asks for; a 400 when either is not one. */
function parseHistoryParams(params: URLSearchParams): { limit: number; before: HistoryCursor | null } {
  const rawLimit = params.get('limit');
  const limit =
    rawLimit === null || rawLimit === ''
      ? HISTORY_PAGE_MAX
      : /^\d{1,3}$/.test(rawLimit)
        ? Number(rawLimit)
        : 0;
  if (limit < 1 || limit > HISTORY_PAGE_MAX) throw new AppError('VALIDATION_ERROR', HISTORY_MESSAGES.limit);
  const rawBefore = params.get('before') || null;
  const before = rawBefore === null ? null : parseHistoryCursor(rawBefore);
  if (rawBefore !== null && !before) throw new AppError('VALIDATION_ERROR', HISTORY_MESSAGES.before);
  return { limit, before };
}

/**
 * The task (a 404 when `actor` may not see it), the log's oldest row of it, and the highest push
 * number at or before the cursor (null: no cursor).
 */
async function readTaskStart(actor: SyncActor, uid: string, before: HistoryCursor | null) {
  const { db, tables } = await getDatabase();
  const { syncTasks, syncChanges } = tables;
  // Independent lookups at once (on PostgreSQL, one round trip instead of three).
  const [[task], [oldest], bound] = await Promise.all([
    db
      .select({
        ownerId: syncTasks.ownerId,
        assigneeId: syncTasks.assigneeId,
        projectId: syncTasks.projectId,
        createdAt: syncTasks.createdAt,
      })
      .from(syncTasks)
      .where(eq(syncTasks.uid, uid)),
    db
      .select({ id: syncChanges.id, createdAt: syncChanges.createdAt })
      .from(syncChanges)
      .where(eq(syncChanges.taskUid, uid))
      .orderBy(asc(syncChanges.seq))
      .limit(1),
    before ? seqAtTime(before.atMs) : null,
  ]);
  if (!task || !canSeeTask(actor, task, await loadProjectRoles(actor)))
    throw new AppError('NOT_FOUND', HISTORY_MESSAGES.notFound);
  return { task, oldest, bound };
}

/**
 * The window of the op log a page reads: `read`, at or below `bound`, oldest first as the rows are
 * replayed; `above`, the rows after an entry cursor, to see the runs crossing it (a cut is crossed by
 * none).
 */
async function readWindow(
  uid: string,
  bound: number | null,
  atCut: boolean,
): Promise<{ read: ChangeRow[]; above: ChangeRow[] }> {
  const { db, tables } = await getDatabase();
  const { syncChanges } = tables;
  // By the index's order alone (a second sort key would make SQLite sort every row of the task);
  // one push's rows share a number and a time.
  const [read, above] = await Promise.all([
    bound === 0
      ? []
      : db
          .select()
          .from(syncChanges)
          .where(and(eq(syncChanges.taskUid, uid), bound === null ? undefined : lte(syncChanges.seq, bound)))
          .orderBy(desc(syncChanges.seq))
          .limit(HISTORY_ROWS_READ),
    bound === null || atCut
      ? []
      : db
          .select()
          .from(syncChanges)
          .where(and(eq(syncChanges.taskUid, uid), gt(syncChanges.seq, bound)))
          .orderBy(asc(syncChanges.seq))
          .limit(HISTORY_ROWS_AFTER),
  ]);
  read.reverse();
  return { read, above };
}

/** Where the page's part of the log lies, and the window's rows it replays. */
interface HistoryPart {
  /** The part's bottom (null: the part reaches the log's start). */
  cutMs: number | null;
  /** Whether the cut came with an entry cursor (then the side reads do not move it). */
  carried: boolean;
  /** Whether the window holds the log's oldest row: then nothing before it is missing. */
  reachedStart: boolean;
  rows: ChangeRow[];
  /** The first row the part lists, and the newest read: the side reads' bounds. */
  firstListed: ChangeRow | undefined;
  highRow: ChangeRow | undefined;
  /** The newest time the part reaches (null: no cursor, the newest there is). */
  highMs: number | null;
}

function partOf(
  before: HistoryCursor | null,
  { read, above }: { read: ChangeRow[]; above: ChangeRow[] },
  oldestId: string | undefined,
): HistoryPart {
  const atCut = before?.id === CUT_ID;
  const reachedStart = read.length < HISTORY_ROWS_READ || read[0]?.id === oldestId;
  // Rows above a cut belong to the parts already listed.
  const below = atCut ? read.filter((row) => row.createdAt.getTime() < before.atMs) : read;
  // The part's bottom: carried by an entry cursor, else above the window's context rows.
  const carried = before !== null && !atCut && before.cutMs !== undefined;
  const cutMs: number | null = carried
    ? before.cutMs!
    : reachedStart
      ? null
      : (below[HISTORY_ROWS_CONTEXT - 1] ?? below.at(-1) ?? read.at(-1)!).createdAt.getTime();
  const firstListed = cutMs === null ? below[0] : below.find((row) => row.createdAt.getTime() > cutMs);
  const highRow = above.at(-1);
  const highMs = before ? Math.max(before.atMs, highRow?.createdAt.getTime() ?? 0) : null;
  return { cutMs, carried, reachedStart, rows: [...below, ...above], firstListed, highRow, highMs };
}

/** Conflict records and comments of the part only, newest first, at most HISTORY_SIDE_READ each. */
async function readSides(
  uid: string,
  bound: number | null,
  part: HistoryPart,
): Promise<{ conflicts: ConflictRow[]; comments: CommentRow[] }> {
  const { db, tables } = await getDatabase();
  const { syncConflicts, taskComments } = tables;
  const { cutMs, firstListed, highRow, highMs } = part;
  const [conflicts, comments] = await Promise.all([
    db
      .select()
      .from(syncConflicts)
      .where(
        and(
          eq(syncConflicts.taskUid, uid),
          cutMs === null ? undefined : gte(syncConflicts.seq, firstListed?.seq ?? (bound ?? 0) + 1),
          bound === null ? undefined : lte(syncConflicts.seq, highRow?.seq ?? bound),
          notSelfReplaced(tables),
        ),
      )
      .orderBy(desc(syncConflicts.seq))
      .limit(HISTORY_SIDE_READ),
    db
      .select()
      .from(taskComments)
      .where(
        and(
          eq(taskComments.taskUid, uid),
          cutMs === null ? undefined : gt(taskComments.createdAt, new Date(cutMs)),
          highMs === null ? undefined : lte(taskComments.createdAt, new Date(highMs)),
        ),
      )
      .orderBy(desc(taskComments.createdAt), desc(taskComments.id))
      .limit(HISTORY_SIDE_READ),
  ]);
  return { conflicts, comments };
}

/** A part's first page with more of either side than it reads ends the part at the oldest one read. */
function cutBySides(part: HistoryPart, sides: readonly { createdAt: Date }[][]): number | null {
  let { cutMs } = part;
  if (part.carried) return cutMs;
  for (const side of sides) {
    if (side.length < HISTORY_SIDE_READ) continue;
    const oldestMs = side.at(-1)!.createdAt.getTime();
    cutMs = cutMs === null ? oldestMs : Math.max(cutMs, oldestMs);
  }
  return cutMs;
}

/** The current names of everyone the entries may name: actors, authors and assignees. */
async function readNames(ids: Iterable<string | null>, changes: readonly HistoryChange[]) {
  const { db, tables } = await getDatabase();
  const { users } = tables;
  const wanted = new Set<string>();
  for (const id of ids) if (id) wanted.add(id);
  for (const { op } of changes) {
    const value = op.kind === 'upsert' ? op.fields.assigneeId?.value : undefined;
    if (typeof value === 'string' && value !== '') wanted.add(value);
  }
  const named = wanted.size
    ? await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, [...wanted]))
    : [];
  return new Map(named.map((u) => [u.id, u.fullName]));
}

/** The op-log rows as history reads them; those at or below the cut only give the values. */
function toChanges(rows: readonly ChangeRow[], uid: string, cutMs: number | null): HistoryChange[] {
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    atMs: row.createdAt.getTime(),
    outcome: row.outcome,
    op: { ...(JSON.parse(row.payload) as object), kind: row.kind, opId: row.opId, uid } as SyncOp,
    ...(cutMs !== null && row.createdAt.getTime() <= cutMs ? { context: true } : {}),
  }));
}

/** The page of the part's entries after the cursor, and the cursor of the next one. */
function pageOf(
  all: readonly HistoryEntry[],
  before: HistoryCursor | null,
  limit: number,
  cutMs: number | null,
): { page: HistoryEntry[]; next: string | null } {
  const listed = (atMs: number) => cutMs === null || atMs > cutMs;
  const after = all.filter(
    (e) =>
      listed(e.atMs) && (!before || e.atMs < before.atMs || (e.atMs === before.atMs && e.id < before.id)),
  );
  const page = after.slice(0, limit);
  const last = page.at(-1);
  if (after.length > limit && last) {
    return { page, next: formatHistoryCursor({ atMs: last.atMs, id: last.id, cutMs }) };
  }
  if (cutMs === null) return { page, next: null };
  // The part is listed: the next page starts the part below its cut, and always further back.
  const atMs = before?.id === CUT_ID ? Math.min(cutMs + 1, before.atMs - 1) : cutMs + 1;
  return { page, next: formatHistoryCursor({ atMs: Math.max(0, atMs), id: CUT_ID }) };
}

/**
 * GET /api/sync/tasks/{uid}/history: newest first, pages of at most 50, `before` opaque.
 *
 * Each page is derived from a bounded window of the op log, never the whole log (ADR 0045). The log
 * is listed in parts, newest first: a part is the rows a window of HISTORY_ROWS_READ holds above its
 * HISTORY_ROWS_CONTEXT oldest (those are replayed for the values only), and the part's entries are
 * merged into runs among themselves (ADR 0037), then cut into pages. The next part starts below
 * the cut, so a run is never split across two pages of one part, and is split where one part ends
 * (only a run longer than a part is: about 300 operations).
 */
export async function taskHistory(
  actor: SyncActor,
  uid: string,
  params: URLSearchParams,
): Promise<HistoryPage> {
  const { limit, before } = parseHistoryParams(params);
  const { task, oldest, bound } = await readTaskStart(actor, uid, before);
  // A cursor at a cut starts a new part; an entry cursor continues the part of the page before.
  const part = partOf(before, await readWindow(uid, bound, before?.id === CUT_ID), oldest?.id);
  const { conflicts, comments } = await readSides(uid, bound, part);
  const cutMs = cutBySides(part, [conflicts, comments]);
  const changes = toChanges(part.rows, uid, cutMs);
  const listed = (atMs: number) => cutMs === null || atMs > cutMs;
  const names = await readNames(
    [
      task.ownerId,
      ...part.rows.map((r) => r.userId),
      ...conflicts.map((c) => c.authorId),
      ...comments.map((c) => c.authorId),
    ],
    changes,
  );
  const complete = oldest !== undefined && oldest.createdAt.getTime() <= task.createdAt.getTime();
  const all = deriveHistory({
    createdAtMs: task.createdAt.getTime(),
    ownerId: task.ownerId,
    complete,
    partial: !part.reachedStart,
    changes,
    conflicts: conflicts
      .filter((c) => c.reason !== 'forbidden' && listed(c.createdAt.getTime()))
      .map((c) => ({
        id: c.id,
        authorId: c.authorId,
        field: c.field,
        value: JSON.parse(c.value) as never,
        atMs: c.createdAt.getTime(),
      })),
    comments: comments
      .filter((c) => listed(c.createdAt.getTime()))
      .map((c) => ({ id: c.id, authorId: c.authorId, atMs: c.createdAt.getTime() })),
    names,
  });
  const { page, next } = pageOf(all, before, limit, cutMs);
  return {
    entries: page.map(({ atMs, ...entry }) => ({
      ...entry,
      at: new Date(atMs).toISOString(),
      text: historySentence({ atMs, ...entry }),
    })),
    next,
    complete,
  };
}
