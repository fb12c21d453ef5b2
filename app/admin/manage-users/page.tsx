import type { Metadata } from 'next';
import { InvitationsPanelSlot } from '@/features/admin/ui/invitations-panel-slot';
import { ManageUsers } from '@/features/admin/ui/manage-users';

export const metadata: Metadata = { title: 'Manage Users' };

/**
 * Manage Users: every account in one paged table (docs/product.md#manage-users), then the
 * invitations (docs/product.md#invitations).
 */
export default function ManageUsersPage() {
  return (
    <main className="min-w-0 flex-1 px-4 py-6 sm:px-6">
      <ManageUsers />
      <InvitationsPanelSlot />
    </main>
  );
}
