import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Admin Dashboard' };

/** Placeholder until the admin console issue builds the dashboard (spec §2 Admin dashboard). */
export default function AdminDashboardPage() {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Admin Dashboard</h1>
      <p className="mt-2 text-slate-600">User and task overviews will appear here.</p>
    </main>
  );
}
