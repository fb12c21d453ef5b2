'use client';

import { Paperclip } from 'lucide-react';
import { cn } from '@/shared/cn';
import type { TaskFinder } from '@/features/tasks/ui/use-task-finder';
import type { Label } from '@/features/tasks/model/labels';
import type { DueFilter, TaskFilter } from '@/features/tasks/model/task-filter';
import { BOARD_COLUMNS, TASK_PRIORITIES, type TaskPriority } from '@/features/tasks/model/task-types';
import { CompactSelect } from '@/shared/ui/compact-select';
import { SegmentedChoice } from '@/shared/ui/segmented-choice';
import { FIELD_LOOK, FOCUS_RING } from '@/shared/ui/styles';

/** The due choices as the 'Due' list shows them (docs/product.md#finding-tasks). */
const DUE_OPTIONS: readonly (readonly [DueFilter, string])[] = [
  ['overdue', 'Overdue'],
  ['today', 'Today'],
  ['week', 'Next 7 days'],
  ['none', 'No date'],
];

const COLUMN_OPTIONS = BOARD_COLUMNS.map((column) => [column, column] as const);

/** 'Any' is the empty value, as in the URL. */
const PRIORITY_OPTIONS: { value: TaskPriority | ''; label: string }[] = [
  { value: '', label: 'Any' },
  ...TASK_PRIORITIES.map((priority) => ({ value: priority, label: priority })),
];

/** The 'Label' choice for an id the address names that the label set does not have. */
export const UNKNOWN_LABEL = 'Unknown label';

/** The checkbox that keeps only the tasks holding a file (docs/product.md#files-on-tasks). */
export const HAS_FILES = 'Has files';

/**
 * The fields are a little shorter than the forms' (a toolbar, not a form); the selects are as wide as
 * their longest option, so at 1280 px the whole finder sits in one row.
 */
export const COMPACT_FIELD = cn(FIELD_LOOK, 'py-2');

/**
 * The 'Label' list's options: the label set, and the label the address names when the set does not
 * have it (deleted, or not loaded yet). Empty: no 'Label' list.
 */
export function labelOptionsFor(
  labels: readonly Label[],
  chosen: string | null,
): (readonly [string, string])[] {
  const options: (readonly [string, string])[] = labels.map((label) => [label.id, label.name] as const);
  if (chosen && !labels.some((label) => label.id === chosen)) options.push([chosen, UNKNOWN_LABEL]);
  return options;
}

/** The finder's filters behind its 'Filters' button: 'Priority', 'Due', 'Column', 'Label' and 'Has files'. */
export function FinderFilters({
  finder,
  columns,
  labelOptions,
}: {
  finder: TaskFinder;
  columns: boolean;
  labelOptions: readonly (readonly [string, string])[];
}) {
  return (
    <>
      <SegmentedChoice
        legend="Priority"
        className="min-w-0"
        itemClassName="px-2.5"
        options={PRIORITY_OPTIONS}
        value={finder.filter.priority ?? ''}
        onChange={(priority) => finder.change({ priority: priority || null })}
      />
      <FilterSelect finder={finder} name="due" options={DUE_OPTIONS} />
      {columns ? <FilterSelect finder={finder} name="column" options={COLUMN_OPTIONS} /> : null}
      {labelOptions.length > 0 ? <FilterSelect finder={finder} name="label" options={labelOptions} /> : null}
      <HasFilesChoice finder={finder} />
    </>
  );
}

/**
 * 'Has files': a checkbox drawn with the cards' paperclip, named 'Has files' (read out, and shown on
 * hover); unchecked is "no filter". The paperclip alone, no word: with one (about 100 px more) the
 * finder no longer fits in one row at 1280 px on Create Tasks once labels exist.
 */
function HasFilesChoice({ finder: { filter, change } }: { finder: TaskFinder }) {
  return (
    <label
      title={HAS_FILES}
      className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 px-1 text-slate-700"
    >
      <input
        type="checkbox"
        checked={filter.hasFiles}
        onChange={(event) => change({ hasFiles: event.target.checked })}
        className={cn('size-4 accent-brand-600', FOCUS_RING)}
      />
      <Paperclip className="size-4" aria-hidden="true" />
      <span className="sr-only">{HAS_FILES}</span>
    </label>
  );
}

/** The lists' labels (for screen readers) and their first option, the empty value: "no filter". */
const FILTER_SELECTS = {
  due: { label: 'Due', any: 'Any due date' },
  column: { label: 'Column', any: 'Any column' },
  label: { label: 'Label', any: 'Any label' },
} as const;

/** One of the finder's lists: its first option, `any` (the empty value), is "no filter". */
function FilterSelect<K extends keyof typeof FILTER_SELECTS>({
  finder: { filter, change },
  name,
  options,
}: {
  finder: TaskFinder;
  name: K;
  options: readonly (readonly [NonNullable<TaskFilter[K]>, string])[];
}) {
  const { label, any } = FILTER_SELECTS[name];
  return (
    <CompactSelect<NonNullable<TaskFilter[K]> | ''>
      label={label}
      options={[['', any], ...options]}
      value={filter[name] ?? ''}
      // A computed key widens to the union of the filter's fields: `name` and the value's type agree.
      onChange={(value) => change({ [name]: value || null } as Partial<TaskFilter>)}
      className={cn(COMPACT_FIELD, 'max-w-full')}
    />
  );
}
