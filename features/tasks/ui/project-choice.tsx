'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import type { Task } from '@/features/tasks/model/task-types';
import { cn } from '@/shared/cn';
import { CompactSelect } from '@/shared/ui/compact-select';
import { COMPACT_FIELD } from './task-finder-filters';
import { useTaskSlots } from './task-slots';

/**
 * The overviews' `Project` choice (docs/product.md#projects): the calendar, Notifications, the
 * Create Tasks grid and Manage Tasks show every project's tasks, or one project's. The choice is a
 * project's key in the address (`?in=OPS`), so a link keeps it. Without projects, or with General
 * alone, there is nothing to choose and nothing is filtered.
 */

/** The address parameter holding the chosen project's key. */
export const PROJECT_CHOICE_PARAM = 'in';

export const PROJECT_CHOICE_TEXTS = { label: 'Filter by project', all: 'All projects' } as const;

export interface ProjectChoice {
  /** The chosen project's key; null: all. */
  choice: string | null;
  /** Whether a task is in the chosen project (every task when none is chosen). */
  keep: (task: Task) => boolean;
  /** The select, or null when there is nothing to choose. */
  select: React.ReactNode;
}

const everyTask = () => true;

export function useProjectChoice(className?: string): ProjectChoice {
  const { options, keyOf } = useTaskSlots().useProjectFilter();
  const fromAddress = useSearchParams()?.get(PROJECT_CHOICE_PARAM)?.trim().toUpperCase() ?? null;
  const [chosen, setChosen] = useState<string | null>(fromAddress || null);
  // A key no project of the list has (archived, gone, mistyped) chooses nothing.
  const choice = chosen !== null && options.some(([key]) => key === chosen) ? chosen : null;
  const change = useCallback((key: string) => {
    setChosen(key || null);
    const params = new URLSearchParams(window.location.search);
    if (key) params.set(PROJECT_CHOICE_PARAM, key);
    else params.delete(PROJECT_CHOICE_PARAM);
    const query = params.toString();
    const { pathname, hash } = window.location;
    window.history.replaceState(null, '', `${pathname}${query ? `?${query}` : ''}${hash}`);
  }, []);
  const keep = useMemo(
    () => (choice === null ? everyTask : (task: Task) => keyOf(task) === choice),
    [choice, keyOf],
  );
  const select =
    options.length === 0 ? null : (
      <CompactSelect<string>
        label={PROJECT_CHOICE_TEXTS.label}
        options={[['', PROJECT_CHOICE_TEXTS.all], ...options]}
        value={choice ?? ''}
        onChange={change}
        className={cn(COMPACT_FIELD, 'max-w-full', className)}
      />
    );
  return { choice, keep, select };
}
