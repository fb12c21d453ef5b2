import type { DesktopNotification } from '@/shared/notifications/desktop-notification';
import type { InboxItem } from './protocol';
import { inboxSentence } from './rules';

/**
 * Desktop notifications of the inbox (docs/product.md#the-inbox), pure: which entries get one. The
 * browser keeps the newest entry time it has looked at, per person (`tasklane.inboxNotified`); an
 * entry newer than that, and unread, is notified once. The first look (no record, or another
 * person's) notifies nothing: what was there before is in the bell, not a burst of notifications.
 */

export type InboxNotifiedRecord = { user: string; at: string };

export const INBOX_NOTIFICATION_BODY = 'Open it in Tasklane.';

export function inboxSummaryTitle(count: number): string {
  return count === 1 ? '1 more new notification' : `${count} more new notifications`;
}

/**
 * A desktop notification of one entry, and the task it opens; `review`: at its replaced values (a
 * `replaced` entry, as the bell opens it).
 */
export type InboxNotification = DesktopNotification & { task: string | null; review?: true };

function newest(items: readonly InboxItem[], since: string): string {
  let at = since;
  for (const item of items) if (item.createdAt > at) at = item.createdAt;
  return at;
}

export function planInboxNotifications(
  items: readonly InboxItem[],
  user: string,
  record: InboxNotifiedRecord | null,
  limit: number,
): { notifications: InboxNotification[]; record: InboxNotifiedRecord } {
  if (record === null || record.user !== user) {
    return { notifications: [], record: { user, at: newest(items, '') } };
  }
  const fresh = items
    .filter((item) => !item.read && item.createdAt > record.at)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const shown = fresh.slice(0, limit);
  const notifications: InboxNotification[] = shown.map((item) => ({
    tag: `tasklane-inbox-${item.id}`,
    title: inboxSentence(item.kind, item.actorName, item.title, item.fields),
    body: INBOX_NOTIFICATION_BODY,
    task: item.task,
    ...(item.kind === 'replaced' ? { review: true as const } : {}),
  }));
  const rest = fresh.length - shown.length;
  if (rest > 0) {
    notifications.push({
      tag: `tasklane-inbox-more-${newest(fresh, '')}`,
      title: inboxSummaryTitle(rest),
      body: INBOX_NOTIFICATION_BODY,
      task: null,
    });
  }
  return { notifications, record: { user, at: newest(items, record.at) } };
}
