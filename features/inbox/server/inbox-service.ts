import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import type { ProjectRoles } from '@/features/projects/model/roles';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import {
  INBOX_PAGE_MAX,
  type InboxItem,
  type InboxPage,
  type MarkReadRequest,
} from '@/features/inbox/model/protocol';
import type { InboxDraft, TaskPeople } from '@/features/inbox/model/rules';
import type { SyncActor } from '@/shared/auth/actor';
import type { StoredTask } from '@/features/sync/model/push-rules';
import { taskValues } from '@/features/sync/model/merge';
import { isTaskDone } from '@/features/tasks/model/completion';
import type { Executor, Tables, WriteStatement } from '@/server/db';
import { getDatabase } from '@/server/db';
import { AppError } from '@/server/errors';
import { formatArchiveCursor, parseArchiveCursor } from '@/features/sync/server/store/archive-cursor';
import { visibleTo } from '@/features/sync/server/store/visibility';
import { chunked } from '@/server/db/chunked';
import { deriveTaskColumns } from '@/features/sync/server/store/task-columns';

/**
 * The inbox (docs/product.md#the-inbox): entries are written in the same transaction as the push or
 * the comment that made them (features/inbox/model/rules.ts decides who is told), and read back with the
 * task's title and the actor's name as they are now. An entry whose task its person can no longer
 * see (reassigned away, deleted) is not shown and does not count as unread.
 */

export const INBOX_MESSAGES = {
  before: 'Invalid page cursor.',
  limit: `limit must be between 1 and ${INBOX_PAGE_MAX}.`,
} as const;

/**
 * Done by the one rule (features/tasks/model/completion.ts, docs/product.md#task-completion): the progress the
 * task shows (its checklist's when it follows one) is 100. The board column is not completion: a
 * card dragged into Completed, or sitting there at 81–99, completed nothing.
 */
function isDone(task: StoredTask, nowMs: number): boolean {
  const { progress } = deriveTaskColumns(task.synced, nowMs);
  return progress !== null && isTaskDone({ progress });
}

/** What the inbox's rules need of a stored task. */
export function taskPeopleOf(task: StoredTask, nowMs: number): TaskPeople {
  return {
    ownerId: task.ownerId,
    assigneeId: task.assigneeId,
    done: isDone(task, nowMs),
    deleted: task.synced.life?.deleted === true,
  };
}

/** The statements that store `drafts`, each naming `actorId` as who did it unless it names its own (none for none). */
export function inboxStatements(
  db: Executor,
  tables: Tables,
  actorId: string,
  drafts: readonly InboxDraft[],
  now: Date,
): WriteStatement[] {
  const rows = drafts.map((draft) => ({
    id: randomUUID(),
    userId: draft.userId,
    kind: draft.kind,
    taskUid: draft.taskUid,
    actorId: draft.actorId ?? actorId,
    commentId: draft.commentId ?? null,
    fields: draft.fields === undefined ? null : JSON.stringify(draft.fields),
    createdAt: now,
    readAt: null,
  }));
  return chunked(rows, (chunk) => db.insert(tables.inboxItems).values(chunk));
}

/**
 * The entries of `actor` whose task they may still see (and which is not deleted), given their
 * standing in every project (features/projects/server/roles.ts).
 */
export function shown(tables: Tables, actor: SyncActor, roles: ProjectRoles): SQL {
  const { inboxItems, syncTasks } = tables;
  const conditions = [eq(inboxItems.userId, actor.id), eq(syncTasks.deleted, false)];
  const visible = visibleTo(tables, actor, roles);
  if (visible) conditions.push(visible);
  return and(...conditions)!;
}

export function parseInboxQuery(params: URLSearchParams): { before: string | null; limit: number } {
  const rawLimit = params.get('limit');
  const limit = rawLimit === null ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > INBOX_PAGE_MAX) {
    throw new AppError('VALIDATION_ERROR', INBOX_MESSAGES.limit);
  }
  const before = params.get('before');
  if (before !== null && !parseArchiveCursor(before))
    throw new AppError('VALIDATION_ERROR', INBOX_MESSAGES.before);
  return { before, limit };
}

