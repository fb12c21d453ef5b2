import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { eq, inArray } from 'drizzle-orm';
import { COMMENT_MESSAGES, isCommentId, sameMentions } from '@/features/comments/model/rules';
import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import type { TaskComment } from '@/features/comments/model/protocol';
import { commentInboxEvents } from '@/features/inbox/model/rules';
import { canSeeTask } from '@/features/sync/model/access';
import {
  readTaskPlace,
  visibleTask as visibleTaskOf,
  writeAndPokeTask,
  type TaskAccessRow,
} from '@/features/sync/server/store/task-access';
import { standingIn } from '@/features/projects/model/roles';
import { type SyncActor } from '@/shared/auth/actor';
import type { CreateCommentInput, EditCommentInput } from '@/features/comments/server/comment-schemas';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { inboxStatements } from '@/features/inbox/server/inbox-service';
import { consumeRateLimit } from '@/server/rate-limit';

/**
 * Comments on team tasks (docs/product.md#comments, docs/decisions/0030-comments.md): plain server
 * state beside the synced tasks. Whoever may see a task (features/sync/model/access.ts canSeeTask: its owner,
 * its assignee, every admin) reads and writes its comments; for anyone else the task does not
 * exist. Writes run under the `comments` lock, so a retried post is checked against what is stored
 * and an edit cannot cross a delete; each pokes the live streams of the people who see the task.
 * The reads (a thread, its changes, the counts) are in ./comment-reads.ts.
 */

export type CommentRow = Tables['taskComments']['$inferSelect'];

/** The task `uid` when `actor` may see it; 404 alike for a task that does not exist and one they may not see. */
export function visibleTask(db: Executor, tables: Tables, actor: SyncActor, uid: string) {
  return visibleTaskOf(db, tables, actor, uid, COMMENT_MESSAGES.taskNotFound);
}

/**
 * A comment written, edited or deleted needs the task's project to take comments: an archived
 * project's tasks are read-only (docs/product.md#projects), 409.
 */
async function requireOpenProject(db: Executor, actor: SyncActor, task: TaskAccessRow): Promise<void> {
  const standing = standingIn(await loadProjectRoles(actor, db), task.projectId);
  if (standing.archived) throw new AppError('CONFLICT', COMMENT_MESSAGES.archived);
}

/** The stored comment `id` and its task, when `actor` may see the task; 404 otherwise. */
async function visibleComment(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  id: string,
): Promise<{ row: CommentRow; task: TaskAccessRow }> {
  const { taskComments } = tables;
  const [row] = isCommentId(id)
    ? await db.select().from(taskComments).where(eq(taskComments.id, id.toLowerCase()))
    : [];
  const task = row && (await readTaskPlace(db, tables, row.taskUid));
  if (!row || !task || !canSeeTask(actor, task, await loadProjectRoles(actor, db)))
    throw new AppError('NOT_FOUND', COMMENT_MESSAGES.notFound);
  return { row, task };
}

function readMentions(row: Pick<CommentRow, 'mentions'>): string[] {
  return JSON.parse(row.mentions) as string[];
}

/** Current full names of `ids` (a deleted account is left out). */
async function namesOf(db: Executor, tables: Tables, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const { users } = tables;
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((user) => [user.id, user.fullName]));
}

/** Rows as the API sends them, with the author's and the mentioned people's current names. */
export async function toComments(
  db: Executor,
  tables: Tables,
  rows: readonly CommentRow[],
): Promise<TaskComment[]> {
  const ids: string[] = [];
  for (const row of rows) {
    if (row.authorId !== null) ids.push(row.authorId);
    ids.push(...readMentions(row));
  }
  const names = await namesOf(db, tables, ids);
  const nameOf = (id: string | null) => (id === null ? undefined : names.get(id)) ?? FORMER_MEMBER_NAME;
  return rows.map((row) => ({
    id: row.id,
    task: row.taskUid,
    authorId: row.authorId,
    authorName: nameOf(row.authorId),
    body: row.body,
    mentions: readMentions(row).map((id) => ({ id, name: nameOf(id) })),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  }));
}

/**
 * The mentioned people, checked: each an account that may see `task` (400 otherwise: mentioning
 * someone who cannot see it would tell them about it). Only `added` ids are checked and counted on
 * the mention limit; ids already on the comment were checked when they were added.
 */
async function checkMentions(
  db: Executor,
  tables: Tables,
  actor: SyncActor,
  task: TaskAccessRow,
  added: readonly string[],
): Promise<void> {
  if (added.length === 0) return;
  const { users } = tables;
  const found = await db
    .select({ id: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(inArray(users.id, [...added]));
  const byId = new Map(found.map((user) => [user.id, user]));
  for (const id of added) {
    const user = byId.get(id);
    if (!user) throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.unknownMention);
    const person = { id: user.id, role: user.role };
    if (!canSeeTask(person, task, await loadProjectRoles(person, db))) {
      throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.cannotSee(user.fullName));
    }
  }
  await consumeRateLimit('mentions', actor.id, {
    points: added.length,
    message: (wait) => `Too many mentions. Please try again in ${wait}.`,
  });
}

