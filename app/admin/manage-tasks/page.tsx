import type { Metadata } from 'next';
import { ManageTasks } from '@/features/admin/ui/manage-tasks';

export const metadata: Metadata = { title: 'Manage Tasks' };

/** Manage Tasks, the admin's view of the tasks stored in this browser (docs/product.md#manage-tasks). */
export default function ManageTasksPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <ManageTasks />
    </main>
  );
}