/** What an entry's row and its task give to make an InboxItem. */
export function inboxColumns(tables: Tables) {
  const { inboxItems, syncTasks } = tables;
  return {
    id: inboxItems.id,
    kind: inboxItems.kind,
    task: inboxItems.taskUid,
    actorId: inboxItems.actorId,
    replacedFields: inboxItems.fields,
    createdAt: inboxItems.createdAt,
    readAt: inboxItems.readAt,
    fields: syncTasks.fields,
    version: syncTasks.version,
  };
}

type InboxRow = {
  id: string;
  kind: InboxItem['kind'];
  task: string;
  actorId: string | null;
  replacedFields: string | null;
  createdAt: Date;
  readAt: Date | null;
  fields: string;
  version: number;
};

/** A `replaced` entry's stored field names (an unreadable value: none). */
function readFieldNames(stored: string | null): string[] {
  try {
    const names: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** Rows of inboxColumns as InboxItems, with the task's title and the actor's name as they are now. */
export async function toInboxItems(rows: readonly InboxRow[]): Promise<InboxItem[]> {
  const { db, tables } = await getDatabase();
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (actorIds.length > 0) {
    const found = await db
      .select({ id: tables.users.id, fullName: tables.users.fullName })
      .from(tables.users)
      .where(inArray(tables.users.id, actorIds));
    for (const user of found) names.set(user.id, user.fullName);
  }
  return rows.map((row) => {
    const values = taskValues({
      uid: row.task,
      fields: JSON.parse(row.fields),
      life: null,
      version: row.version,
    });
    return {
      id: row.id,
      kind: row.kind,
      task: row.task,
      title: typeof values.title === 'string' ? values.title : '',
      actorId: row.actorId,
      actorName: (row.actorId === null ? undefined : names.get(row.actorId)) ?? FORMER_MEMBER_NAME,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      ...(row.kind === 'replaced' ? { fields: readFieldNames(row.replacedFields) } : {}),
    };
  });
}

/** GET /api/sync/inbox: a page of `actor`'s entries, newest first, and how many are unread. */
export async function listInbox(
  actor: SyncActor,
  query: { before: string | null; limit: number },
): Promise<InboxPage> {
  const { db, tables } = await getDatabase();
  const { inboxItems, syncTasks } = tables;
  const roles = await loadProjectRoles(actor);
  const conditions = [shown(tables, actor, roles)];
  const cursor = query.before === null ? null : parseArchiveCursor(query.before);
  if (cursor) {
    const at = new Date(cursor.completedAtMs);
    conditions.push(
      or(lt(inboxItems.createdAt, at), and(eq(inboxItems.createdAt, at), lt(inboxItems.id, cursor.uid)))!,
    );
  }
  const rows = await db
    .select(inboxColumns(tables))
    .from(inboxItems)
    .innerJoin(syncTasks, eq(syncTasks.uid, inboxItems.taskUid))
    .where(and(...conditions))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const [unread] = await db
    .select({ value: count() })
    .from(inboxItems)
    .innerJoin(syncTasks, eq(syncTasks.uid, inboxItems.taskUid))
    .where(and(shown(tables, actor, roles), isNull(inboxItems.readAt)));
  const items = await toInboxItems(page);
  const last = page.at(-1);
  const next =
    rows.length > query.limit && last ? formatArchiveCursor(last.createdAt.getTime(), last.id) : null;
  return { items, unread: Number(unread?.value ?? 0), next };
}

/** POST /api/sync/inbox/read: marks `actor`'s entries read (ids of someone else's are ignored). */
export async function markInboxRead(actor: SyncActor, request: MarkReadRequest): Promise<{ unread: number }> {
  const { db, tables } = await getDatabase();
  const { inboxItems } = tables;
  const mine = [eq(inboxItems.userId, actor.id), isNull(inboxItems.readAt)];
  if ('ids' in request) {
    if (request.ids.length > 0) {
      await db
        .update(inboxItems)
        .set({ readAt: new Date() })
        .where(and(...mine, inArray(inboxItems.id, request.ids)));
    }
  } else {
    await db
      .update(inboxItems)
      .set({ readAt: new Date() })
      .where(and(...mine));
  }
  const { unread } = await listInbox(actor, { before: null, limit: 1 });
  return { unread };
}
