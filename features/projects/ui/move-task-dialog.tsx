'use client';

import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Project } from '@/features/projects/model/project';
import type { Task } from '@/features/tasks/model/task-types';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FIELD_INPUT } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { useMoveTargets } from './move-targets';

export const MOVE_TASK_TEXTS = {
  item: 'Move to project',
  title: 'Move task',
  confirm: 'Move',
  label: 'Project',
  moved: (name: string) => `Moved to ${name}.`,
  movedBack: (name: string) => `Moved back to ${name}.`,
} as const;

/**
 * The card menu's `Move to project` (docs/product.md#projects): a dialog with the task's title and
 * `Project`, then `Move`; a toast says where it went, with `Undo` (the dialog is closed by then).
 * `available` is false when the person may not move the task.
 */
export function useMoveTaskDialog(task: Task, returnFocus?: () => HTMLElement | null | undefined) {
  const { current, targets, mayMove } = useMoveTargets(task);
  const [choice, setChoice] = useState<string | null>(null);

  function move() {
    const to = targets.find((project) => project.id === choice);
    setChoice(null);
    if (!current || !to || to.id === current.id) return;
    // The task commands are fetched on use: every workspace page carries this menu's code.
    void import('./move-task').then(({ moveTaskToProject }) => {
      if (!moveTaskToProject(task, to)) return;
      toast.success(MOVE_TASK_TEXTS.moved(to.name), {
        action: {
          label: UNDO_LABEL,
          onClick: () => {
            if (moveTaskToProject(task, current)) toast.success(MOVE_TASK_TEXTS.movedBack(current.name));
          },
        },
      });
    });
  }

  return {
    available: mayMove,
    label: MOVE_TASK_TEXTS.item,
    open: () => setChoice(current?.id ?? null),
    dialog: (
      <ConfirmDialog
        open={choice !== null}
        title={MOVE_TASK_TEXTS.title}
        confirmLabel={MOVE_TASK_TEXTS.confirm}
        confirmVariant="primary"
        onConfirm={move}
        onCancel={() => setChoice(null)}
        returnFocus={returnFocus}
      >
        <p className="font-medium text-slate-900">{task.title}</p>
        {choice !== null ? (
          <ProjectChoice className="mt-3" projects={targets} value={choice} onChange={setChoice} />
        ) : null}
      </ConfirmDialog>
    ),
  };
}

function ProjectChoice({
  projects,
  value,
  onChange,
  className,
}: {
  projects: readonly Project[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <FieldFrame inputId={id} label={MOVE_TASK_TEXTS.label} className={className}>
      <select
        id={id}
        className={FIELD_INPUT}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name} ({project.key})
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
