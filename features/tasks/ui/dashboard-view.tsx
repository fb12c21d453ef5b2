'use client';

import { memo, useMemo, useState, type ReactNode } from 'react';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useTaskFinder } from '@/features/tasks/ui/use-task-finder';
import { boardFilterStore, saveBoardFilter } from '@/features/tasks/client/board-filter';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
import { filterBoardTasks, toBoardFilter, type BoardFilter } from '@/features/tasks/model/board-filter';
import type { Task } from '@/features/tasks/model/task-types';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { useSelfAssignee } from './assignee-picker';
import { BoardFilterControl } from './board-filter';
import { BoardScopeProvider, type BoardScope } from './board-scope';
import { DeadlineToasts } from './deadline-toasts';
import { KanbanBoard } from './kanban-board';
import { useBoardModel } from './board-model';
import { NotesPanel } from './notes-panel';
import { TaskAnalytics } from './task-analytics';
import { NoTasksMatch, TaskFinderBar, useFinderReset } from './task-finder';

readTasksAhead();

/**
 * The member dashboard: the board, then 'Task Analytics' and 'Notes'; deadline toasts on load
 * (docs/product.md#member-dashboard). With team sync on, 'Mine / All' filters the board and the
 * analytics that describe it (docs/product.md#board-filter).
 */
export function DashboardView({ scope = null }: { scope?: BoardScope | null }) {
  const stored = useLocalStore(tasksStore);
  const teamSync = useTeamSyncOn();
  // A project's board shows its tasks only (features/tasks/ui/board-scope.tsx; one object per scope).
  const tasks = useMemo(
    () => (scope ? stored.filter((task) => scope.includes(task)) : stored),
    [stored, scope],
  );
  return (
    <BoardScopeProvider scope={scope}>
      <DeadlineToasts />
      {teamSync ? (
        <FilteredDashboard tasks={tasks} />
      ) : (
        <FindableDashboard tasks={tasks} stored={tasks.length} />
      )}
    </BoardScopeProvider>
  );
}

/**
 * The task finder above the board (docs/product.md#finding-tasks), shown once this browser holds a task:
 * it narrows `tasks` (all of them, or 'Mine') for the board and Task Analytics alike. The board has no
 * column filter: its columns already are one.
 */
function FindableDashboard({
  tasks,
  stored,
  filter,
}: {
  tasks: readonly Task[];
  stored: number;
  filter?: ReactNode;
}) {
  const finder = useTaskFinder(tasks, { columns: false });
  const { searchRef, resetAndFocus } = useFinderReset(finder.reset);
  const noMatch = finder.active && finder.matches.length === 0 && tasks.length > 0;
  return (
    <>
      {filter}
      {stored > 0 ? (
        <TaskFinderBar finder={finder} columns={false} searchRef={searchRef} onReset={resetAndFocus} />
      ) : null}
      <DashboardBody tasks={finder.matches} noMatch={noMatch ? resetAndFocus : null} />
    </>
  );
}

/**
 * Board, analytics and notes; memoised so a keystroke in 'Search tasks' re-renders only the field, and the
 * board once the filtered list has changed.
 */
const DashboardBody = memo(function DashboardBody({
  tasks,
  noMatch,
}: {
  tasks: readonly Task[];
  noMatch: (() => void) | null;
}) {
  const model = useBoardModel();
  const computed = useMemo(() => model.count(tasks), [model, tasks]);
  // The same figures keep the same array: an edit that moves no card does not redraw the chart.
  const [counts, setCounts] = useState(computed);
  if (computed !== counts && !sameCounts(computed, counts)) setCounts(computed);
  return (
    <>
      {noMatch ? <NoTasksMatch onReset={noMatch} /> : <KanbanBoard tasks={tasks} />}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <TaskAnalytics counts={counts} />
        <NotesPanel />
      </div>
    </>
  );
});

function sameCounts(a: readonly { count: number }[], b: readonly { count: number }[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry.count === b[index]?.count);
}

export const NO_TASKS_ASSIGNED_TO_YOU =
  'No tasks are assigned to you. Choose All to see every task on this device.';

function FilteredDashboard({ tasks }: { tasks: readonly Task[] }) {
  const stored = toBoardFilter(useLocalStore(boardFilterStore));
  // A choice the browser refused to store (full storage, told in a toast) still applies to this visit.
  const [unsaved, setUnsaved] = useState<BoardFilter | null>(null);
  const filter = unsaved ?? stored;
  const { id: myId, name: myName } = useSelfAssignee();
  const mine = useMemo(
    () => filterBoardTasks(tasks, 'mine', { id: myId, name: myName }),
    [tasks, myId, myName],
  );
  const shown = filter === 'mine' ? mine : tasks;

  function choose(next: BoardFilter) {
    setUnsaved(saveSafely(() => saveBoardFilter(next)) ? null : next);
  }

  return (
    <FindableDashboard
      tasks={shown}
      stored={tasks.length}
      filter={
        <>
          <BoardFilterControl
            value={filter}
            counts={{ mine: mine.length, all: tasks.length }}
            onChange={choose}
          />
          {filter === 'mine' && mine.length === 0 ? (
            <p className="mb-4 text-sm text-slate-600">{NO_TASKS_ASSIGNED_TO_YOU}</p>
          ) : null}
        </>
      }
    />
  );
}