/** The comment as the API sends it (one row). */
async function toComment(db: Executor, tables: Tables, row: CommentRow): Promise<TaskComment> {
  const [comment] = await toComments(db, tables, [row]);
  return comment!;
}

function checkId(id: string): string {
  if (!isCommentId(id)) throw new AppError('VALIDATION_ERROR', COMMENT_MESSAGES.id);
  return id.toLowerCase();
}

/**
 * PUT /api/sync/comments/{id}: a new comment by `actor`. The same author sending the same task and
 * text under an id again (a retry) gets the stored comment back (`created: false`), also once it
 * was deleted; anything else under a taken id is 409.
 */
export async function createComment(
  actor: SyncActor,
  rawId: string,
  input: CreateCommentInput,
): Promise<{ comment: TaskComment; created: boolean }> {
  const id = checkId(rawId);
  const handle = await getDatabase();
  const { tables } = handle;
  const { taskComments } = tables;
  return handle.exclusive(async (db) => {
    const task = await visibleTask(db, tables, actor, input.task);
    const [stored] = await db.select().from(taskComments).where(eq(taskComments.id, id));
    if (stored) {
      const sameAuthor = stored.authorId === actor.id && stored.taskUid === input.task;
      const sameText = stored.body === input.body && sameMentions(readMentions(stored), input.mentions);
      if (sameAuthor && (sameText || stored.deletedAt !== null)) {
        return { comment: await toComment(db, tables, stored), created: false };
      }
      throw new AppError('CONFLICT', COMMENT_MESSAGES.idTaken);
    }
    if (task.deleted) throw new AppError('CONFLICT', COMMENT_MESSAGES.taskDeleted);
    await requireOpenProject(db, actor, task);
    await checkMentions(db, tables, actor, task, input.mentions);
    const now = new Date();
    const row: CommentRow = {
      id,
      taskUid: input.task,
      authorId: actor.id,
      body: input.body,
      mentions: JSON.stringify(input.mentions),
      createdAt: now,
      editedAt: null,
      deletedAt: null,
      changedAt: now,
    };
    const told = commentInboxEvents(actor.id, { uid: input.task, ...task }, id, input.mentions);
    await writeAndPokeTask(handle, db, actor, input.task, task, [
      db.insert(taskComments).values(row),
      ...inboxStatements(db, tables, actor.id, told, now),
    ]);
    return { comment: await toComment(db, tables, row), created: true };
  }, 'comments');
}

/**
 * PATCH /api/sync/comments/{id}: the author's new text (and mentions, when sent). The same text
 * again changes nothing (`editedAt` stays).
 */
export async function editComment(
  actor: SyncActor,
  id: string,
  input: EditCommentInput,
): Promise<TaskComment> {
  const handle = await getDatabase();
  const { tables } = handle;
  const { taskComments } = tables;
  return handle.exclusive(async (db) => {
    const { row, task } = await visibleComment(db, tables, actor, id);
    if (row.authorId !== actor.id) throw new AppError('FORBIDDEN', COMMENT_MESSAGES.notAuthorEdit);
    if (row.deletedAt !== null) throw new AppError('CONFLICT', COMMENT_MESSAGES.deleted);
    const before = readMentions(row);
    const mentions = input.mentions ?? before;
    if (row.body === input.body && sameMentions(before, mentions)) return toComment(db, tables, row);
    if (task.deleted) throw new AppError('CONFLICT', COMMENT_MESSAGES.taskDeleted);
    await requireOpenProject(db, actor, task);
    const added = mentions.filter((mention) => !before.includes(mention));
    await checkMentions(db, tables, actor, task, added);
    const now = new Date();
    const change = { body: input.body, mentions: JSON.stringify(mentions), editedAt: now, changedAt: now };
    // Only the people the edit newly mentions are told.
    const told = commentInboxEvents(actor.id, { uid: row.taskUid, ...task }, row.id, added, { edit: true });
    await writeAndPokeTask(handle, db, actor, row.taskUid, task, [
      db.update(taskComments).set(change).where(eq(taskComments.id, row.id)),
      ...inboxStatements(db, tables, actor.id, told, now),
    ]);
    return toComment(db, tables, { ...row, ...change });
  }, 'comments');
}

/**
 * DELETE /api/sync/comments/{id}: by its author or an admin. The text and mentions are erased at
 * once; the row stays (`deletedAt` set) so other browsers learn of it and the id is not reused. A
 * second delete answers the same.
 */
export async function deleteComment(actor: SyncActor, id: string): Promise<TaskComment> {
  const handle = await getDatabase();
  const { tables } = handle;
  const { taskComments } = tables;
  return handle.exclusive(async (db) => {
    const { row, task } = await visibleComment(db, tables, actor, id);
    if (row.authorId !== actor.id && actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', COMMENT_MESSAGES.notAuthorDelete);
    }
    if (row.deletedAt !== null) return toComment(db, tables, row);
    await requireOpenProject(db, actor, task);
    const now = new Date();
    const change = { body: '', mentions: '[]', deletedAt: now, changedAt: now };
    await writeAndPokeTask(handle, db, actor, row.taskUid, task, [
      db.update(taskComments).set(change).where(eq(taskComments.id, row.id)),
    ]);
    return toComment(db, tables, { ...row, ...change });
  }, 'comments');
}
