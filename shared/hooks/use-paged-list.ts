'use client';

import { useState } from 'react';

export type PagedList<T> = {
  /** The items rendered now: the first pages. */
  visible: readonly T[];
  /** How many are not rendered yet. */
  hidden: number;
  /** How many the next `showMore` adds. */
  next: number;
  showMore: () => void;
};

/** A long list rendered a page at a time (thousands of tasks still render fast), growing on request. */
export function usePagedList<T>(items: readonly T[], pageSize: number): PagedList<T> {
  const [shown, setShown] = useState(pageSize);
  const visible = items.length > shown ? items.slice(0, shown) : items;
  const hidden = items.length - visible.length;
  return {
    visible,
    hidden,
    next: Math.min(hidden, pageSize),
    showMore: () => setShown((count) => count + pageSize),
  };
}
