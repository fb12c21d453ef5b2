'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { boardFilterStore, saveBoardFilter } from '@/lib/storage/board-filter';
import { saveSafely } from '@/lib/storage/save-safely';
import { loggedInUserStore } from '@/lib/storage/session';
import { tasksStore } from '@/lib/storage/tasks';
import { countTasksByColumn } from '@/lib/tasks/board';
import { filterBoardTasks, toBoardFilter, type BoardFilter } from '@/lib/tasks/board-filter';
import type { Task } from '@/lib/tasks/task';
import { useTeamSyncOn } from '@/components/sync/team-sync-context';
import { BoardFilterControl } from './board-filter';
import { DeadlineToasts } from './deadline-toasts';
import { KanbanBoard } from './kanban-board';
import { NotesPanel } from './notes-panel';
import { TaskAnalytics } from './task-analytics';

/**
 * The member dashboard: the board, then 'Task Analytics' and 'Notes'; deadline toasts on load
 * (docs/product.md#member-dashboard). With team sync on, 'Mine / All' filters the board and the
 * analytics that describe it (docs/product.md#board-filter).
 */
export function DashboardView() {
  const tasks = useLocalStore(tasksStore);
  const teamSync = useTeamSyncOn();
  return teamSync ? <FilteredDashboard tasks={tasks} /> : <DashboardBody tasks={tasks} />;
}

function DashboardBody({ tasks, filter }: { tasks: readonly Task[]; filter?: ReactNode }) {
  const counts = useMemo(() => countTasksByColumn(tasks), [tasks]);
  return (
    <>
      <DeadlineToasts />
      {filter}
      <KanbanBoard tasks={tasks} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <TaskAnalytics counts={counts} />
        <NotesPanel />
      </div>
    </>
  );
}

export const NO_TASKS_ASSIGNED_TO_YOU =
  'No tasks are assigned to you. Choose All to see every task on this device.';

function FilteredDashboard({ tasks }: { tasks: readonly Task[] }) {
  const stored = toBoardFilter(useLocalStore(boardFilterStore));
  // A choice the browser refused to store (full storage, told in a toast) still applies to this visit.
  const [unsaved, setUnsaved] = useState<BoardFilter | null>(null);
  const filter = unsaved ?? stored;
  const myName = useLocalStore(loggedInUserStore)?.name;
  const mine = useMemo(() => filterBoardTasks(tasks, 'mine', myName), [tasks, myName]);
  const shown = filter === 'mine' ? mine : tasks;

  function choose(next: BoardFilter) {
    setUnsaved(saveSafely(() => saveBoardFilter(next)) ? null : next);
  }

  return (
    <DashboardBody
      tasks={shown}
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
