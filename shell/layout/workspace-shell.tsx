import type { ReactNode } from 'react';
import type { SidebarLink } from '@/shell/workspace/workspace-content';
import { AppToaster } from '@/shared/ui/app-toaster';
import { StorageNotice } from '@/shell/workspace/storage-notice';
import { TeamTaskSlots } from '@/shell/task-slots';
import { Sidebar, type SidebarPanel } from './sidebar';

/**
 * The signed-in areas' frame: the sidebar, a notice about unreadable stored data, the page, toasts.
 * `adminPanel`: the sidebar an admin's session shows instead (team sync's member pages).
 */
export function WorkspaceShell({
  title,
  links,
  adminPanel,
  sidebarExtra,
  children,
}: {
  title: string;
  links: readonly SidebarLink[];
  adminPanel?: SidebarPanel;
  /** Below the sidebar's links (team sync: the projects). */
  sidebarExtra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
      <Sidebar title={title} links={links} adminPanel={adminPanel} extra={sidebarExtra} />
      <div className="flex min-w-0 flex-1 flex-col">
        <StorageNotice />
        <TeamTaskSlots>{children}</TeamTaskSlots>
      </div>
      <AppToaster />
    </div>
  );
}
