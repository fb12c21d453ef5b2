'use client';

import { useId } from 'react';
import { cn } from '@/shared/cn';

/**
 * One choice among a few, drawn as a segmented switch: native radio buttons under the look, so Tab
 * reaches the chosen one, the arrow keys switch, and screen readers say 'radio, 1 of n' in the group
 * named `legend` (read by screen readers only).
 */
export function SegmentedChoice<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
  itemClassName = 'px-4',
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  /** The options' horizontal padding. */
  itemClassName?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {options.map((option) => (
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
                'inline-flex min-h-9 cursor-pointer items-center rounded-md text-sm font-semibold whitespace-nowrap tabular-nums transition-colors',
                itemClassName,
                // Chosen from the value, not `peer-checked:`, so a hover never pairs white text with a pale fill.
                value === option.value
                  ? 'bg-brand-600 text-white hover:bg-brand-700'
                  : 'text-slate-700 hover:bg-slate-100',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
