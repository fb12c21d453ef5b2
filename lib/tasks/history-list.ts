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

/**
 * The first page read again: a whole history (no `next`) replaces what is shown. Otherwise its new
 * entries go on top when it reaches back to what is shown, and the older pages already read stay;
 * when it does not (more new entries than one page), the list starts again from that page, so no
 * gap is ever shown.
 */
export function mergeNewest<E extends { id: string }>(list: HistoryList<E>, first: Page<E>): HistoryList<E> {
  const shown = new Set(list.entries.map((entry) => entry.id));
  if (first.next === null || !first.entries.some((entry) => shown.has(entry.id))) {
    return { entries: [...first.entries], next: first.next, complete: first.complete };
  }
  const fresh = first.entries.filter((entry) => !shown.has(entry.id));
  return { entries: [...fresh, ...list.entries], next: list.next, complete: list.complete };
}
