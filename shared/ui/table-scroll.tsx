'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/shared/cn';
import { FOCUS_RING } from '@/shared/ui/styles';
import { TABLE_HEAD_CELL, TABLE_SCROLL } from './table-styles';

/**
 * Holds a table that may be wider than the screen (360 px): it scrolls sideways inside this box, not
 * the page. Focusable, so keyboard users can scroll it too; a group (not a region) so the landmarks
 * stay the page's sections. While some columns are out of view, a line above says so: a cut-off
 * table does not show that more of it is there.
 */
export function TableScroll({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [clipped, setClipped] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setClipped(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      {clipped ? (
        <p className="pb-1 text-xs text-slate-600">Scroll the table sideways to see every column.</p>
      ) : null}
      <div
        ref={boxRef}
        id={id}
        role="group"
        aria-label={label}
        tabIndex={0}
        className={cn(TABLE_SCROLL, FOCUS_RING)}
      >
        {children}
      </div>
    </>
  );
}

/** A table's header row: one column header per label, in order. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={TABLE_HEAD_CELL}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
