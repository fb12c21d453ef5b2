import { useId } from 'react';
import { FieldFrame } from './text-field';
import { FIELD_INPUT } from './styles';

/** A labelled choice among fixed options, each shown as its own value or as `optionText` says. */
export function SelectField<T extends string>(props: {
  label: string;
  options: readonly T[];
  optionText?: (option: T) => string;
  value: T;
  onChange: (value: T) => void;
  name?: string;
  className?: string;
  /** A line under the select, tied to it (aria-describedby). */
  hint?: string;
  disabled?: boolean;
}) {
  const selectId = useId();
  return (
    <FieldFrame inputId={selectId} label={props.label} className={props.className} hint={props.hint}>
      <select
        id={selectId}
        name={props.name}
        className={FIELD_INPUT}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${selectId}-hint` : undefined}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.optionText ? props.optionText(option) : option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
