'use client';

import { useId, useState } from 'react';
import { activeProjects, projectById, type Project } from '@/features/projects/model/project';
import { useProjects } from '@/features/projects/client/projects-store';
import { changeOneTask } from '@/features/tasks/client/task-commands';
import { useIsTaskAuthor } from '@/features/tasks/ui/assignee-picker';
import { UNDO_LABEL } from '@/features/tasks/ui/delete-task';
import type { Task } from '@/features/tasks/model/task-types';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { FIELD_INPUT, TEXT_LINK } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';

export const PROJECT_FIELD_TEXTS = {
  label: 'Project',
  moved: (name: string) => `Moved to ${name}.`,
  movedBack: (name: string) => `Moved back to ${name}.`,
} as const;

/**
 * Puts the task in `project` (docs/product.md#projects): its title, description, checklist, labels,
 * comments and history go with it; its number is the server's to give in the new project, so the
 * old one is dropped here until the next pull brings it. False when the browser refused the write.
 */
export function moveTaskToProject(task: Pick<Task, 'id'>, project: Project): boolean {
  return saveSafely(
    () =>
      void changeOneTask(task.id, (stored) => {
        const { number: _number, ...rest } = stored;
        return { ok: true, task: { ...rest, projectId: project.id } };
      }),
  );
}

/**
 * The task view's `Project` (team sync): the task's project, and for whoever may move it out (its
 * members and managers, or its owner where they see only their own) a choice among the projects
 * they may add tasks to; after a move, a line under it says where the task went, with `Undo` (the
 * view is modal: a toast outside it could not be reached). The server checks both sides again.
 */
export function ProjectField({ task }: { task: Task }) {
  const projects = useProjects(true);
  const isAuthor = useIsTaskAuthor(task);
  const id = useId();
  const [moved, setMoved] = useState<{ from: Project; to: Project; back: boolean } | null>(null);
  const current = projectById(projects, task.projectId);
  if (!current) return null;
  const targets = activeProjects(projects).filter((project) => project.role !== 'commenter');
  const mayMove =
    !current.archived &&
    (current.role === 'member' || current.role === 'manager' || (current.role === 'assigned' && isAuthor));
  if (!mayMove || targets.length < 2) {
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
