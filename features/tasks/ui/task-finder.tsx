'use client';

import { useCallback, useId, useRef, useState, type RefObject } from 'react';
import { cn } from '@/shared/cn';
import type { TaskFinder } from '@/features/tasks/ui/use-task-finder';
import { TASK_SEARCH_MAX_LENGTH, formatMatchCount } from '@/features/tasks/model/task-filter';
import { Button } from '@/shared/ui/button';
import { COMPACT_FIELD, FinderFilters, labelOptionsFor } from './task-finder-filters';
import { useLabelSet } from './use-labels';

export const NO_TASKS_MATCH = 'No tasks match your search and filters.';

/**
 * The task finder above the board and the Create Tasks grid (docs/product.md#finding-tasks): 'Search
 * tasks', the 'Priority' radio group, 'Due', (on Create Tasks) 'Column', once labels exist 'Label'
 * (docs/product.md#labels), and 'Has files' (docs/product.md#files-on-tasks), in one row; 'Clear filters'
 * and the count of matches, announced politely, once the list is narrowed. The search shows with a
 * 'Filters' button that opens the rest (open at first when filters are set), so the board does not move
 * far down the page and, closed, the page holds no form control beyond the spec's own (a second select
 * or a 'Priority' field beside the new-task form's would make "the select" or "Priority" ambiguous).
 * The priority choice is a radio group whose options avoid the word 'priority' for the same reason.
 */
export function TaskFinderBar({
  finder,
  columns,
  searchRef,
  onReset,
}: {
  finder: TaskFinder;
  columns: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  onReset: () => void;
}) {
  const id = useId();
  const { filter, change } = finder;
  const labels = useLabelSet();
  const chosen = [
    filter.priority,
    filter.due,
    columns ? filter.column : null,
    filter.label,
    filter.hasFiles,
  ].filter(Boolean).length;
  // 'Label' shows once there are labels, or when the address names one (deleted, or not loaded yet).
  const labelOptions = labelOptionsFor(labels, filter.label);
  // Open at first when the address brought filters, so they are not hidden.
  const [open, setOpen] = useState(chosen > 0);
  return (
    <div role="search" aria-label="Find tasks" className="mb-4 flex flex-wrap items-center gap-2">
      <div className="flex min-w-0 flex-[1_1_14rem] gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search tasks
        </label>
        <input
          ref={searchRef}
          id={`${id}-q`}
          type="search"
          value={filter.q}
          placeholder="Search tasks"
          maxLength={TASK_SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => change({ q: event.target.value }, { typing: true })}
          className={cn(COMPACT_FIELD, 'block w-full min-w-0')}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen(!open)}
        >
          Filters{chosen > 0 ? ` (${chosen})` : ''}
        </Button>
      </div>
      {/* Not rendered while closed: the page then holds no form control beyond the spec's own. */}
      <div id={`${id}-filters`} hidden={!open} className="flex flex-wrap items-center gap-2">
        {open ? <FinderFilters finder={finder} columns={columns} labelOptions={labelOptions} /> : null}
      </div>
      <MatchCount finder={finder} onReset={onReset} />
    </div>
  );
}

/**
 * The count of matches, announced politely, and 'Clear filters'. Out of the flow while empty (no gap
 * for it), but always there: a live region must exist before it speaks.
 */
function MatchCount({ finder, onReset }: { finder: TaskFinder; onReset: () => void }) {
  return (
    <div className={finder.active ? 'flex items-center gap-2' : 'sr-only'}>
      <p aria-live="polite" aria-atomic="true" className="text-sm font-medium text-slate-700 tabular-nums">
        {finder.active ? formatMatchCount(finder.matches.length, finder.total) : ''}
      </p>
      {finder.active ? (
        <Button variant="ghost" size="sm" onClick={onReset}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Clearing every filter, then focus on 'Search tasks': the button pressed ('Clear filters', 'Show all
 * tasks') disappears with the filters, and focus must not fall back to the page's start.
 */
export function useFinderReset(reset: () => void) {
  const searchRef = useRef<HTMLInputElement>(null);
  const resetAndFocus = useCallback(() => {
    reset();
    searchRef.current?.focus();
  }, [reset]);
  return { searchRef, resetAndFocus };
}

/** In place of the list when the finder leaves nothing: says so, with a button that clears every filter. */
export function NoTasksMatch({ onReset }: { onReset: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <p className="text-slate-600">{NO_TASKS_MATCH}</p>
      <Button variant="secondary" className="mt-4" onClick={onReset}>
        Show all tasks
      </Button>
    </div>
  );
}
