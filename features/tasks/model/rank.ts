import { generateNKeysBetween } from 'fractional-indexing';
import { rankOf } from './rank-key';
import type { Task } from './task-types';

/**
 * Order within a board column (docs/product.md#board, docs/decisions/0039-order-within-a-column.md):
 * a task's `rank` is a fractional-index key (the `fractional-indexing` library's default alphabet,
 * keys such as `a0`, `a0V`, `Zz`), compared as plain strings (code units, never the locale). A move
 * gives the moved card one new key between its new neighbours; no other card is renumbered, except
 * the cards that never had a key and must now sort before it (see placeInColumn).
 */

export { isRankKey, RANK_MAX_LENGTH, rankOf, sortByRank } from './rank-key';

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
