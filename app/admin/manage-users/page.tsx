import type { Metadata } from 'next';
import dynamic from 'next/dynamic';
import { ManageUsers } from '@/components/admin/manage-users';

// Its own chunk, after the user table's: the table is what this page is timed on (≤ 1 s to the
// first row with 10,000 users, npm run bench:admin-users).
const InvitationsPanel = dynamic(() =>
  import('@/components/admin/invitations-panel').then((module) => module.InvitationsPanel),
);

export const metadata: Metadata = { title: 'Manage Users' };

/**
 * Manage Users: every account in one paged table (docs/product.md#manage-users), then the
 * invitations (docs/product.md#invitations).
 */
export default function ManageUsersPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <ManageUsers />
      <InvitationsPanel />
    </main>
  );
}
