import type { Metadata } from 'next';
import { DashboardView } from '@/features/tasks/ui/dashboard-view';

export const metadata: Metadata = { title: 'Dashboard' };

/** The member dashboard: board, Task Analytics and Notes (docs/product.md#member-dashboard). */
export default function UserDashboardPage() {
  return (
    <main className="flex-1 px-4 py-6 sm:px-6">
      <h1 className="pb-4 text-2xl font-bold text-brand-900">Dashboard</h1>
      <DashboardView />
    </main>
  );
}
