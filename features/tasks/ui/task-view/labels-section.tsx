'use client';

import { useId, useState, type ReactNode } from 'react';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { setTaskLabels } from '@/features/tasks/client/task-commands';
import { labelsOfTask, toggleLabelId } from '@/features/tasks/model/labels';
import type { Task } from '@/features/tasks/model/task-types';
import { Button } from '@/shared/ui/button';
import { LABEL_CHIP_LOOK, LabelChipList } from '../label-chips';
import { LabelManager } from '../label-manager';
import { useLabels } from '../use-labels';

/**
 * The task view's 'Labels' (docs/product.md#labels): the task's chips, 'Choose labels' (a checkbox
 * per label of the set, saved as it is ticked) and, for whoever may manage the set, 'Manage labels'
 * (the browser's own set; with team sync, the team's, for admins). Both open in place: the view is
 * a dialog already.
 */
export function LabelsSection({ task }: { task: Task }) {
  const api = useLabels();
  const headingId = useId();
  const pickerId = useId();
  const managerId = useId();
  const [picking, setPicking] = useState(false);
  const [managing, setManaging] = useState(false);
  const shown = labelsOfTask(task, api.labels);
  const chosen = task.labels ?? [];

  function toggle(id: string) {
    // Ids the set does not have (deleted, or not seen here yet) stay on the task: nothing shows them.
    saveSafely(() => setTaskLabels(task.id, toggleLabelId(chosen, id)));
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Labels
      </h3>
      {shown.length > 0 ? (
        <LabelChipList labels={shown} />
      ) : (
        <p className="text-sm text-slate-600">No labels on this task.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <DisclosureButton open={picking} controls={pickerId} onToggle={setPicking}>
          Choose labels
        </DisclosureButton>
        {api.canManage ? (
          <DisclosureButton open={managing} controls={managerId} onToggle={setManaging}>
            Manage labels
          </DisclosureButton>
        ) : null}
      </div>
      <div id={pickerId} hidden={!picking}>
        {picking ? (
          api.labels.length === 0 ? (
            <p className="text-sm text-slate-600">
              {api.canManage
                ? 'No labels yet. Create one under Manage labels.'
                : 'No labels yet. An administrator creates them in Admin Settings.'}
            </p>
          ) : (
            <fieldset>
              <legend className="sr-only">Labels of this task</legend>
              <ul className="flex flex-wrap gap-2">
                {api.labels.map((label) => (
                  <li key={label.id}>
                    <label
                      className={`inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full px-3 text-sm font-semibold ring-1 ring-inset ${LABEL_CHIP_LOOK[label.color]}`}
                    >
                      <input
                        type="checkbox"
                        checked={chosen.includes(label.id)}
                        onChange={() => toggle(label.id)}
                        className="size-4 accent-brand-600"
                      />
                      {label.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )
        ) : null}
      </div>
      {api.canManage ? (
        <div id={managerId} hidden={!managing} className="rounded-xl border border-slate-200 p-3">
          {managing ? <LabelManager manager={api} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/** A button that shows and hides the part `controls` names. */
function DisclosureButton({
  open,
  controls,
  onToggle,
  children,
}: {
  open: boolean;
  controls: string;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      {children}
    </Button>
  );
}
