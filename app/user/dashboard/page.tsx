import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProjectDashboard } from '@/features/projects/ui/project-dashboard';

export const metadata: Metadata = { title: 'Dashboard' };

/**
 * The member dashboard: board, Task Analytics and Notes (docs/product.md#member-dashboard); with
 * team sync and `?project=KEY`, that project's board (docs/product.md#projects).
 */
export default function UserDashboardPage() {
  return (
    <main className="flex-1 px-4 py-6 sm:px-6">
      <Suspense fallback={<h1 className="pb-4 text-2xl font-bold text-brand-900">Dashboard</h1>}>
        <ProjectDashboard />
      </Suspense>
    </main>
  );
}
