import { useId } from 'react';

/**
 * A select without a visible label (a toolbar's filter, a table cell's choice): its label is for
 * screen readers, what is around it says the rest. `options` are [value, text] pairs in order.
 */
export function CompactSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  disabled,
  describedBy,
  className,
}: {
  /** The select's id, when something else points at it; otherwise one is made. */
  id?: string;
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The id of a line that says more (why it is disabled). */
  describedBy?: string;
  className: string;
}) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <>
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        disabled={disabled}
        aria-describedby={describedBy}
        className={className}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </>
  );
}
