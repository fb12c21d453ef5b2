'use client';

import { useId, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import {
  LABEL_COLORS,
  LABEL_COLOR_NAMES,
  LABEL_NAME_MAX_LENGTH,
  type LabelColor,
} from '@/features/tasks/model/labels';
import { FormAlert } from '@/shared/ui/form-alert';
import { FieldFrame, TextField } from '@/shared/ui/text-field';
import { FIELD_INPUT } from '@/shared/ui/styles';
import type { LabelCommandResult } from './use-labels';

/** The palette as a list, by colour name. */
function ColourSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: LabelColor;
  onChange: (color: LabelColor) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <FieldFrame inputId={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as LabelColor)}
        className={FIELD_INPUT}
      >
        {LABEL_COLORS.map((color) => (
          <option key={color} value={color}>
            {LABEL_COLOR_NAMES[color]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type Errors = { name?: string; color?: string; form?: string };

function errorsOf(result: LabelCommandResult): Errors {
  if (result.ok || result.message === '') return {};
  if (result.field === 'name') return { name: result.message };
  if (result.field === 'color') return { color: result.message };
  return { form: result.message };
}

export type LabelValues = { name: string; color: LabelColor };

/**
 * A label's name and colour as one form: the new label's and a row's edit. `submit` answers what
 * the command answered; on success `clearName` empties the name (the next new label).
 */
export function LabelForm({
  formName,
  fieldNames,
  initial,
  submit,
  nameRef,
  clearName = false,
  children,
}: {
  formName: string;
  fieldNames: { name: string; color: string };
  initial: LabelValues;
  submit: (values: LabelValues) => Promise<LabelCommandResult>;
  nameRef: RefObject<HTMLInputElement | null>;
  clearName?: boolean;
  /** The buttons, after the fields. */
  children: ReactNode;
}) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<LabelColor>(initial.color);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await submit({ name, color });
    setBusy(false);
    setErrors(errorsOf(result));
    if (result.ok && clearName) setName('');
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={formName}
      aria-busy={busy}
      // The colour select is as wide as its longest name (never clipped to "Blu"); the name takes the rest.
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_max-content_auto] sm:items-start"
    >
      <TextField
        ref={nameRef}
        label={fieldNames.name}
        autoComplete="off"
        maxLength={LABEL_NAME_MAX_LENGTH * 2}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <ColourSelect label={fieldNames.color} value={color} onChange={setColor} error={errors.color} />
      <div className="flex gap-2 sm:mt-7">{children}</div>
      {errors.form ? (
        <FormAlert tone="error" className="sm:col-span-3">
          {errors.form}
        </FormAlert>
      ) : null}
    </form>
  );
}
