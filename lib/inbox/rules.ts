import { FORMER_MEMBER_NAME } from '@/lib/comments/rules';

/**
 * The inbox's rules (docs/product.md#the-inbox): which events reach whom, and the sentence each
 * shows. Pure, shared by the server (which records the events) and the browser (which shows them).
 */

export const INBOX_KINDS = ['mentioned', 'commented', 'assigned', 'completed'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** One person's new inbox entry, before it is stored. */
export interface InboxDraft {
  userId: string;
  kind: InboxKind;
  taskUid: string;
  commentId?: string;
}

/** What the rules need to know of a task, before or after a change. */
export interface TaskPeople {
  ownerId: string | null;
  assigneeId: string | null;
  /** Done by the one rule (lib/tasks/completion.ts isTaskDone): the progress it shows is 100. */
  done: boolean;
  deleted: boolean;
}

/** The sentence of an entry (exact texts: docs/product.md#the-inbox). */
export function inboxSentence(kind: InboxKind, actorName: string, title: string): string {
  const name = actorName.trim() === '' ? FORMER_MEMBER_NAME : actorName;
  switch (kind) {
    case 'mentioned':
      return `${name} mentioned you on "${title}"`;
    case 'commented':
      return `${name} commented on "${title}"`;
    case 'assigned':
      return `${name} assigned "${title}" to you`;
    case 'completed':
      return `${name} completed "${title}"`;
  }
}

/**
 * What one push did that concerns people other than the pusher: a task now assigned to someone
 * (created so, or reassigned) tells them `assigned`; a task that became done (it was not, and exists
 * still) tells its owner and assignee `completed`.
 * Nobody is told of their own action. `before` lacks the tasks the push created.
 */
export function pushInboxEvents(
  actorId: string,
  before: ReadonlyMap<string, TaskPeople>,
  after: ReadonlyMap<string, TaskPeople>,
): InboxDraft[] {
  const drafts: InboxDraft[] = [];
  for (const [taskUid, task] of after) {
    if (task.deleted) continue;
    const old = before.get(taskUid);
    const assignee = task.assigneeId;
    if (assignee !== null && assignee !== actorId && assignee !== old?.assigneeId) {
      drafts.push({ userId: assignee, kind: 'assigned', taskUid });
    }
    if (task.done && old !== undefined && !old.done && !old.deleted) {
      for (const userId of new Set([task.ownerId, task.assigneeId])) {
        if (userId !== null && userId !== actorId) drafts.push({ userId, kind: 'completed', taskUid });
      }
    }
  }
  return drafts;
}

/**
 * A new comment (or an edit that adds mentions: `mentions` then holds only the new ones, and
 * `commented` is not told again): each person mentioned is told `mentioned`; the task's owner and
 * assignee, unless mentioned, `commented`. Never the author.
 */
export function commentInboxEvents(
  authorId: string,
  task: { uid: string; ownerId: string | null; assigneeId: string | null },
  commentId: string,
  mentions: readonly string[],
  options: { edit?: boolean } = {},
): InboxDraft[] {
  const drafts: InboxDraft[] = [];
  const mentioned = new Set(mentions.filter((id) => id !== authorId));
  for (const userId of mentioned) drafts.push({ userId, kind: 'mentioned', taskUid: task.uid, commentId });
  if (options.edit) return drafts;
  for (const userId of new Set([task.ownerId, task.assigneeId])) {
    if (userId === null || userId === authorId || mentioned.has(userId)) continue;
    drafts.push({ userId, kind: 'commented', taskUid: task.uid, commentId });
  }
  return drafts;
}
