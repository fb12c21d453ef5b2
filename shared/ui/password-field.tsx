'use client';

import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { cn } from '@/shared/cn';
import { FOCUS_RING } from './styles';
import { TextField, type FieldProps } from './text-field';

/** A password input with a show/hide toggle that screen readers can operate. */
export function PasswordField({
  label,
  id,
  ...props
}: FieldProps & Omit<ComponentProps<'input'>, 'type' | 'children'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      id={inputId}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={inputId}
          className={cn(
            'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800',
            FOCUS_RING,
          )}
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
          {/* Visible-text name, not aria-label: getByLabel('Password') must find only the input. */}
          <span className="sr-only">
            {visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          </span>
        </button>
      }
    />
  );
}
