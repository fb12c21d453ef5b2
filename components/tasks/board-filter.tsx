'use client';

import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { BoardFilter } from '@/lib/tasks/board-filter';

const OPTIONS: { value: BoardFilter; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'all', label: 'All' },
];

/**
 * 'Mine / All' above the member board, team sync on only (docs/product.md#board-filter). Native radio
 * buttons under the segmented look, so Tab reaches the chosen one and the arrow keys switch, as in any
 * radio group, and screen readers say 'radio, 1 of 2'.
 */
export function BoardFilterControl({
  value,
  counts,
  onChange,
}: {
  value: BoardFilter;
  counts: Record<BoardFilter, number>;
  onChange: (value: BoardFilter) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Tasks on the board</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {OPTIONS.map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'inline-flex min-h-9 cursor-pointer items-center rounded-md px-4 text-sm font-semibold tabular-nums transition-colors',
                // Chosen from the value, not `peer-checked:`, so a hover never pairs white text with a pale fill.
                value === option.value
                  ? 'bg-brand-600 text-white hover:bg-brand-700'
                  : 'text-slate-700 hover:bg-slate-100',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              )}
            >
              {option.label} ({counts[option.value]})
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
