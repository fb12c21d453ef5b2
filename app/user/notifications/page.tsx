import type { Metadata } from 'next';
import { InboxSection } from '@/features/inbox/ui/inbox-section';
import { RemindersSection } from '@/features/reminders/ui/reminders-section';
import { NotificationsList } from '@/features/tasks/ui/notifications-list';

export const metadata: Metadata = { title: 'Notifications' };

/**
 * Notifications ('📢 Notifications'): tasks due today or tomorrow (docs/product.md#notifications), then
 * with team sync the inbox (docs/product.md#the-inbox).
 */
export default function NotificationsPage() {
  return (
    <main className="flex-1 px-4 py-6 sm:px-6">
      <h1 className="pb-4 text-2xl font-bold text-brand-900">📢 Notifications</h1>
      <NotificationsList />
      <InboxSection />
      <RemindersSection />
    </main>
  );
}
