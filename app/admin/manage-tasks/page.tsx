import type { Metadata } from 'next';
import { ManageTasks } from '@/components/admin/manage-tasks';

export const metadata: Metadata = { title: 'Manage Tasks' };

/** Spec §2 Manage Tasks (/admin/manage-tasks). */
export default function ManageTasksPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <ManageTasks />
    </main>
  );
}
