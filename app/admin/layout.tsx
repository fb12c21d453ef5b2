import type { ReactNode } from 'react';
import { AreaGuard } from '@/components/auth/area-guard';
import { WorkspaceShell } from '@/components/layout/workspace-shell';
import { ADMIN_PANEL_LINKS, ADMIN_PANEL_TITLE } from '@/lib/content/workspace';

/** The admin area: only with an admin's session, framed by the 'Admin Panel' sidebar. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AreaGuard area="admin">
      <WorkspaceShell title={ADMIN_PANEL_TITLE} links={ADMIN_PANEL_LINKS}>
        {children}
      </WorkspaceShell>
    </AreaGuard>
  );
}
