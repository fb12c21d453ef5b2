import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { ProjectsNavSlot } from '@/features/projects/ui/projects-nav-slot';
import { AreaGuard } from '@/features/accounts/ui/area-guard';
import { ReminderWatcher } from '@/features/reminders/ui/reminder-watcher';
import { KeyboardShortcuts } from '@/shell/keyboard/keyboard-shortcuts';
import { WorkspaceShell } from '@/shell/layout/workspace-shell';
import { TeamSyncProvider } from '@/shared/session/team-sync-context';
import { TeamSyncLoader } from '@/features/sync/ui/team-sync-loader';
import { TeamTasksGate } from '@/features/sync/ui/team-tasks-gate';
import { TaskViewHost } from '@/features/tasks/ui/task-view/task-view-host';
import { isTeamSyncOn } from '@/server/env';
import {
  ADMIN_PANEL_TITLE,
  ADMIN_TEAM_PANEL_LINKS,
  USER_PANEL_LINKS,
  USER_PANEL_TITLE,
} from '@/shell/workspace/workspace-content';

/** Team sync: an admin on the board or Create Tasks keeps their own sidebar (docs/product.md#sidebars). */
const ADMIN_TEAM_PANEL = { title: ADMIN_PANEL_TITLE, links: ADMIN_TEAM_PANEL_LINKS };

/** The team member area: only with a valid session, framed by the 'User Panel' sidebar. */
export default async function UserLayout({ children }: { children: ReactNode }) {
  // Read at request time, not at build: one image serves deployments with sync on and off.
  await connection();
  const teamSync = isTeamSyncOn();
  return (
    <AreaGuard area="user">
      <TeamSyncProvider on={teamSync}>
        <WorkspaceShell
          title={USER_PANEL_TITLE}
          links={USER_PANEL_LINKS}
          adminPanel={teamSync ? ADMIN_TEAM_PANEL : undefined}
          sidebarExtra={<ProjectsNavSlot />}
        >
          {teamSync ? <TeamSyncLoader /> : null}
          <TeamTasksGate on={teamSync}>
            <ReminderWatcher />
            {children}
            <TaskViewHost />
            <KeyboardShortcuts />
          </TeamTasksGate>
        </WorkspaceShell>
      </TeamSyncProvider>
    </AreaGuard>
  );
}
