'use client';

import { inlineFilesAsText } from '@/shared/format/inline-files';
import { memo, type ReactNode } from 'react';
import { cn } from '@/shared/cn';
import { useToday } from '@/shared/hooks/use-today';
import { getBoardColumn } from '@/features/tasks/model/board';
import { getRelativeDue, type RelativeDueTone } from '@/features/tasks/model/deadlines';
import {
  isUnassigned,
  UNASSIGNED_LABEL,
  UNKNOWN_ASSIGNEE,
  type Task,
} from '@/features/tasks/model/task-types';
import { InitialsAvatar } from '@/shared/ui/avatar';
import { useIsTaskAuthor } from './assignee-picker';
import { ChecklistBadge } from './checklist-badge';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import { TaskLabelChips } from './label-chips';
import { PRIORITY_LOOK } from './priority';
import { TaskCardMenu } from './task-card-menu';

/**
 * A board card (docs/product.md#board): title, description (two lines at most; the task view shows all of
 * it), its labels (docs/product.md#labels), 'Deadline: {date}' with how near it is, coloured by priority
 * and said in text. Long words and addresses wrap anywhere rather than widen the card. Memoised: a drag
 * redraws every card's sortable wrapper at each step, not its body (issue 38).
 */
export const TaskCardBody = memo(function TaskCardBody({ task, titleId }: { task: Task; titleId?: string }) {
  const look = PRIORITY_LOOK[task.priority];
  const { AttachmentCount, AttachmentCover, CommentCount, TaskKey } = useTaskSlots();
  return (
    <>
      <AttachmentCover task={task} />
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold wrap-anywhere text-slate-900">
          {task.title}
        </h3>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
            look.badge,
          )}
        >
          {task.priority} priority
        </span>
      </div>
      {task.description ? (
        <p className="mt-1 line-clamp-2 text-sm wrap-anywhere whitespace-pre-line text-slate-700">
          {inlineFilesAsText(task.description)}
        </p>
      ) : null}
      <TaskLabelChips task={task} className="mt-2" plain />
      <CardDeadline task={task} />
      <div className="flex flex-wrap items-baseline gap-x-3">
        <TaskKey task={task} className="mt-1" />
        <ChecklistBadge task={task} className="mt-1" />
        <CommentCount task={task} className="mt-1" />
        <AttachmentCount task={task} className="mt-1" />
      </div>
    </>
  );
});

const DUE_TONE: Record<RelativeDueTone, string> = {
  overdue: 'bg-red-100 text-red-800 ring-red-200',
  today: 'bg-amber-100 text-amber-900 ring-amber-300',
  upcoming: 'bg-white/60 text-slate-700 ring-slate-300',
};

/**
 * 'Deadline: {date}' and, unless the task sits in Completed, how near it is ('Overdue 2 days' in the danger
 * colour, 'Today', 'Tomorrow', 'In 3 days'; features/tasks/model/deadlines.ts). No deadline: no line at all.
 */
function CardDeadline({ task }: { task: Task }) {
  const today = useToday();
  if (!task.deadline.trim()) return null;
  const due =
    today !== null && getBoardColumn(task) !== 'Completed' ? getRelativeDue(task.deadline, today) : null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-slate-600">
      <span>Deadline: {task.deadline}</span>
      {due ? (
        <>
          {' '}
          <span
            className={cn('rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset', DUE_TONE[due.tone])}
          >
            {due.text}
          </span>
        </>
      ) : null}
    </p>
  );
}

export function taskCardClasses(task: Task): string {
  return cn('rounded-xl border border-l-4 border-slate-200 p-3 shadow-sm', PRIORITY_LOOK[task.priority].card);
}

/**
 * A board card's footer with team sync on: the assignee's initials and 'Assigned to {name}'
 * ('Unassigned' for a task bound to nobody), other controls (the replaced-values marker), and for the
 * task's author the card's 'Task actions' menu with 'Reassign' (docs/product.md#assignees). Outside the
 * card's drag handle, so none of it starts a drag. `titleId`: the card title's id.
 */
export function BoardCardAssignee({
  task,
  titleId,
  children,
}: {
  task: Task;
  titleId: string;
  /** Other controls of the card's footer, before the menu. */
  children?: ReactNode;
}) {
  const isAuthor = useIsTaskAuthor(task);
  const unassigned = isUnassigned(task);
  // A synced task pushed without the field (a script, another version) shows as the reader's default.
  const assignee = typeof task.assignedTo === 'string' ? task.assignedTo : UNKNOWN_ASSIGNEE;
  return (
    <div className="mt-2 flex items-center justify-between gap-2">
      <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-slate-600">
        {unassigned ? null : <InitialsAvatar name={assignee} className="size-6 text-[0.625rem]" />}
        <span className="min-w-0 wrap-anywhere">
          {unassigned ? UNASSIGNED_LABEL : `Assigned to ${assignee}`}
        </span>
      </p>
      <div className="flex shrink-0 items-center gap-2">
        {children}
        <TaskCardMenu task={task} titleId={titleId} isAuthor={isAuthor} />
      </div>
    </div>
  );
}

/**
 * An assignable card's footer: `BoardCardAssignee` with the replaced-values marker, which gives focus
 * back to `focusId` (the card's handle) when it leaves. Memoised as the body is: a drag's steps do not
 * redraw it.
 */
export const BoardCardFooter = memo(function BoardCardFooter({
  task,
  titleId,
  focusId,
}: {
  task: Task;
  titleId: string;
  focusId: string;
}) {
  const { ConflictMarker } = useTaskSlots();
  return (
    <BoardCardAssignee task={task} titleId={titleId}>
      <ConflictMarker task={task} returnFocus={() => document.getElementById(focusId)} />
    </BoardCardAssignee>
  );
});
