import { FORMER_MEMBER_NAME } from '@/shared/content/people';
import { joinWithAnd } from '@/shared/format/word-list';
import { CHECKLIST_FIELD_PATTERN } from '@/features/tasks/model/checklist';
import type { ReplacedValue } from '@/features/sync/model/push-rules/push-types';

/**
 * The inbox's rules (docs/product.md#the-inbox): which events reach whom, and the sentence each
 * shows. Pure, shared by the server (which records the events) and the browser (which shows them).
 */

export const INBOX_KINDS = ['mentioned', 'commented', 'assigned', 'completed', 'replaced'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** One person's new inbox entry, before it is stored. */
export interface InboxDraft {
  userId: string;
  kind: InboxKind;
  taskUid: string;
  commentId?: string;
  /** Who did it, when not the person whose push or comment made the entry (`replaced`). */
  actorId?: string;
  /** `replaced`: the names of the task fields whose values were replaced (`replacedFieldNames`). */
  fields?: string[];
}

/** What the rules need to know of a task, before or after a change. */
export interface TaskPeople {
  ownerId: string | null;
  assigneeId: string | null;
  /** Done by the one rule (features/tasks/model/completion.ts isTaskDone): the progress it shows is 100. */
  done: boolean;
  deleted: boolean;
}

/** How a `replaced` entry names a task field (an unknown one: its name, in words). */
const FIELD_WORDS: Record<string, string> = {
  assignedTo: 'assignee',
  assigneeId: 'assignee',
  column: 'board column',
  checklistProgress: 'checklist',
};

function fieldWords(field: string): string {
  if (CHECKLIST_FIELD_PATTERN.test(field)) return 'checklist';
  return FIELD_WORDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The words a `replaced` entry stores for the task fields of its records, in their order, each
 * once: every checklist item is `checklist`, `assignedTo` and `assigneeId` are `assignee`.
 */
export function replacedFieldNames(fields: readonly string[]): string[] {
  return [...new Set(fields.map(fieldWords))];
}

/** `description`, `title and description`, `title, description and deadline`. */
function listWords(words: readonly string[]): string {
  if (words.length === 0) return 'values';
  return joinWithAnd(words);
}

/**
 * The sentence of an entry (exact texts: docs/product.md#the-inbox). `fields`: a `replaced` entry's
 * field names (`replacedFieldNames`).
 */
export function inboxSentence(
  kind: InboxKind,
  actorName: string,
  title: string,
  fields: readonly string[] = [],
): string {
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
    case 'replaced':
      return `${name}'s change replaced your ${listWords(fields)} of "${title}"`;
  }
}

/**
 * The `replaced` entries of one push (docs/decisions/0036-self-conflicts-and-the-loser.md): the
 * person whose value another person's concurrent edit replaced is told, once per task and person
 * who replaced it, naming every field; nobody is told of their own values (one person on two
 * devices), nor when either writer is unknown.
 */
export function replacedInboxEvents(values: readonly ReplacedValue[]): InboxDraft[] {
  const drafts = new Map<string, InboxDraft & { actorId: string; raw: string[] }>();
  for (const { uid, field, loserId, winnerId } of values) {
    if (loserId === null || winnerId === null || loserId === winnerId) continue;
    const key = JSON.stringify([uid, loserId, winnerId]);
    const draft = drafts.get(key) ?? {
      userId: loserId,
      kind: 'replaced',
      taskUid: uid,
      actorId: winnerId,
      raw: [],
    };
    draft.raw.push(field);
    drafts.set(key, draft);
  }
  return [...drafts.values()].map(({ raw, ...draft }) => ({ ...draft, fields: replacedFieldNames(raw) }));
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
