import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/shared/cn';
import { FIELD_INPUT } from './styles';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The ids tying a control to its hint and error (aria-describedby). */
function fieldAria(inputId: string, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return {
    hintId,
    errorId,
    control: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': cn(hintId, errorId) || undefined,
    },
  };
}

/** Label above, the control, then its hint and error: shared by every kind of field. */
export function FieldFrame({
  inputId,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { inputId: string; className?: string; children: ReactNode }) {
  const { hintId, errorId } = fieldAria(inputId, { hint, error });
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled input; its hint and error are tied to it with aria-describedby. `trailing` is a control
 * drawn inside the input's right edge (the password field's show/hide button).
 */
export function TextField({
  label,
  error,
  hint,
  className,
  id,
  trailing,
  ...inputProps
}: FieldProps & Omit<ComponentProps<'input'>, 'children'> & { trailing?: ReactNode }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const input = (
    <input
      id={inputId}
      className={cn(FIELD_INPUT, trailing ? 'pr-12' : undefined)}
      {...fieldAria(inputId, { hint, error }).control}
      {...inputProps}
    />
  );
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} className={className}>
      {trailing ? (
        <div className="relative">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
