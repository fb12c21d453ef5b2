'use client';

import { useEffect } from 'react';
import { readTokenUserId } from '@/shared/auth/token-claims';
import { DEADLINE_TOAST_LIMIT } from '@/shared/constants';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { planInboxNotifications } from '@/features/inbox/model/desktop';
import type { InboxState } from '@/features/inbox/client/inbox-store';
import { oneTabAtATime } from '@/shared/notifications/one-tab';
import { inboxNotifiedStore } from '@/features/inbox/client/notified-store';
import { reminderPrefsStore } from '@/shared/notifications/desktop-switch';
import { getStoredToken } from '@/shared/session/session';
import { openInboxTask } from './inbox-list';

const LOCK_NAME = 'tasklane.inboxNotified';

/**
 * Desktop notifications of new inbox entries (docs/product.md#the-inbox), through the Reminders
 * switch: with it on and the browser's permission given, each entry that arrives unread is notified
 * once, by one tab (a Web Lock, and the record in `tasklane.inboxNotified`). A click on one brings
 * the window forward on the entry's task.
 */
export function useInboxDesktopNotifications(state: InboxState): void {
  const { enabled } = useLocalStore(reminderPrefsStore);
  useEffect(() => {
    if (!enabled || state.status !== 'ready') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const user = readTokenUserId(getStoredToken());
    if (user === null) return;
    const items = state.items;
    oneTabAtATime(LOCK_NAME, () => {
      const previous = inboxNotifiedStore.read();
      const { notifications, record } = planInboxNotifications(items, user, previous, DEADLINE_TOAST_LIMIT);
      if (previous?.user !== record.user || previous.at !== record.at) {
        try {
          // Recorded first: if the record cannot be kept (storage full), notifying would repeat.
          inboxNotifiedStore.write(record);
        } catch {
          return;
        }
      }
      for (const { tag, title, body, task, review } of notifications) {
        try {
          const notification = new Notification(title, { body, tag });
          notification.onclick = () => {
            window.focus();
            if (task !== null) openInboxTask(task, review === true);
            notification.close();
          };
        } catch {
          // Some mobile browsers only notify from a service worker; the bell still counts it.
        }
      }
    });
  }, [enabled, state.status, state.items]);
}
