'use client';

import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useProjects } from '@/features/projects/client/projects-store';
import { projectById, type Project } from '@/features/projects/model/project';
import { GENERAL_PROJECT } from '@/features/projects/model/project-key';
import type { Task } from '@/features/tasks/model/task-types';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userStore } from '@/shared/session/session';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { SelectField } from '@/shared/ui/select-field';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import { AssigneeQuestion, useAssigneeQuestion } from './move-assignee';
import { moveTasksToProject, undoMoves } from './move-task';
import { MOVE_TASK_TEXTS, projectOption } from './move-task-dialog';
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
  const projects = useProjects(useTeamSyncOn());
  const targets = moveTargets(projects);
  const email = useLocalStore(userStore)?.email;
  const [choice, setChoice] = useState<Choice | null>(null);
  const movable = useMemo(
    () =>
      tasks.filter((task) =>
        mayMoveOut(projectById(projects, task.projectId), Boolean(email) && task.email === email),
      ),
    [tasks, projects, email],
  );
  const to = targets.find((project) => project.id === choice?.projectId);
  // Into the project they are in, without a column, a task does not move.
  const moving = useMemo(
    () =>
      to && choice
        ? movable.filter((task) => choice.columnId !== '' || (task.projectId ?? GENERAL_PROJECT.id) !== to.id)
        : [],
    [movable, to, choice],
  );
  const question = useAssigneeQuestion(moving, to);

  function move() {
    if (question.sight.status === 'checking') return;
    const { assignTo, reassign } = question;
    setChoice(null);
    if (!to || !choice || moving.length === 0) return;
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

  const start = () => {
    const first = targets.find((project) =>
      tasks.some((task) => (task.projectId ?? GENERAL_PROJECT.id) !== project.id),
    );
    setChoice({ projectId: (first ?? targets[0])!.id, columnId: '' });
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={start} disabled={tasks.length === 0}>
        {MOVE_SELECTION_TEXTS.button}
      </Button>
      <ConfirmDialog
        open={choice !== null}
        title={MOVE_SELECTION_TEXTS.title(tasks.length)}
        confirmLabel={MOVE_TASK_TEXTS.confirm}
        confirmVariant="primary"
        busy={question.sight.status === 'checking'}
        onConfirm={move}
        onCancel={() => setChoice(null)}
      >
        {tasks.length > movable.length ? (
          <p className="text-slate-800">
            {MOVE_SELECTION_TEXTS.notMovable(tasks.length - movable.length, tasks.length)}
          </p>
        ) : null}
        {choice !== null ? (
          <MoveChoices targets={targets} to={to} choice={choice} onChange={setChoice} />
        ) : null}
        <AssigneeQuestion question={question} />
      </ConfirmDialog>
    </>
  );
}

function MoveChoices({
  targets,
  to,
  choice,
  onChange,
}: {
  targets: readonly Project[];
  to: Project | undefined;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  return (
    <>
      <SelectField
        className="mt-3"
        label={MOVE_TASK_TEXTS.label}
        options={targets.map((project) => project.id)}
        optionText={(id) => projectOption(targets, id)}
        value={choice.projectId}
        onChange={(projectId) => onChange({ projectId, columnId: '' })}
      />
      {to ? (
        <SelectField
          className="mt-3"
          label={MOVE_TASK_TEXTS.column}
          options={['', ...to.columns.map((column) => column.id)]}
          optionText={(id) =>
            id === ''
              ? MOVE_SELECTION_TEXTS.byProgress
              : (to.columns.find((column) => column.id === id)?.name ?? id)
          }
          value={choice.columnId}
          onChange={(columnId) => onChange({ ...choice, columnId })}
        />
      ) : null}
    </>
  );
}
