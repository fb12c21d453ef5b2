'use client';

import { useEffect } from 'react';
import { DEADLINE_TOAST_LIMIT } from '@/shared/constants';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useToday } from '@/shared/hooks/use-today';
import { planDesktopReminders } from '@/features/reminders/model/desktop';
import { oneTabAtATime } from '@/shared/notifications/one-tab';
import { notifiedStore } from '@/features/reminders/client/reminder-store';
import { tasksStore } from '@/features/tasks/client/tasks';
import { useTaskSlots } from '@/features/tasks/ui/task-slots';
import type { Task } from '@/features/tasks/model/task-types';
import { toLocalDateKey } from '@/shared/format/date-key';

const LOCK_NAME = 'tasklane.reminders';

/** Raises the desktop notifications due now and records them (docs/product.md#reminders). */
function notifyDue(shown: (task: Task) => boolean): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  oneTabAtATime(LOCK_NAME, () => {
    const today = toLocalDateKey(new Date());
    const previous = notifiedStore.read();
    const { reminders, notified } = planDesktopReminders(
      tasksStore.read().filter(shown),
      today,
      previous,
      DEADLINE_TOAST_LIMIT,
    );
    if (reminders.length === 0) return;
    try {
      // Recorded first: if the record cannot be kept (storage full), notifying would repeat on every load.
      notifiedStore.write(notified);
    } catch {
      return;
    }
    for (const reminder of reminders) {
      try {
        new Notification(reminder.title, { body: reminder.body, tag: reminder.tag });
      } catch {
        // Some mobile browsers only notify from a service worker; the in-app toasts still show.
      }
    }
  });
}

/**
 * Loaded on demand by ReminderWatcher once desktop reminders are on. Looks on load, when the day
 * changes (useToday ticks every minute and on focus), and when the tasks change (one created here or
 * brought by team sync); the record in `tasklane.notified` keeps it to once per task per day.
 */
export function DesktopNotifier() {
  const tasks = useLocalStore(tasksStore);
  const today = useToday();
  // With projects, an archived project's tasks are not due (docs/product.md#projects).
  const shown = useTaskSlots().useShownInOverviews();
  useEffect(() => {
    if (today !== null) notifyDue(shown);
  }, [today, tasks, shown]);
  return null;
}
