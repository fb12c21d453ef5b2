import type { ReactNode } from 'react';
import type { SidebarLink } from '@/lib/content/workspace';
import { AppToaster } from '@/components/ui/app-toaster';
import { StorageNotice } from '@/components/workspace/storage-notice';
import { Sidebar } from './sidebar';

/** The signed-in areas' frame: the sidebar, a notice about unreadable stored data, the page, toasts. */
export function WorkspaceShell({
  title,
  links,
  children,
}: {
  title: string;
  links: readonly SidebarLink[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
      <Sidebar title={title} links={links} />
      <div className="flex min-w-0 flex-1 flex-col">
        <StorageNotice />
        {children}
      </div>
      <AppToaster />
    </div>
  );
}
