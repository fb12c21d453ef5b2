'use client';

import { memo, useMemo } from 'react';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { useTaskFinder } from '@/features/tasks/ui/use-task-finder';
import { tasksStore } from '@/features/tasks/client/tasks';
import { assigneeName, type Task } from '@/features/tasks/model/task-types';
import { Button } from '@/shared/ui/button';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { deleteTaskWithUndo, TASK_REMOVED_TOAST } from './delete-task';
import { ReassignButton, useIsTaskAuthor } from './assignee-picker';
import { ChecklistBadge } from './checklist-badge';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import { TaskLabelChips } from './label-chips';
import { PRIORITY_LOOK } from './priority';
import { PROGRESS_FOLLOWS_CHECKLIST, ProgressSlider } from './progress-slider';
import { ShowMoreButton } from './show-more-button';
import { NoTasksMatch, TaskFinderBar, useFinderReset } from './task-finder';
import { useProjectChoice } from './project-choice';
import { TaskLink } from './task-view/task-link';

/** Cards rendered at first; more on request (a list of thousands stays quick). */
export const GRID_PAGE_SIZE = 60;

/**
 * The Create Tasks grid: every task with its progress slider and 'Delete Task'
 * (docs/product.md#create-tasks), narrowed by the task finder (docs/product.md#finding-tasks).
 */
export function TaskGrid() {
  const all = useLocalStore(tasksStore);
  // With projects, one project's tasks or every project's (before the finder, which counts them).
  const project = useProjectChoice('sm:w-auto');
  const { choice, keep } = project;
  const tasks = useMemo(() => (choice === null ? all : all.filter(keep)), [all, choice, keep]);
  const finder = useTaskFinder(tasks, { columns: true });
  const { searchRef, resetAndFocus } = useFinderReset(finder.reset);

  if (all.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
        No tasks created yet. Start by adding a task!
      </p>
    );
  }
  return (
    <>
      {project.select ? <div className="pb-3">{project.select}</div> : null}
      <TaskFinderBar finder={finder} columns searchRef={searchRef} onReset={resetAndFocus} />
      {finder.matches.length === 0 ? (
        <NoTasksMatch onReset={resetAndFocus} />
      ) : (
        <TaskGridCards tasks={finder.matches} />
      )}
    </>
  );
}

/** The cards, a page at a time; memoised so a keystroke in 'Search tasks' does not redraw them. */
const TaskGridCards = memo(function TaskGridCards({ tasks }: { tasks: readonly Task[] }) {
  const paged = usePagedList(tasks, GRID_PAGE_SIZE);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {paged.visible.map((task) => (
          <li key={task.id}>
            <TaskGridCard task={task} />
          </li>
        ))}
      </ul>
      <ShowMoreButton list={paged} className="mt-4" />
    </>
  );
});

/** Memoised: an edit of one task redraws its card only. */
const TaskGridCard = memo(function TaskGridCard({ task }: { task: Task }) {
  const { CommentCount, ConflictMarker } = useTaskSlots();
  const sliderId = `task-progress-${task.id}`;
  const titleId = `task-title-${task.id}`;
  // As in the task view: the checklist sets the progress, so the slider cannot (docs/product.md#checklists).
  const follows = task.checklistProgress === true;
  const followsId = `task-progress-follows-${task.id}`;
  // Team sync: the task's author may give it to someone else (docs/product.md#assignees).
  const isAuthor = useIsTaskAuthor(task);
  const canReassign = useTeamSyncOn() && isAuthor;

  function handleDelete() {
    deleteTaskWithUndo(task.id, TASK_REMOVED_TOAST);
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col rounded-2xl border border-l-4 border-slate-200 p-4 shadow-sm',
        PRIORITY_LOOK[task.priority].card,
      )}
    >
      <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
        <TaskLink task={task}>{task.title}</TaskLink>
      </h3>
      {/* A task captured with its title only has no description (docs/product.md#capture): no empty line. */}
      {task.description ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{task.description}</p>
      ) : null}
      <TaskLabelChips task={task} className="mt-2" />
      <dl className="mt-3 space-y-1 text-sm text-slate-800">
        <div>
          <dt className="inline font-medium">Priority: </dt>
          <dd className="inline">{task.priority}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Assigned To: </dt>
          <dd className="inline">{assigneeName(task)}</dd>
        </div>
        {/* No deadline (a title-only capture, or removed in the task view): no line, as on the board. */}
        {task.deadline ? (
          <div>
            <dt className="inline font-medium">Deadline: </dt>
            <dd className="inline">{task.deadline}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-x-3">
        <ChecklistBadge task={task} className="mt-2" />
        <CommentCount task={task} className="mt-2" />
      </div>
      <div className="mt-4">
        <label htmlFor={sliderId} className="sr-only">
          Progress of {task.title}
        </label>
        <ProgressSlider
          task={task}
          id={sliderId}
          disabled={follows}
          describedBy={follows ? followsId : undefined}
        />
        {follows ? (
          <p id={followsId} className="text-xs text-slate-600">
            {PROGRESS_FOLLOWS_CHECKLIST}
          </p>
        ) : null}
      </div>
      <div className="mt-auto pt-4">
        {canReassign ? <ReassignButton task={task} describedBy={titleId} className="mr-2" /> : null}
        <ConflictMarker
          task={task}
          className="mr-2 align-middle"
          returnFocus={() => document.getElementById(sliderId)}
        />
        <Button variant="danger" size="sm" onClick={handleDelete} aria-describedby={titleId}>
          Delete Task
        </Button>
      </div>
    </article>
  );
});
