/** The inbox's texts (docs/product.md#the-inbox): the bell, its list and the Notifications page. */
export const INBOX_TEXTS = {
  heading: 'Inbox',
  loading: 'Loading your inbox…',
  empty: 'Nothing new. Mentions, comments, assignments and completed tasks that concern you show here.',
  loadFailed: 'Could not load your inbox',
  markFailed: 'Could not mark as read',
  olderFailed: 'Could not load older notifications',
  offline: 'You are offline. The inbox shows what it had and updates when you are back online.',
  markAll: 'Mark all as read',
  markOne: 'Mark as read',
  unread: 'Unread',
  older: 'Show older',
  loadingOlder: 'Loading…',
  openPage: 'Open Notifications',
  desktop: 'With team sync, new entries of your inbox are notified too.',
} as const;

/** The bell's name: `Inbox`, or `Inbox, 3 unread`. */
export function bellLabel(unread: number): string {
  return unread === 0 ? INBOX_TEXTS.heading : `${INBOX_TEXTS.heading}, ${unread} unread`;
}

/** What the polite live region says of the count. */
export function unreadAnnouncement(unread: number): string {
  if (unread === 0) return 'No unread notifications';
  return unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}

/** The badge on the bell: the count, `99+` above 99. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
