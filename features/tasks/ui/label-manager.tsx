'use client';

import { useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { DEFAULT_LABEL_COLOR, LABELS_MAX_COUNT } from '@/features/tasks/model/labels';
import { Button } from '@/shared/ui/button';
import { LabelForm, type LabelValues } from './label-form';
import { LabelRow } from './label-row';
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

/** `New label`: a created label is announced and the name field empties for the next one. */
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
