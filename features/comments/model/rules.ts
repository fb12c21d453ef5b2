/**
 * Comments on team tasks (docs/product.md#comments, docs/decisions/0030-comments.md): the rules a
 * comment's text, its id and its mentions follow. Pure, so the browser can check a comment before
 * sending it with the server's own words.
 */
import { ID_PATTERN } from '@/features/sync/model/protocol';
import { formatCount } from '@/shared/format/count';

/** A comment holds at most this many characters (Unicode code points) after trimming. */
export const COMMENT_BODY_MAX = 10_000;
/** Comments per page of a thread (the default and the most a page may ask for). */
export const COMMENT_PAGE_MAX = 100;
/** People one comment may mention. */
export const COMMENT_MENTIONS_MAX = 20;

export const COMMENT_MESSAGES = {
  empty: 'Write a comment first.',
  tooLong: `A comment can be at most ${formatCount(COMMENT_BODY_MAX)} characters.`,
  controlCharacters: 'A comment cannot contain control characters (only line breaks and tabs).',
  brokenText: 'This comment contains broken characters. Type it again without pasting it.',
  bodyType: 'body must be a string.',
  id: 'A comment id must be a UUID.',
  task: 'task must be a task uid: 1–64 letters, digits, - or _.',
  mentionsType: 'mentions must be a list of user ids.',
  tooManyMentions: `A comment can mention at most ${COMMENT_MENTIONS_MAX} people.`,
  unknownMention: 'Someone you mentioned no longer has an account.',
  cannotSee: (name: string) => `${name} cannot see this task.`,
  taskNotFound: 'No such task, or you cannot see it.',
  taskDeleted: 'This task was deleted. Restore it to comment on it.',
  archived: 'This project is archived: its tasks cannot be changed.',
  notFound: 'No such comment.',
  idTaken: 'Another comment already has this id.',
  deleted: 'This comment was deleted.',
  notAuthorEdit: 'Only the author can edit a comment.',
  notAuthorDelete: 'Only the author or an admin can delete a comment.',
  limit: `limit must be a whole number from 1 to ${COMMENT_PAGE_MAX}.`,
  after: 'after must be the next value of an earlier page of this thread.',
  since: 'since must be the since value of an earlier answer for this thread.',
  afterAndSince: 'Send after or since, not both.',
  tasks: 'tasks must list at most 100 task uids, separated by commas.',
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// C0 controls but tab, line feed and carriage return; DEL and the C1 controls.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export type BodyCheck = { ok: true; body: string } | { ok: false; message: string };

/**
 * A comment's text as stored: trimmed, 1–10,000 characters (code points, so an emoji counts once),
 * no control characters but line breaks and tabs, no half of a surrogate pair (it cannot be stored
 * as UTF-8, and a retry would no longer match what was stored).
 */
export function checkCommentBody(text: string): BodyCheck {
  const body = text.trim();
  if (body === '') return { ok: false, message: COMMENT_MESSAGES.empty };
  if (!isWellFormed(body)) return { ok: false, message: COMMENT_MESSAGES.brokenText };
  if (countCharacters(body) > COMMENT_BODY_MAX) return { ok: false, message: COMMENT_MESSAGES.tooLong };
  if (CONTROL_CHARACTERS.test(body)) return { ok: false, message: COMMENT_MESSAGES.controlCharacters };
  return { ok: true, body };
}

/** Unicode code points in `text` (a surrogate pair counts once). */
export function countCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}

/** No lone surrogate (String.prototype.isWellFormed, written out for older browsers). */
export function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Whether `id` can name a comment: a UUID (any version), in either case. */
export function isCommentId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** Whether `uid` can name a synced task. */
export function isTaskUid(uid: string): boolean {
  return ID_PATTERN.test(uid);
}

/** The mentioned ids once each, in the order first given. */
export function uniqueMentions(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Whether two mention lists name the same people (order and repeats aside). */
export function sameMentions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}
