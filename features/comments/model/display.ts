/**
 * How the task view shows a thread (docs/product.md#comments): pure, so the rules are unit-tested.
 */
import type { TaskComment } from './protocol';

function byTimeThenId(a: TaskComment, b: TaskComment): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The thread with `incoming` comments in it: one may be new, edited or deleted since, or come again
 * (the server's `since` overlaps): each replaces the one with its id. Oldest first, ties by id, as
 * the server orders a thread.
 */
export function mergeComments(
  thread: readonly TaskComment[],
  incoming: readonly TaskComment[],
): TaskComment[] {
  if (incoming.length === 0) return thread as TaskComment[];
  const byId = new Map(thread.map((comment) => [comment.id, comment]));
  for (const comment of incoming) byId.set(comment.id, comment);
  return [...byId.values()].sort(byTimeThenId);
}

/** What a card says of its comments, read aloud (it shows the number beside an icon). */
export function commentCountLabel(count: number): string {
  return `${count} comment${count === 1 ? '' : 's'}`;
}
