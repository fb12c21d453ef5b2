/** Rows per page in the admin tables: a list of 10,000 users renders as fast as one of 50. */
export const ADMIN_PAGE_SIZE = 50;

export type PageSlice<T> = {
  /** The rows of this page. */
  rows: T[];
  /** 1-based page number, clamped to the pages that exist. */
  page: number;
  /** At least 1, so an empty table still reads 'Page 1 of 1'. */
  pageCount: number;
  /** The 1-based number of the first row on this page (row numbers continue across pages). */
  firstRowNumber: number;
};

/** One page of `items`; a page number out of range (after deletions, say) is clamped. */
export function paginate<T>(items: readonly T[], page: number, pageSize = ADMIN_PAGE_SIZE): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const wanted = Number.isFinite(page) ? Math.floor(page) : 1;
  const current = Math.min(pageCount, Math.max(1, wanted));
  const start = (current - 1) * size;
  return { rows: items.slice(start, start + size), page: current, pageCount, firstRowNumber: start + 1 };
}
