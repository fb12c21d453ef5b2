'use client';

import Link from 'next/link';
import { useId, useMemo } from 'react';
import { cn } from '@/shared/cn';
import { getRecentUsers } from '@/features/admin/model/users';
import { formatAdminDate } from '@/shared/format/admin-dates';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { readTasksAhead, tasksStore } from '@/features/tasks/client/tasks';
import { getAdminTaskStatus, splitTasksByCompletion } from '@/features/tasks/model/admin-status';
import { countTasksByColumn } from '@/features/tasks/model/board';
import { syncedTaskSchema } from '@/features/tasks/model/task-read';
import type { Task } from '@/features/tasks/model/task-types';
import type { PulledTask, SyncSummary } from '@/features/sync/model/protocol';
import { lastKnownText } from '@/features/sync/client/team-summary';
import { useTeamSummary } from '@/features/admin/ui/use-team-summary';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { TaskAnalytics } from '@/features/tasks/ui/task-analytics';
import { PROJECT_CHOICE_PARAM, useProjectChoice } from '@/features/tasks/ui/project-choice';
import { FOCUS_RING } from '@/shared/ui/styles';
import { FirstRunChecklist } from './first-run-checklist';
import { UsersLoadState } from '@/features/admin/ui/users-load-state';
import { StatusBadge } from './status-badge';
import { TableHead, TableScroll } from '@/shared/ui/table-scroll';
import { EMAIL_WRAP, NOWRAP, SECTION_CARD, TABLE, TABLE_CELL } from '@/shared/ui/table-styles';
import { useAdminUsers, type AdminUsersState } from '@/features/admin/ui/use-admin-users';
import { TaskLink } from '@/features/tasks/ui/task-view/task-link';

readTasksAhead();

/** Pending tasks listed on the dashboard; the rest are one link away on Manage Tasks. */
export const DASHBOARD_PENDING_LIMIT = 10;

/**
 * The admin dashboard (docs/product.md#admin-dashboard): tiles 'Total Users' (GET /admin/users' length),
 * 'Total Tasks' and 'Completed Tasks' (progress exactly 100) from the browser's tasks, or with team
 * sync from the server's count; 'Recent Users' newest first; 'Pending Tasks'; the 'Task Analytics' chart.
 * With projects, `Filter by project` narrows the task figures to one project's (docs/product.md#projects).
 */
export function AdminDashboard() {
  return useTeamSyncOn() ? <TeamAdminDashboard /> : <LocalAdminDashboard />;
}

function LocalAdminDashboard() {
  const { state, retry } = useAdminUsers();
  const stored = useLocalStore(tasksStore);
  const projects = useProjectChoice();
  const { keep } = projects;
  const tasks = useMemo(() => stored.filter(keep), [stored, keep]);
  const { pending, completed } = useMemo(() => splitTasksByCompletion(tasks), [tasks]);
  const counts = useMemo(() => countTasksByColumn(tasks), [tasks]);

  return (
    <div className="space-y-6">
      {projects.select}
      <ul className="grid gap-4 sm:grid-cols-3">
        <StatTile label="Total Users" value={usersTileValue(state)} />
        <StatTile label="Total Tasks" value={String(tasks.length)} />
        <StatTile label="Completed Tasks" value={String(completed.length)} />
      </ul>
      <RecentUsers state={state} onRetry={retry} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PendingTasks tasks={pending} total={pending.length} project={projects.choice} />
        <TaskAnalytics counts={counts} />
      </div>
    </div>
  );
}

/**
 * Team sync on: the first run's checklist (until done or dismissed), then the task figures are the server's (GET /api/sync/summary), exact however many tasks
 * this browser holds; offline or failing, the last figures kept on this device, marked as such.
 */
function TeamAdminDashboard() {
  const { state, retry } = useAdminUsers();
  const projects = useProjectChoice();
  const figures = useTeamSummary(true, projects.choice);
  const summary = figures.status === 'ready' || figures.status === 'stale' ? figures.summary : null;
  const pending = useMemo(() => (summary ? pulledTasks(summary.pending) : []), [summary]);
  const taskValue = (count: (known: SyncSummary) => number) =>
    summary ? String(count(summary)) : figures.status === 'loading' ? '…' : 'Unavailable';

  return (
    <div className="space-y-6">
      <FirstRunChecklist />
      {projects.select}
      <div className="space-y-2">
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatTile label="Total Users" value={usersTileValue(state)} />
          <StatTile label="Total Tasks" value={taskValue((known) => known.total)} />
          <StatTile label="Completed Tasks" value={taskValue((known) => known.completed)} />
        </ul>
        <p role="status" className="min-h-5 text-sm text-slate-600">
          {figures.status === 'stale'
            ? lastKnownText(figures.summary.asOf)
            : figures.status === 'failed'
              ? figures.message
              : ''}
        </p>
      </div>
      <RecentUsers state={state} onRetry={retry} />
      <div className="grid gap-6 lg:grid-cols-2">
        {summary ? (
          <PendingTasks tasks={pending} total={summary.pendingTotal} project={projects.choice} />
        ) : (
          <FiguresPlaceholder title="Pending Tasks" loading={figures.status === 'loading'} />
        )}
        {summary ? (
          <TaskAnalytics counts={summary.byColumn} />
        ) : (
          <FiguresPlaceholder title="Task Analytics" loading={figures.status === 'loading'} />
        )}
      </div>
    </div>
  );
}

