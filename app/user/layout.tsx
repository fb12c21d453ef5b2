import type { ReactNode } from 'react';
import { AreaGuard } from '@/components/auth/area-guard';
import { WorkspaceShell } from '@/components/layout/workspace-shell';
import { USER_PANEL_LINKS, USER_PANEL_TITLE } from '@/lib/content/workspace';

/** The team member area: only with a valid session, framed by the 'User Panel' sidebar. */
export default function UserLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="user">
      <WorkspaceShell title={USER_PANEL_TITLE} links={USER_PANEL_LINKS}>
        {children}
      </WorkspaceShell>
    </AreaGuard>
  );
}
