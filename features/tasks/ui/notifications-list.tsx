'use client';

import { useMemo } from 'react';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
import { useTaskSlots } from './task-slots';
import {
  formatDeadlineNotification,
  getDeadlineAlerts,
  type DeadlineAlert,
} from '@/features/tasks/model/deadlines';
import { useProjectChoice } from './project-choice';
import { useToday } from '@/shared/hooks/use-today';
import { TaskLink } from './task-view/task-link';

readTasksAhead();

/**
 * Notifications: tasks due today or tomorrow, otherwise 'No new notifications'
 * (docs/product.md#notifications).
 */
export function NotificationsList() {
  const tasks = useLocalStore(tasksStore);
  const today = useToday();
  // With projects, an archived project's tasks are not due (docs/product.md#projects).
  const shown = useTaskSlots().useShownInOverviews();
  // With projects, one project's or every project's.
  const project = useProjectChoice();
  const inProject = project.keep;
  const alerts = useMemo(
    () =>
      today
        ? getDeadlineAlerts(
            tasks.filter((task) => shown(task) && inProject(task)),
            today,
          )
        : [],
    [tasks, today, shown, inProject],
  );

  if (today === null) return null;
  return (
    <>
      {project.select ? <div className="pb-4">{project.select}</div> : null}
      <AlertList alerts={alerts} />
    </>
  );
}

function AlertList({ alerts }: { alerts: DeadlineAlert[] }) {
  if (alerts.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-600">
        No new notifications
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {alerts.map((alert) => (
        <li
          key={alert.task.id}
          className={cn(
            'rounded-xl border-l-4 px-4 py-3 font-medium shadow-sm',
            alert.due === 'today'
              ? 'border-red-600 bg-red-50 text-red-900'
              : 'border-yellow-500 bg-yellow-50 text-yellow-900',
          )}
        >
          <TaskLink task={alert.task}>{formatDeadlineNotification(alert)}</TaskLink>
        </li>
      ))}
    </ul>
  );
}
