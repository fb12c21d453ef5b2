/**
 * The task view's list of history entries (docs/product.md#task-history): pages appended as
 * `Show older` reads them, and the first page read again when the task changes. Pure.
 */

export interface HistoryList<E extends { id: string }> {
  /** Newest first, each id once. */
  entries: E[];
  /** The `before` of the next older page; null once the last page is read. */
  next: string | null;
  /** False when the server said the oldest records were purged. */
  complete: boolean;
}

interface Page<E> {
  entries: E[];
  next: string | null;
  complete: boolean;
}

/** An older page after what is shown (an entry already shown is not shown twice). */
export function appendOlder<E extends { id: string }>(list: HistoryList<E>, page: Page<E>): HistoryList<E> {
  const seen = new Set(list.entries.map((entry) => entry.id));
  return {
    entries: [...list.entries, ...page.entries.filter((entry) => !seen.has(entry.id))],
    next: page.next,
    complete: page.complete,
  };
}

/** Whether `a` comes after `b` in the list (older): time, then id, as the server orders them. */
const olderThan = (a: Ordered, b: Ordered) => a.at < b.at || (a.at === b.at && a.id < b.id);

interface Ordered {
  id: string;
  /** ISO time, as the server sends it (so strings compare as times). */
  at: string;
}

/**
 * The first page read again: a whole history (no `next`) replaces what is shown. Otherwise, when it
 * reaches back to what is shown, it replaces the part of the list it covers and the older pages
 * already read stay: an entry it lists again shows as it is now (a run of changes that grew reads
 * "0 → 80" where it read "0 → 60", in one place), and one it no longer lists is gone (a run that came
 * back to where it started). When it does not reach back (more new entries than one page), the list
 * starts again from that page, so no gap is ever shown.
 */
export function mergeNewest<E extends Ordered>(list: HistoryList<E>, first: Page<E>): HistoryList<E> {
  const shown = new Set(list.entries.map((entry) => entry.id));
  const last = first.entries.at(-1);
  if (first.next === null || !last || !first.entries.some((entry) => shown.has(entry.id))) {
    return { entries: [...first.entries], next: first.next, complete: first.complete };
  }
  const fresh = new Set(first.entries.map((entry) => entry.id));
  const older = list.entries.filter((entry) => !fresh.has(entry.id) && olderThan(entry, last));
  return { entries: [...first.entries, ...older], next: list.next, complete: list.complete };
}
