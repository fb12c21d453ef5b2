import type { Task } from './task-types';

/**
 * Reading and sorting by `rank` (features/tasks/model/rank.ts): apart from rank.ts so that reading tasks and
 * ordering the board (features/tasks/model/task-read.ts, features/tasks/model/board.ts, on every page) do not load the
 * fractional-indexing library, which only a move needs.
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
