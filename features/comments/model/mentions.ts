/**
 * @mentions in the comment box (docs/product.md#comments): finding the `@name` being typed, the
 * people it matches, putting the picked person's name in the text, and which picked people the text
 * still names when it is sent (or, for an edited comment, which of its mentions it keeps). Pure. The server is sent ids, never parses names (ADR 0030).
 */
import { uniqueMentions } from './rules';

export interface MentionPerson {
  id: string;
  name: string;
}

/** The `@…` being typed: where its `@` is and what follows it up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

/** Longest text after `@` still taken as a name being typed. */
const QUERY_MAX = 40;

/**
 * The mention being typed at `caret`, or null: an `@` at the start or after a space, a line break
 * or an opening bracket (so `ana@example.com` is no mention), followed by up to 40 characters with
 * no line break and no second `@`, no double space, not starting or ending with a space (a picked `@Name ` is done).
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1) return null;
  if (start > 0 && !/[\s([{]/.test(before[start - 1]!)) return null;
  const query = before.slice(start + 1);
  if (query.length > QUERY_MAX || /[\n@]|^\s|\s$|\s\s/.test(query)) return null;
  return { start, query };
}

/**
 * The people whose name, or a word of it, starts with `query` (case and accents aside), in the
 * list's order, at most `max`.
 */
export function matchPeople<T extends MentionPerson>(people: readonly T[], query: string, max = 8): T[] {
  const wanted = fold(query.trim());
  return people
    .filter((person) => {
      const name = fold(person.name);
      return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, max);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The text with the typed `@…` replaced by `@{name} `, and where the caret goes (after it). */
export function insertMention(
  text: string,
  query: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  return {
    text: text.slice(0, query.start) + inserted + text.slice(caret),
    caret: query.start + inserted.length,
  };
}

/** The ids of the picked people whose `@{name}` the text still holds, once each, in picking order. */
export function mentionedIds(text: string, picked: readonly MentionPerson[]): string[] {
  return uniqueMentions(
    picked.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id),
  );
}

/**
 * The mentions an edited comment is sent with: those it had whose `@{name}` the new text still holds
 * (one whose `@{name}` the old text did not hold either, e.g. a person renamed since, is kept: the
 * text cannot show where it was), then the people picked during the edit whose `@{name}` it holds;
 * once each.
 */
export function editedMentionIds(
  before: { body: string; mentions: readonly MentionPerson[] },
  text: string,
  picked: readonly MentionPerson[],
): string[] {
  const kept = before.mentions.filter(
    (person) => text.includes(`@${person.name}`) || !before.body.includes(`@${person.name}`),
  );
  return uniqueMentions([...kept.map((person) => person.id), ...mentionedIds(text, picked)]);
}

export type MentionPiece = { text: string; mention?: boolean };

/** The text cut where it says `@{name}` of a mentioned person (longest names first), to show them apart. */
export function splitMentions(text: string, names: readonly string[]): MentionPiece[] {
  const wanted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text === '' ? [] : [{ text }];
  const pieces: MentionPiece[] = [];
  let last = 0;
  let index = text.indexOf('@');
  while (index !== -1) {
    const name = wanted.find((candidate) => text.startsWith(candidate, index + 1));
    if (name !== undefined) {
      if (index > last) pieces.push({ text: text.slice(last, index) });
      pieces.push({ text: `@${name}`, mention: true });
      last = index + 1 + name.length;
    }
    index = text.indexOf('@', name !== undefined ? last : index + 1);
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/**
 * The people the `@` list offers on a task: those who may see it (`readers`, from the thread's first
 * page), or everyone when that is not known (the server refuses a mention of anyone else).
 */
export function mentionablePeople<T extends MentionPerson>(
  people: readonly T[],
  readers: readonly string[] | null,
): readonly T[] {
  if (readers === null) return people;
  const allowed = new Set(readers);
  return people.filter((person) => allowed.has(person.id));
}
