import type { Metadata } from 'next';
import { AdminDashboard } from '@/features/admin/ui/admin-dashboard';

export const metadata: Metadata = { title: 'Admin Dashboard' };

/** The admin dashboard (docs/product.md#admin-dashboard). */
export default function AdminDashboardPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <h1 className="pb-4 text-2xl font-bold text-brand-900">Admin Dashboard</h1>
      <AdminDashboard />
    </main>
  );
}
