'use client';

import { inlineFilesAsText } from '@/shared/format/inline-files';
import { memo, useCallback, useMemo, useState } from 'react';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { useTaskFinder } from '@/features/tasks/ui/use-task-finder';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
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

readTasksAhead();

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
  const selection = useSelection(finder.matches);

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
      {selection.offered ? <SelectionBar selection={selection} shown={finder.matches} /> : null}
      {finder.matches.length === 0 ? (
        <NoTasksMatch onReset={resetAndFocus} />
      ) : (
        <TaskGridCards tasks={finder.matches} selection={selection.offered ? selection : null} />
      )}
    </>
  );
}

export const SELECTION_TEXTS = {
  region: 'Selection',
  select: (title: string) => `Select ${title}`,
  count: (count: number) => `${count} selected`,
  all: 'Select all shown',
  clear: 'Clear selection',
} as const;

interface Selection {
  /** Whether selecting is offered (projects: somewhere to move tasks to). */
  offered: boolean;
  ids: ReadonlySet<string>;
  /** The tasks shown that are selected, in the order shown. */
  tasks: readonly Task[];
  toggle: (id: string) => void;
  set: (ids: ReadonlySet<string>) => void;
}

/** The grid's selection, among the tasks shown (a task the finder hides is not moved with it). */
function useSelection(shown: readonly Task[]): Selection {
  const offered = useTaskSlots().useMayMoveSelection();
  const [ids, set] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      set((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const tasks = useMemo(() => (ids.size === 0 ? [] : shown.filter((task) => ids.has(task.id))), [ids, shown]);
  return { offered, ids, tasks, toggle, set };
}

/**
 * Above the cards (docs/product.md#projects): `{n} selected`, the selection's `Move to project`,
 * `Clear selection`; with nothing selected, `Select all shown`.
 */
function SelectionBar({ selection, shown }: { selection: Selection; shown: readonly Task[] }) {
  const { MoveSelectionButton } = useTaskSlots();
  const count = selection.tasks.length;
  return (
    <div
      role="region"
      aria-label={SELECTION_TEXTS.region}
      className="mb-3 flex min-h-10 flex-wrap items-center gap-2 text-sm text-slate-800"
    >
      <span aria-live="polite">{SELECTION_TEXTS.count(count)}</span>
      {count > 0 ? (
        <>
          <MoveSelectionButton tasks={selection.tasks} onMoved={() => selection.set(new Set())} />
          <Button variant="secondary" size="sm" onClick={() => selection.set(new Set())}>
            {SELECTION_TEXTS.clear}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={shown.length === 0}
          onClick={() => selection.set(new Set(shown.map((task) => task.id)))}
        >
          {SELECTION_TEXTS.all}
        </Button>
      )}
    </div>
  );
}

/** The cards, a page at a time; memoised so a keystroke in 'Search tasks' does not redraw them. */
const TaskGridCards = memo(function TaskGridCards({
  tasks,
  selection,
}: {
  tasks: readonly Task[];
  selection: Selection | null;
}) {
  const paged = usePagedList(tasks, GRID_PAGE_SIZE);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {paged.visible.map((task) => (
          <li key={task.id}>
            <TaskGridCard
              task={task}
              selected={selection ? selection.ids.has(task.id) : null}
              onToggle={selection?.toggle}
            />
          </li>
        ))}
      </ul>
      <ShowMoreButton list={paged} className="mt-4" />
    </>
  );
});

/** Memoised: an edit of one task redraws its card only. */
interface SelectableCard {
  task: Task;
  /** Whether it is selected; null: selecting is not offered. */
  selected: boolean | null;
  onToggle?: (id: string) => void;
}

const TaskGridCard = memo(function TaskGridCard({ task, selected, onToggle }: SelectableCard) {
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
      <CardTitle task={task} titleId={titleId} selected={selected} onToggle={onToggle} />
      {/* A task captured with its title only has no description (docs/product.md#capture): no empty line. */}
      {task.description ? (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
          {inlineFilesAsText(task.description)}
        </p>
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

/** The card's title, and its selection box when selecting is offered. */
function CardTitle({ task, titleId, selected, onToggle }: SelectableCard & { titleId: string }) {
  return (
    <div className="flex items-start gap-2">
      <h3 id={titleId} className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900">
        <TaskLink task={task}>{task.title}</TaskLink>
      </h3>
      {selected !== null ? (
        <input
          type="checkbox"
          className="mt-1.5 size-4 shrink-0 accent-brand-600"
          aria-label={SELECTION_TEXTS.select(task.title)}
          checked={selected}
          onChange={() => onToggle?.(task.id)}
        />
      ) : null}
    </div>
  );
}
