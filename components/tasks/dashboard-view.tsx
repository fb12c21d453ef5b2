'use client';

import { useMemo } from 'react';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { tasksStore } from '@/lib/storage/tasks';
import { countTasksByColumn } from '@/lib/tasks/board';
import { DeadlineToasts } from './deadline-toasts';
import { KanbanBoard } from './kanban-board';
import { NotesPanel } from './notes-panel';
import { TaskAnalytics } from './task-analytics';

/**
 * The member dashboard: the board, then 'Task Analytics' and 'Notes'; deadline toasts on load
 * (docs/product.md#member-dashboard).
 */
export function DashboardView() {
  const tasks = useLocalStore(tasksStore);
  const counts = useMemo(() => countTasksByColumn(tasks), [tasks]);
  return (
    <>
      <DeadlineToasts />
      <KanbanBoard tasks={tasks} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <TaskAnalytics counts={counts} />
        <NotesPanel />
      </div>
    </>
  );
}
