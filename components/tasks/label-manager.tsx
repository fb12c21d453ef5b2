'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_LABEL_COLOR,
  LABEL_COLORS,
  LABEL_COLOR_NAMES,
  LABEL_NAME_MAX_LENGTH,
  LABELS_MAX_COUNT,
  type Label,
  type LabelColor,
  type LabelPatch,
} from '@/lib/tasks/labels';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldFrame, TextField } from '@/components/ui/text-field';
import { FIELD_INPUT } from '@/components/ui/styles';
import { LabelChip } from './label-chips';
import type { LabelCommandResult, LabelsApi } from './use-labels';

/** What the manager needs of useLabels(). */
type Manager = Pick<LabelsApi, 'labels' | 'team' | 'create' | 'update' | 'remove'>;

/**
 * Creating, renaming, recolouring and deleting labels (docs/product.md#labels): the task view's
 * 'Manage labels' (the browser's own set, or the team's for an admin) and Admin Settings' 'Labels'
 * block. Deleting asks first, in the row (it may sit inside the task view's dialog).
 */
export function LabelManager({ manager }: { manager: Manager }) {
  const listName = manager.team ? 'Team labels' : 'Your labels';
  // A deleted label's row goes with its buttons: focus moves to the new label's name.
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-4">
      <NewLabelForm manager={manager} nameRef={nameRef} />
      <p className="text-sm text-slate-600">
        {manager.labels.length} of {LABELS_MAX_COUNT} labels.
      </p>
      {manager.labels.length === 0 ? (
        <p className="text-sm text-slate-600">No labels yet.</p>
      ) : (
        <ul aria-label={listName} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {manager.labels.map((label) => (
            <LabelRow
              key={label.id}
              label={label}
              manager={manager}
              onDeleted={() => nameRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

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

type LabelValues = { name: string; color: LabelColor };

/**
 * A label's name and colour as one form: the new label's and a row's edit. `submit` answers what
 * the command answered; on success `clearName` empties the name (the next new label).
 */
function LabelForm({
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

function NewLabelForm({
  manager,
  nameRef,
}: {
  manager: Manager;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  async function create(values: LabelValues): Promise<LabelCommandResult> {
    const result = await manager.create(values);
    if (result.ok) toast.success(`Label "${result.label?.name ?? values.name.trim()}" created.`);
    return result;
  }
  return (
    <LabelForm
      formName="New label"
      fieldNames={{ name: 'Label name', color: 'Colour' }}
      initial={{ name: '', color: DEFAULT_LABEL_COLOR }}
      submit={create}
      nameRef={nameRef}
      clearName
    >
      <Button type="submit">Add label</Button>
    </LabelForm>
  );
}

/** One label: its chip and colour, `Edit` (the row becomes the form) and `Delete` (asked first). */
function LabelRow({ label, manager, onDeleted }: { label: Label; manager: Manager; onDeleted: () => void }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  /** Back from editing or from the delete question: focus returns to the row's Edit button. */
  const refocus = useRef(false);

  useEffect(() => {
    if (mode === 'delete') keepRef.current?.focus();
    if (mode === 'view' && refocus.current) {
      refocus.current = false;
      editRef.current?.focus();
    }
  }, [mode]);

  function backToView() {
    refocus.current = true;
    setMode('view');
  }

  async function confirmDelete() {
    setBusy(true);
    const result = await manager.remove(label.id);
    setBusy(false);
    if (!result.ok) {
      setProblem(result.message || null);
      return;
    }
    toast.success(`Label "${label.name}" deleted.`);
    onDeleted();
  }

  if (mode === 'edit') {
    return (
      <li className="p-3">
        <EditLabelForm label={label} manager={manager} onDone={backToView} />
      </li>
    );
  }
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <LabelChip label={label} />
          <span className="text-xs text-slate-600">{LABEL_COLOR_NAMES[label.color]}</span>
        </span>
        {mode === 'view' ? (
          <RowButtons
            label={label}
            editRef={editRef}
            onEdit={() => setMode('edit')}
            onDelete={() => {
              setProblem(null);
              setMode('delete');
            }}
          />
        ) : null}
      </div>
      {mode === 'delete' ? (
        <DeleteQuestion
          label={label}
          busy={busy}
          keepRef={keepRef}
          onDelete={() => void confirmDelete()}
          onKeep={backToView}
        />
      ) : null}
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
    </li>
  );
}

/** The row's `Edit` and `Delete`, named with the label for screen readers. */
function RowButtons({
  label,
  editRef,
  onEdit,
  onDelete,
}: {
  label: Label;
  editRef: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="flex gap-2">
      <Button
        ref={editRef}
        variant="secondary"
        size="sm"
        aria-label={`Edit label ${label.name}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button variant="danger" size="sm" aria-label={`Delete label ${label.name}`} onClick={onDelete}>
        Delete
      </Button>
    </span>
  );
}

/** The row's question before a delete: `Delete label`, or `Keep` (which has the focus). */
function DeleteQuestion({
  label,
  busy,
  keepRef,
  onDelete,
  onKeep,
}: {
  label: Label;
  busy: boolean;
  keepRef: RefObject<HTMLButtonElement | null>;
  onDelete: () => void;
  onKeep: () => void;
}) {
  return (
    <div role="group" aria-label={`Delete label ${label.name}?`} className="space-y-2">
      <p className="text-sm text-slate-800">
        Delete &ldquo;{label.name}&rdquo;? It disappears from every task that has it.
      </p>
      <div className="flex gap-2">
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
          Delete label
        </Button>
        <Button ref={keepRef} variant="secondary" size="sm" onClick={onKeep}>
          Keep
        </Button>
      </div>
    </div>
  );
}

function EditLabelForm({ label, manager, onDone }: { label: Label; manager: Manager; onDone: () => void }) {
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  async function save(values: LabelValues): Promise<LabelCommandResult> {
    const patch: LabelPatch = {};
    if (values.name !== label.name) patch.name = values.name;
    if (values.color !== label.color) patch.color = values.color;
    const changed = Object.keys(patch).length > 0;
    const result = changed ? await manager.update(label.id, patch) : { ok: true as const };
    if (!result.ok) return result;
    if (changed) toast.success('Label saved.');
    onDone();
    return result;
  }

  return (
    <LabelForm
      formName={`Edit label ${label.name}`}
      fieldNames={{ name: 'New name', color: 'New colour' }}
      initial={label}
      submit={save}
      nameRef={nameRef}
    >
      <Button type="submit">Save</Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </LabelForm>
  );
}
