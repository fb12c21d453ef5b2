'use client';

import { useId, useState } from 'react';
import type { Project } from '@/features/projects/model/project';
import { moveTaskToProject } from './move-task';
import { MOVE_TASK_TEXTS } from './move-task-dialog';
import { useMoveTargets } from './move-targets';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import type { Task } from '@/features/tasks/model/task-types';
import { FIELD_INPUT, TEXT_LINK } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** The field's texts: those of the card menu's move (./move-task-dialog.tsx). */
export const PROJECT_FIELD_TEXTS = MOVE_TASK_TEXTS;

/**
 * The task view's `Project` (team sync): the task's project, and for whoever may move it out (its
 * members and managers, or its owner where they see only their own) a choice among the projects
 * they may add tasks to; after a move, a line under it says where the task went, with `Undo` (the
 * view is modal: a toast outside it could not be reached). The server checks both sides again.
 */
export function ProjectField({ task }: { task: Task }) {
  const { current, targets, mayMove } = useMoveTargets(task);
  const id = useId();
  const [moved, setMoved] = useState<{ from: Project; to: Project; back: boolean } | null>(null);
  const team = useTeamSyncOn();
  // By default, with General alone, the view stays as it was before projects.
  if (!current || (!team && targets.length < 2 && current.id === GENERAL_PROJECT.id)) return null;
  if (!mayMove) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{PROJECT_FIELD_TEXTS.label}</p>
        <p className="py-2.5 text-base text-slate-900">{current.name}</p>
      </div>
    );
  }
  return (
    <FieldFrame inputId={id} label={PROJECT_FIELD_TEXTS.label}>
      <select
        id={id}
        className={FIELD_INPUT}
        value={current.id}
        onChange={(event) => {
          const to = targets.find((project) => project.id === event.target.value);
          if (to && to.id !== current.id && moveTaskToProject(task, to))
            setMoved({ from: current, to, back: false });
        }}
      >
        {targets.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name} ({project.key})
          </option>
        ))}
      </select>
      <p role="status" className="flex min-h-6 flex-wrap items-center gap-x-2 text-sm text-slate-700">
        {moved ? (
          <>
            {moved.back
              ? PROJECT_FIELD_TEXTS.movedBack(moved.from.name)
              : PROJECT_FIELD_TEXTS.moved(moved.to.name)}
            {moved.back ? null : (
              <button
                type="button"
                className={TEXT_LINK}
                onClick={() => {
                  if (moveTaskToProject(task, moved.from)) setMoved({ ...moved, back: true });
                }}
              >
                {UNDO_LABEL}
              </button>
            )}
          </>
        ) : null}
      </p>
    </FieldFrame>
  );
}
