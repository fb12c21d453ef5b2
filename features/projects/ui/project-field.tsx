'use client';

import { useId, useMemo, useState } from 'react';
import type { Project } from '@/features/projects/model/project';
import { moveTaskToProject, undoMove, type WrittenMove } from './move-task';
import { MOVE_TASK_TEXTS, projectOption } from './move-task-dialog';
import { useMoveTargets } from './move-targets';
import { AssigneeQuestion, assigneeToAsk, useAssigneeQuestion } from './move-assignee';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import type { Task } from '@/features/tasks/model/task-types';
import { useSelfAssignee } from '@/features/tasks/ui/assignee-picker';
import { Button } from '@/shared/ui/button';
import { FIELD_INPUT, TEXT_LINK } from '@/shared/ui/styles';
import { FieldFrame } from '@/shared/ui/text-field';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { toast } from 'sonner';

/** The field's texts: those of the card menu's move (./move-task-dialog.tsx). */
export const PROJECT_FIELD_TEXTS = { ...MOVE_TASK_TEXTS, cancel: 'Cancel' } as const;

type Moved = { from: Project; to: Project; move: WrittenMove; back: boolean };

/**
 * The task view's `Project` (team sync): the task's project, and for whoever may move it out (its
 * members and managers, or its owner where they see only their own) a choice among the projects
 * they may add tasks to. Choosing one moves the task at once, unless its assignee would not see it
 * there: then the view says so and asks (`Move` or `Cancel`, with `Assign it to me instead`). After
 * a move, a line under it says where the task went, with `Undo` (the view is modal: a toast outside
 * it could not be reached). The server checks both sides again.
 */
export function ProjectField({ task }: { task: Task }) {
  const { current, targets, mayMove } = useMoveTargets(task);
  const id = useId();
  const [moved, setMoved] = useState<Moved | null>(null);
  const [asking, setAsking] = useState<Project | null>(null);
  const team = useTeamSyncOn();
  const selfId = useSelfAssignee().id;
  const tasks = useMemo(() => [task], [task]);
  const question = useAssigneeQuestion(tasks, asking ?? undefined, (to) => move(to, undefined));

  function move(to: Project, assignTo = question.assignTo) {
    setAsking(null);
    if (!current || to.id === current.id) return;
    const written = moveTaskToProject(task, to, { assignTo });
    if (written && 'refused' in written) toast.error(written.refused);
    else if (written) setMoved({ from: current, to, move: written, back: false });
  }

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
        value={asking?.id ?? current.id}
        onChange={(event) => {
          const to = targets.find((project) => project.id === event.target.value);
          if (!to || to.id === current.id) setAsking(null);
          else if (assigneeToAsk(task, to, selfId, team)) setAsking(to);
          else move(to, undefined);
        }}
      >
        {targets.map((project) => (
          <option key={project.id} value={project.id}>
            {projectOption(targets, project.id)}
          </option>
        ))}
      </select>
      {asking && question.sight.status !== 'fine' ? (
        <div className="rounded-lg border border-slate-200 p-3">
          <AssigneeQuestion question={question} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="primary"
              disabled={question.sight.status === 'checking'}
              onClick={() => move(asking)}
            >
              {PROJECT_FIELD_TEXTS.confirm}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {PROJECT_FIELD_TEXTS.cancel}
            </Button>
          </div>
        </div>
      ) : null}
      <MovedLine
        moved={moved}
        onUndo={() => moved && undoMove(moved.move) && setMoved({ ...moved, back: true })}
      />
    </FieldFrame>
  );
}

/** Under the field: where the task went, with `Undo`; then where Undo put it back. */
function MovedLine({ moved, onUndo }: { moved: Moved | null; onUndo: () => void }) {
  return (
    <p role="status" className="flex min-h-6 flex-wrap items-center gap-x-2 text-sm text-slate-700">
      {moved ? (
        <>
          {moved.back
            ? PROJECT_FIELD_TEXTS.movedBack(moved.from.name)
            : PROJECT_FIELD_TEXTS.moved(moved.to.name)}
          {moved.back ? null : (
            <button type="button" className={TEXT_LINK} onClick={onUndo}>
              {UNDO_LABEL}
            </button>
          )}
        </>
      ) : null}
    </p>
  );
}
