'use client';

import { useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '@/shared/cn';
import { paginate } from '@/shared/ui/pagination';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { completeTask } from '@/features/tasks/client/task-commands';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
import { getAdminTaskStatus, splitTasksByCompletion } from '@/features/tasks/model/admin-status';
import type { Task } from '@/features/tasks/model/task-types';
import { deleteTaskWithUndo } from '@/features/tasks/ui/delete-task';
import { ConflictMarker } from '@/features/sync/ui/conflict-marker';
import { OlderCompletedSlot } from '@/features/sync/ui/older-completed-slot';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { CommentCount } from '@/features/comments/ui/comment-count';
import { TaskLabelChips } from '@/features/tasks/ui/label-chips';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { PaginationBar } from '@/shared/ui/pagination-bar';
import { StatusBadge } from './status-badge';
import { TableHead, TableScroll } from '@/shared/ui/table-scroll';
import { EMAIL_WRAP, NOWRAP, TABLE, TABLE_ACTIONS, TABLE_CELL } from '@/shared/ui/table-styles';
import { TaskLink } from '@/features/tasks/ui/task-view/task-link';
import { useProjectChoice } from '@/features/tasks/ui/project-choice';

readTasksAhead();

/**
 * Manage Tasks (docs/product.md#manage-tasks): 'Pending Tasks' (progress below 100) with
 * '✅ Mark as Completed' and '❌ Delete', and 'Completed Tasks' (progress 100). The browser's task list
 * is the data, never the server (docs/product.md#overview); writes go through the task commands, so
 * the member board and other tabs follow.
 */
export function ManageTasks() {
  const all = useLocalStore(tasksStore);
  // With projects, one project's tasks or every project's.
  const project = useProjectChoice();
  const { choice, keep } = project;
  const { pending, completed } = useMemo(
    () => splitTasksByCompletion(choice === null ? all : all.filter(keep)),
    [all, choice, keep],
  );
  const [toDelete, setToDelete] = useState<Task | null>(null);
  const teamSync = useTeamSyncOn();
  const headingId = useId();
  const focusHeading = () => document.getElementById(headingId);

  function markCompleted(task: Task) {
    if (saveSafely(() => completeTask(task.id))) {
      toast.success(`"${task.title}" marked as completed.`);
      // Its row (and the button that had focus) has moved to 'Completed Tasks'.
      document.getElementById(headingId)?.focus();
    }
  }

  function confirmDelete() {
    if (!toDelete) return;
    const { id, title } = toDelete;
    deleteTaskWithUndo(id, { type: 'success', message: `"${title}" deleted.` });
    setToDelete(null);
  }

  return (
    <>
      <h1 id={headingId} tabIndex={-1} className="pb-4 text-2xl font-bold text-brand-900 focus:outline-none">
        Manage Tasks
      </h1>
      {project.select ? <div className="pb-4">{project.select}</div> : null}
      <div className="space-y-8">
        <TaskTable
          title="Pending Tasks"
          emptyText="No pending tasks"
          tasks={pending}
          onComplete={markCompleted}
          onDelete={setToDelete}
          returnFocus={focusHeading}
        />
        <div>
          <TaskTable
            title="Completed Tasks"
            emptyText="No completed tasks"
            tasks={completed}
            returnFocus={focusHeading}
          />
          {teamSync ? <OlderCompletedSlot className="mt-3" /> : null}
        </div>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete task?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        returnFocus={() => document.getElementById(headingId)}
      >
        {toDelete ? <p>&ldquo;{toDelete.title}&rdquo; will be removed.</p> : null}
      </ConfirmDialog>
    </>
  );
}

/** Manage Tasks' columns; 'Actions' for the pending table only (docs/product.md#manage-tasks). */
const TASK_COLUMNS = ['Title', 'Email', 'Priority', 'Deadline'] as const;
const PENDING_COLUMNS = [...TASK_COLUMNS, 'Actions'] as const;

function TaskTable({
  title,
  emptyText,
  tasks,
  onComplete,
  onDelete,
  returnFocus,
}: {
  title: string;
  emptyText: string;
  tasks: readonly Task[];
  /** Given for the pending table only: it alone has Actions. */
  onComplete?: (task: Task) => void;
  onDelete?: (task: Task) => void;
  /** Where focus goes when a row's conflict marker leaves (team sync). */
  returnFocus?: () => HTMLElement | null;
}) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const slice = paginate(tasks, page);
  const withActions = Boolean(onComplete && onDelete);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="pb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {tasks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
          {emptyText}
        </p>
      ) : (
        <>
          <TableScroll label={`${title} table`}>
            <table
              className={cn(TABLE, withActions ? 'min-w-[46rem]' : 'min-w-[32rem]')}
              aria-labelledby={headingId}
            >
              <TableHead columns={withActions ? PENDING_COLUMNS : TASK_COLUMNS} />
              <tbody>
                {slice.rows.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    onComplete={onComplete && (() => onComplete(task))}
                    onDelete={onDelete && (() => onDelete(task))}
                    returnFocus={returnFocus}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <PaginationBar
            label={`${title} pages`}
            page={slice.page}
            pageCount={slice.pageCount}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function TaskRow({
  task,
  onComplete,
  onDelete,
  returnFocus,
}: {
  task: Task;
  onComplete?: () => void;
  onDelete?: () => void;
  returnFocus?: () => HTMLElement | null;
}) {
  const titleId = useId();
  return (
    <tr>
      <th scope="row" id={titleId} className={cn(TABLE_CELL, 'max-w-xs text-left font-medium')}>
        <TaskLink task={task}>{task.title}</TaskLink>
        <ConflictMarker task={task} className="ml-2 align-middle" returnFocus={returnFocus} />
        <TaskLabelChips task={task} className="mt-1 font-normal" />
        {onComplete ? (
          <>
            {' '}
            <StatusBadge status={getAdminTaskStatus(task)} />
          </>
        ) : null}
        <CommentCount task={task} className="mt-1 ml-2 align-middle font-normal" />
      </th>
      <td className={cn(TABLE_CELL, EMAIL_WRAP)}>{task.email || '—'}</td>
      <td className={cn(TABLE_CELL, NOWRAP)}>{task.priority}</td>
      <td className={cn(TABLE_CELL, NOWRAP, 'tabular-nums')}>{task.deadline || '—'}</td>
      {onComplete && onDelete ? (
        <td className={TABLE_CELL}>
          <div className={TABLE_ACTIONS}>
            <Button variant="secondary" size="sm" onClick={onComplete} aria-describedby={titleId}>
              ✅ Mark as Completed
            </Button>
            <Button variant="danger" size="sm" onClick={onDelete} aria-describedby={titleId}>
              ❌ Delete
            </Button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
