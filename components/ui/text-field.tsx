import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_INPUT } from './styles';

export interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The ids tying a control to its hint and error (aria-describedby). */
export function fieldAria(inputId: string, { hint, error }: Pick<FieldProps, 'hint' | 'error'>) {
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

/** A labelled input; its hint and error are tied to it with aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  className,
  id,
  ...inputProps
}: FieldProps & Omit<ComponentProps<'input'>, 'children'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        id={inputId}
        className={FIELD_INPUT}
        {...fieldAria(inputId, { hint, error }).control}
        {...inputProps}
      />
    </FieldFrame>
  );
}
