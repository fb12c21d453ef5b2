'use client';

import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Project } from '@/features/projects/model/project';
import { columnIdOf } from '@/features/tasks/model/board-layout';
import type { Task } from '@/features/tasks/model/task-types';
import { UNDO_LABEL } from '@/shared/ui/undo-label';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { SelectField } from '@/shared/ui/select-field';
import { AssigneeQuestion, useAssigneeQuestion } from './move-assignee';
import { useMoveTargets } from './move-targets';

export const MOVE_TASK_TEXTS = {
  item: 'Move to project',
  title: 'Move task',
  confirm: 'Move',
  label: 'Project',
  column: 'Column',
  moved: (name: string) => `Moved to ${name}.`,
  movedBack: (name: string) => `Moved back to ${name}.`,
} as const;

type Choice = { projectId: string; columnId: string | undefined };

/** A project as the move's choices name it: `{name} ({KEY})`. */
export function projectOption(projects: readonly Project[], id: string): string {
  const project = projects.find((item) => item.id === id);
  return project ? `${project.name} (${project.key})` : id;
}

/** The column a task shows in on `project`'s board: where the dialog's `Column` starts. */
function shownColumn(task: Task, project: Project | undefined): string | undefined {
  return project ? columnIdOf(task, project.columns) : undefined;
}

/**
 * The card menu's `Move to project` (docs/product.md#projects): a dialog with the task's title,
 * `Project` and `Column` (the target board's, starting where the task would show there), and the
 * question about an assignee who would not see it there; then `Move`. A toast says where it went,
 * with `Undo` (the dialog is closed by then). `available` is false when the person may not move it.
 * The dialog's parts mount only while it is open: every card of a board holds this hook.
 */
export function useMoveTaskDialog(task: Task, returnFocus?: () => HTMLElement | null | undefined) {
  const { current, targets, mayMove } = useMoveTargets(task);
  const [open, setOpen] = useState(false);
  return {
    available: mayMove,
    label: MOVE_TASK_TEXTS.item,
    open: () => setOpen(true),
    dialog:
      open && current ? (
        <MoveTaskDialog
          task={task}
          current={current}
          targets={targets}
          onClose={() => setOpen(false)}
          returnFocus={returnFocus}
        />
      ) : null,
  };
}

function MoveTaskDialog({
  task,
  current,
  targets,
  onClose,
  returnFocus,
}: {
  task: Task;
  current: Project;
  targets: readonly Project[];
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [choice, setChoice] = useState<Choice>({
    projectId: current.id,
    columnId: shownColumn(task, current),
  });
  const to = targets.find((project) => project.id === choice.projectId);
  const tasks = useMemo(() => [task], [task]);
  const question = useAssigneeQuestion(tasks, to);

  function move() {
    if (question.sight.status === 'checking') return;
    const { assignTo } = question;
    onClose();
    if (!to) return;
    const columnId = choice.columnId;
    if (to.id === current.id && columnId === shownColumn(task, current)) return;
    const said = to.id === current.id ? to.columns.find((column) => column.id === columnId)?.name : to.name;
    // The task commands are fetched on use: every workspace page carries this menu's code.
    void import('./move-task').then(({ moveTaskToProject, undoMove }) => {
      const written = moveTaskToProject(task, to, { columnId, assignTo });
      if (!written) return;
      if ('refused' in written) {
        toast.error(written.refused);
        return;
      }
      toast.success(MOVE_TASK_TEXTS.moved(said ?? to.name), {
        action: {
          label: UNDO_LABEL,
          onClick: () => {
            if (undoMove(written)) toast.success(MOVE_TASK_TEXTS.movedBack(current.name));
          },
        },
      });
    });
  }

  return (
    <ConfirmDialog
      open
      title={MOVE_TASK_TEXTS.title}
      confirmLabel={MOVE_TASK_TEXTS.confirm}
      confirmVariant="primary"
      busy={question.sight.status === 'checking'}
      onConfirm={move}
      onCancel={onClose}
      returnFocus={returnFocus}
    >
      <p className="font-medium text-slate-900">{task.title}</p>
      <MoveChoices
        targets={targets}
        to={to}
        projectId={choice.projectId}
        columnId={choice.columnId}
        onProject={(projectId) =>
          setChoice({
            projectId,
            columnId: shownColumn(
              task,
              targets.find((item) => item.id === projectId),
            ),
          })
        }
        onColumn={(columnId) => setChoice({ ...choice, columnId })}
      />
      <AssigneeQuestion question={question} />
    </ConfirmDialog>
  );
}

/**
 * A move's `Project` and `Column` (the columns of the project chosen). `anyColumn`: the text of a
 * first choice `''` that leaves each task where its progress puts it (a selection's move).
 */
export function MoveChoices({
  targets,
  to,
  projectId,
  columnId,
  onProject,
  onColumn,
  anyColumn,
}: {
  targets: readonly Project[];
  to: Project | undefined;
  projectId: string;
  columnId: string | undefined;
  onProject: (projectId: string) => void;
  onColumn: (columnId: string) => void;
  anyColumn?: string;
}) {
  const columnIds = to ? to.columns.map((column) => column.id) : [];
  return (
    <>
      <SelectField
        className="mt-3"
        label={MOVE_TASK_TEXTS.label}
        options={targets.map((project) => project.id)}
        optionText={(id) => projectOption(targets, id)}
        value={projectId}
        onChange={onProject}
      />
      {to && columnId !== undefined ? (
        <SelectField
          className="mt-3"
          label={MOVE_TASK_TEXTS.column}
          options={anyColumn === undefined ? columnIds : ['', ...columnIds]}
          optionText={(id) =>
            id === '' && anyColumn !== undefined
              ? anyColumn
              : (to.columns.find((column) => column.id === id)?.name ?? id)
          }
          value={columnId}
          onChange={onColumn}
        />
      ) : null}
    </>
  );
}