/** The server's pending tasks as the list reads them (a task it cannot read is left out). */
function pulledTasks(rows: readonly PulledTask[]): Task[] {
  const tasks: Task[] = [];
  for (const row of rows) {
    const read = syncedTaskSchema.safeParse({ ...row.data, id: row.uid, uid: row.uid });
    if (read.success) tasks.push(read.data);
  }
  return tasks;
}

function FiguresPlaceholder({ title, loading }: { title: string; loading: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(SECTION_CARD, 'min-w-0')}>
      <h2 id={headingId} className="pb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-600">{loading ? 'Loading team figures…' : 'Unavailable'}</p>
    </section>
  );
}

function usersTileValue(state: AdminUsersState): string {
  if (state.status === 'ready') return String(state.users.length);
  return state.status === 'loading' ? '…' : 'Unavailable';
}

function StatTile({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <li>
      <section aria-labelledby={labelId} className={SECTION_CARD}>
        <h2 id={labelId} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <p className="mt-1 text-3xl font-bold text-brand-900 tabular-nums">{value}</p>
      </section>
    </li>
  );
}

/** The columns of the admin dashboard's 'Recent Users' (docs/product.md#admin-dashboard). */
const RECENT_USERS_COLUMNS = ['Name', 'Email', 'Date'] as const;

function RecentUsers({ state, onRetry }: { state: AdminUsersState; onRetry: () => void }) {
  const headingId = useId();
  const recent = useMemo(() => (state.status === 'ready' ? getRecentUsers(state.users) : []), [state]);
  return (
    <section aria-labelledby={headingId} className={cn(SECTION_CARD, 'min-w-0')}>
      <h2 id={headingId} className="pb-3 text-lg font-semibold text-slate-900">
        Recent Users
      </h2>
      <UsersLoadState state={state} onRetry={onRetry} emptyClassName="text-sm text-slate-600" />
      {recent.length > 0 ? (
        <TableScroll label="Recent Users table">
          <table className={TABLE} aria-labelledby={headingId}>
            <TableHead columns={RECENT_USERS_COLUMNS} />
            <tbody>
              {recent.map((user) => (
                <tr key={user.email}>
                  <td className={TABLE_CELL}>{user.fullName}</td>
                  <td className={cn(TABLE_CELL, EMAIL_WRAP)}>{user.email}</td>
                  <td className={cn(TABLE_CELL, NOWRAP, 'tabular-nums')}>
                    <time dateTime={user.createdAt}>{formatAdminDate(user.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

/**
 * Each pending task with its status badge ('Pending' when it has none) and its deadline; `total`
 * counts them all (with team sync, the server's count: `tasks` holds the first ones only).
 */
function PendingTasks({
  tasks,
  total,
  project,
}: {
  tasks: readonly Task[];
  total: number;
  /** The project chosen (its key): Manage Tasks opens on it. */
  project: string | null;
}) {
  const headingId = useId();
  const shown = tasks.slice(0, DASHBOARD_PENDING_LIMIT);
  const more = total - shown.length;
  return (
    <section aria-labelledby={headingId} className={cn(SECTION_CARD, 'min-w-0')}>
      <h2 id={headingId} className="pb-3 text-lg font-semibold text-slate-900">
        Pending Tasks
      </h2>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No pending tasks</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-labelledby={headingId}>
            {shown.map((task) => (
              <li
                key={task.id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
              >
                <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <TaskLink task={task} className="min-w-0 font-medium break-words text-slate-900">
                    {task.title}
                  </TaskLink>
                  <StatusBadge status={getAdminTaskStatus(task)} />
                </span>
                {task.deadline ? (
                  <span className="text-slate-600 tabular-nums">Deadline: {task.deadline}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="pt-2 text-sm text-slate-600">
              And {more} more in{' '}
              <Link
                href={
                  project ? `/admin/manage-tasks?${PROJECT_CHOICE_PARAM}=${project}` : '/admin/manage-tasks'
                }
                className={cn('font-medium text-brand-700 underline underline-offset-2', FOCUS_RING)}
              >
                Manage Tasks
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
