import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Dashboard' };

/** Placeholder until the member workspace issue builds the kanban dashboard (spec §2 User dashboard). */
export default function UserDashboardPage() {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Dashboard</h1>
      <p className="mt-2 text-slate-600">Your board, analytics and notes will appear here.</p>
    </main>
  );
}
