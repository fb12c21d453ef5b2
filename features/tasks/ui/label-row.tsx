'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { LABEL_COLOR_NAMES, type Label, type LabelPatch } from '@/features/tasks/model/labels';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { LabelChip } from './label-chips';
import { LabelForm, type LabelValues } from './label-form';
import type { LabelCommandResult, LabelsApi } from './use-labels';

/** What a row needs of useLabels(). */
type RowCommands = Pick<LabelsApi, 'update' | 'remove'>;

/** One label: its chip and colour, `Edit` (the row becomes the form) and `Delete` (asked first). */
export function LabelRow({
  label,
  manager,
  onDeleted,
}: {
  label: Label;
  manager: RowCommands;
  onDeleted: () => void;
}) {
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

function EditLabelForm({
  label,
  manager,
  onDone,
}: {
  label: Label;
  manager: RowCommands;
  onDone: () => void;
}) {
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
