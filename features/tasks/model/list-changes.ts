import type { Task } from './task-types';

/**
 * What a command changed between two task lists, by object identity (a command copies the tasks it
 * changes and keeps the others): the indexes in `next` of objects `prev` did not hold, and the
 * objects of `prev` that `next` no longer holds. A task moved within the list shows in neither.
 */
export interface ListChanges {
  /** Indexes in `next`, ascending. */
  added: number[];
  removed: Task[];
}

/**
 * `ListChanges` in time proportional to the list's length in pointer comparisons, with no set or map
 * built when the lists are the same length (a command that changes tasks in place: every edit, a
 * drag) or one longer or shorter (an add at the end, a delete, an undo). Other shapes (an import, a
 * pull) fall back to a set of the older list. The answer may be shared with other callers: read it,
 * never change it.
 */
export function listChanges(prev: readonly Task[], next: readonly Task[]): ListChanges {
  if (prev === next) return { added: [], removed: [] };
  // A command's write asks several times in one turn (its own steps, team sync's record, the store).
  if (memo?.prev === prev && memo.next === next) return memo.changes;
  const changes = compare(prev, next);
  memo = { prev, next, changes };
  return changes;
}

/** The last answer (lists are replaced, never changed in place, so the same pair has the same answer). */
let memo: { prev: readonly Task[]; next: readonly Task[]; changes: ListChanges } | null = null;

function compare(prev: readonly Task[], next: readonly Task[]): ListChanges {
  const diff = next.length - prev.length;
  if (diff === 0) {
    const added: number[] = [];
    const replaced: Task[] = [];
    for (let index = 0; index < next.length; index++) {
      if (next[index] === prev[index]) continue;
      added.push(index);
      replaced.push(prev[index]!);
    }
    if (added.length <= 2 || added.length * 8 < next.length) return settle(next, added, replaced);
    return bySet(prev, next);
  }
  if (Math.abs(diff) === 1) {
    // One insertion or removal at most, plus edits: the lists align before and after the gap.
    let head = 0;
    const shorter = Math.min(prev.length, next.length);
    while (head < shorter && prev[head] === next[head]) head++;
    let tail = 0;
    while (tail < shorter - head && prev[prev.length - 1 - tail] === next[next.length - 1 - tail]) {
      tail++;
    }
    const added: number[] = [];
    for (let index = head; index < next.length - tail; index++) added.push(index);
    const replaced = prev.slice(head, prev.length - tail);
    if (added.length + replaced.length <= 4) return settle(next, added, replaced);
  }
  return bySet(prev, next);
}

/** Drops from `replaced` the objects still present among the `added` ones (a task moved). */
function settle(next: readonly Task[], added: number[], replaced: Task[]): ListChanges {
  if (replaced.length === 0) return { added, removed: [] };
  const stillThere = new Set(added.map((index) => next[index]));
  const removed = replaced.filter((task) => !stillThere.has(task));
  const removedSet = new Set(replaced);
  return { added: added.filter((index) => !removedSet.has(next[index]!)), removed };
}

function bySet(prev: readonly Task[], next: readonly Task[]): ListChanges {
  const before = new Set(prev);
  const after = new Set(next);
  const added: number[] = [];
  next.forEach((task, index) => {
    if (!before.has(task)) added.push(index);
  });
  return { added, removed: prev.filter((task) => !after.has(task)) };
}
