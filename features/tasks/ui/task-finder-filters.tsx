'use client';

import { useId } from 'react';
import { cn } from '@/shared/cn';
import type { TaskFinder } from '@/features/tasks/ui/use-task-finder';
import type { Label } from '@/features/tasks/model/labels';
import type { DueFilter } from '@/features/tasks/model/task-filter';
import { BOARD_COLUMNS, TASK_PRIORITIES, type TaskPriority } from '@/features/tasks/model/task-types';
import { SegmentedChoice } from '@/shared/ui/segmented-choice';
import { FIELD_LOOK } from '@/shared/ui/styles';

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

/** The finder's filters behind its 'Filters' button: 'Priority', 'Due', 'Column' and 'Label'. */
export function FinderFilters({
  finder: { filter, change },
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
        value={filter.priority ?? ''}
        onChange={(priority) => change({ priority: priority || null })}
      />
      <FilterSelect
        label="Due"
        any="Any due date"
        options={DUE_OPTIONS}
        value={filter.due}
        onChange={(due) => change({ due })}
      />
      {columns ? (
        <FilterSelect
          label="Column"
          any="Any column"
          options={COLUMN_OPTIONS}
          value={filter.column}
          onChange={(column) => change({ column })}
        />
      ) : null}
      {labelOptions.length > 0 ? (
        <FilterSelect
          label="Label"
          any="Any label"
          options={labelOptions}
          value={filter.label}
          onChange={(label) => change({ label })}
        />
      ) : null}
    </>
  );
}

/** A list whose first option, `any` (the empty value), is "no filter"; its label is for screen readers. */
function FilterSelect<T extends string>({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  any: string;
  options: readonly (readonly [T, string])[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as T | null)}
        className={cn(COMPACT_FIELD, 'max-w-full')}
      >
        <option value="">{any}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}
