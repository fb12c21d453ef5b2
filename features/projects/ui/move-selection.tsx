'use client';

import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useProjects } from '@/features/projects/client/projects-store';
import { projectById } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import type { Task } from '@/features/tasks/model/task-types';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import { AssigneeQuestion, useAssigneeQuestion } from './move-assignee';
import { moveTasksToProject, undoMoves } from './move-task';
import { MOVE_TASK_TEXTS, MoveChoices } from './move-task-dialog';
import { mayMoveOut, moveTargets } from './move-targets';

const tasksText = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

export const MOVE_SELECTION_TEXTS = {
  button: MOVE_TASK_TEXTS.item,
  title: (count: number) => `Move ${tasksText(count)}`,
  byProgress: 'Where each task’s progress puts it',
  notMovable: (count: number, of: number) =>
    count === of
      ? 'You may not move these tasks: only their owner, or a member of their project, may.'
      : count === 1
        ? 'You may not move 1 of them: it stays where it is.'
        : `You may not move ${count} of them: they stay where they are.`,
  moved: (count: number, name: string) => `Moved ${tasksText(count)} to ${name}.`,
  movedBack: (count: number) => `Moved ${tasksText(count)} back.`,
} as const;

type Choice = { projectId: string; columnId: string };

/**
 * The selection's `Move to project` (docs/product.md#projects): a dialog `Move {n} tasks` with
 * `Project` and `Column` (`Where each task’s progress puts it`, or one column of the target board),
 * the assignee question for all of them, then `Move`: the tasks the person may move go, in one write
 * with one Undo; the others stay, as the dialog says. `onMoved`: told once they went.
 */
export function MoveSelectionButton({ tasks, onMoved }: { tasks: readonly Task[]; onMoved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={tasks.length === 0}>
        {MOVE_SELECTION_TEXTS.button}
      </Button>
      {open ? <MoveSelectionDialog tasks={tasks} onMoved={onMoved} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The tasks of `tasks` the person may move out of their projects. */
function useMovable(tasks: readonly Task[]) {
  const projects = useProjects(useTeamSyncOn());
  const email = useLocalStore(userStore)?.email;
  const movable = useMemo(
    () =>
      tasks.filter((task) =>
        mayMoveOut(projectById(projects, task.projectId), Boolean(email) && task.email === email),
      ),
    [tasks, projects, email],
  );
  return { targets: moveTargets(projects), movable };
}

function MoveSelectionDialog({
  tasks,
  onMoved,
  onClose,
}: {
  tasks: readonly Task[];
  onMoved: () => void;
  onClose: () => void;
}) {
  const { targets, movable } = useMovable(tasks);
  // The first project not all of them are in already.
  const [choice, setChoice] = useState<Choice>(() => {
    const first = targets.find((project) =>
      tasks.some((task) => (task.projectId ?? GENERAL_PROJECT.id) !== project.id),
    );
    return { projectId: (first ?? targets[0])?.id ?? GENERAL_PROJECT.id, columnId: '' };
  });
  const to = targets.find((project) => project.id === choice.projectId);
  // Into the project they are in, without a column, a task does not move.
  const moving = useMemo(
    () =>
      to
        ? movable.filter((task) => choice.columnId !== '' || (task.projectId ?? GENERAL_PROJECT.id) !== to.id)
        : [],
    [movable, to, choice],
  );
  const question = useAssigneeQuestion(moving, to);

  function move() {
    if (question.sight.status === 'checking') return;
    const { assignTo, reassign } = question;
    onClose();
    if (!to || moving.length === 0) return;
    const written = moveTasksToProject(moving, to, {
      columnId: choice.columnId || undefined,
      assignTo,
      reassign,
    });
    if (!written) return;
    onMoved();
    if (written.refusal !== null) toast.error(written.refusal);
    const { moves } = written;
    if (moves.length === 0) return;
    toast.success(MOVE_SELECTION_TEXTS.moved(moves.length, to.name), {
      action: {
        label: UNDO_LABEL,
        onClick: () => {
          if (undoMoves(moves)) toast.success(MOVE_SELECTION_TEXTS.movedBack(moves.length));
        },
      },
    });
  }

  return (
    <ConfirmDialog
      open
      title={MOVE_SELECTION_TEXTS.title(tasks.length)}
      confirmLabel={MOVE_TASK_TEXTS.confirm}
      confirmVariant="primary"
      busy={question.sight.status === 'checking'}
      onConfirm={move}
      onCancel={onClose}
    >
      {tasks.length > movable.length ? (
        <p className="text-slate-800">
          {MOVE_SELECTION_TEXTS.notMovable(tasks.length - movable.length, tasks.length)}
        </p>
      ) : null}
      <MoveChoices
        targets={targets}
        to={to}
        projectId={choice.projectId}
        columnId={choice.columnId}
        onProject={(projectId) => setChoice({ projectId, columnId: '' })}
        onColumn={(columnId) => setChoice({ ...choice, columnId })}
        anyColumn={MOVE_SELECTION_TEXTS.byProgress}
      />
      <AssigneeQuestion question={question} />
    </ConfirmDialog>
  );
}
