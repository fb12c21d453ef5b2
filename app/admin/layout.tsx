import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { AreaGuard } from '@/features/accounts/ui/area-guard';
import { TwoFactorSetupGate } from '@/features/accounts/ui/two-factor-setup-gate';
import { WorkspaceShell } from '@/shell/layout/workspace-shell';
import { TeamSyncProvider } from '@/shared/session/team-sync-context';
import { TeamSyncLoader } from '@/features/sync/ui/team-sync-loader';
import { TeamTasksGate } from '@/features/sync/ui/team-tasks-gate';
import { TaskViewHost } from '@/features/tasks/ui/task-view/task-view-host';
import { isTeamSyncOn } from '@/server/env';
import {
  ADMIN_PANEL_LINKS,
  ADMIN_PANEL_TITLE,
  ADMIN_TEAM_PANEL_LINKS,
} from '@/shell/workspace/workspace-content';

/**
 * The admin area: only with an admin's session, framed by the 'Admin Panel' sidebar; with REQUIRE_2FA=admins,
 * only once two-factor sign-in is on (TwoFactorSetupGate).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Read at request time, not at build: one image serves deployments with sync on and off.
  await connection();
  const teamSync = isTeamSyncOn();
  return (
    <AreaGuard area="admin">
      <TeamSyncProvider on={teamSync}>
        <WorkspaceShell
          title={ADMIN_PANEL_TITLE}
          links={teamSync ? ADMIN_TEAM_PANEL_LINKS : ADMIN_PANEL_LINKS}
        >
          <TwoFactorSetupGate>
            {teamSync ? <TeamSyncLoader /> : null}
            <TeamTasksGate on={teamSync}>
              {children}
              <TaskViewHost admin />
            </TeamTasksGate>
          </TwoFactorSetupGate>
        </WorkspaceShell>
      </TeamSyncProvider>
    </AreaGuard>
  );
}
