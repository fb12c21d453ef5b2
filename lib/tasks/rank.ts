import { generateNKeysBetween } from 'fractional-indexing';
import type { Task } from './task';

/**
 * Order within a board column (docs/product.md#board, docs/decisions/0039-order-within-a-column.md):
 * a task's `rank` is a fractional-index key (the `fractional-indexing` library's default alphabet,
 * keys such as `a0`, `a0V`, `Zz`), compared as plain strings (code units, never the locale). A move
 * gives the moved card one new key between its new neighbours; no other card is renumbered, except
 * the cards that never had a key and must now sort before it (see placeInColumn).
 */

/** A key longer than this is not one this app writes (it would take millions of moves to one spot). */
export const RANK_MAX_LENGTH = 128;

const DIGITS = /^[0-9A-Za-z]+$/;

/** Length of the integer part a key's first character announces (a–z: 2…27, Z–A: 2…27), or 0. */
function integerLength(head: number): number {
  if (head >= 97 && head <= 122) return head - 97 + 2;
  if (head >= 65 && head <= 90) return 90 - head + 2;
  return 0;
}

/**
 * Whether `value` is a key the library accepts: digits 0-9A-Za-z, a head announcing an integer part
 * the key holds, a fraction that does not end in `0`, not the smallest integer (`A` and 26 zeros).
 */
export function isRankKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > RANK_MAX_LENGTH) return false;
  if (!DIGITS.test(value)) return false;
  const intLength = integerLength(value.charCodeAt(0));
  if (intLength === 0 || value.length < intLength) return false;
  if (value.length > intLength && value.endsWith('0')) return false;
  return value !== `A${'0'.repeat(26)}`;
}

/** A task's rank, when it has a readable one. */
export function rankOf(task: Pick<Task, 'rank'>): string | undefined {
  return isRankKey(task.rank) ? task.rank : undefined;
}

/**
 * Cards with a rank, by rank, then by id (two devices may give two cards one key: every device
 * still shows them in one order); then the cards without one, in the order given (the stored order,
 * as before ranks existed). Returns the same array when it is already in that order.
 */
export function sortByRank<T extends Pick<Task, 'id' | 'rank'>>(tasks: T[]): T[] {
  let ranked = 0;
  let inOrder = true;
  let previous: T | undefined;
  for (let index = 0; index < tasks.length; index++) {
    const task = tasks[index]!;
    if (rankOf(task) === undefined) continue;
    if (index !== ranked || (previous !== undefined && compareRanked(previous, task) > 0)) inOrder = false;
    previous = task;
    ranked += 1;
  }
  if (inOrder) return tasks;
  const withRank: T[] = [];
  const without: T[] = [];
  for (const task of tasks) (rankOf(task) === undefined ? without : withRank).push(task);
  withRank.sort(compareRanked);
  return withRank.concat(without);
}

function compareRanked(a: Pick<Task, 'id' | 'rank'>, b: Pick<Task, 'id' | 'rank'>): number {
  const ra = a.rank as string;
  const rb = b.rank as string;
  if (ra !== rb) return ra < rb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** One task's new rank. */
export type RankChange = { id: string; rank: string };

/**
 * The ranks that put `movedId` at `index` of a column whose other cards, in the order the board shows
 * them (sortByRank), are `others` (the moved card not among them). Only the moved card changes, unless
 * a neighbour forces more: the cards without a rank before the drop point (they sort after every card
 * with one, so they get keys too, in their order), and cards tied with the lower neighbour (same key)
 * that must stay after the moved card. Never renumbers the cards after the first key above the drop.
 */
export function placeInColumn(
  others: readonly Pick<Task, 'id' | 'rank'>[],
  movedId: string,
  index: number,
): RankChange[] {
  const at = Math.max(0, Math.min(Math.trunc(index), others.length));
  const order: { id: string; rank: string | undefined }[] = others.map((task) => ({
    id: task.id,
    rank: rankOf(task),
  }));
  order.splice(at, 0, { id: movedId, rank: undefined });
  // The first card to key: back over the cards without a rank, which must come before the moved one.
  let start = at;
  while (start > 0 && order[start - 1]!.rank === undefined) start--;
  const low = start > 0 ? order[start - 1]!.rank! : null;
  // The first card to keep after the moved one: past any card tied with (or below) the lower key.
  let end = at + 1;
  while (end < order.length && low !== null && order[end]!.rank !== undefined && order[end]!.rank! <= low) {
    end++;
  }
  const next = order[end]?.rank;
  const high = next === undefined ? null : next;
  const keys = generateNKeysBetween(low, high, end - start);
  return order.slice(start, end).map((task, offset) => ({ id: task.id, rank: keys[offset]! }));
}
