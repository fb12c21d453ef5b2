import {
  formatDeadlineSummary,
  formatDeadlineToast,
  getDeadlineAlerts,
  planDeadlineToasts,
} from '@/features/tasks/model/deadlines';
import type { Task } from '@/features/tasks/model/task-types';
import type { DesktopNotification } from '@/shared/notifications/desktop-notification';

/** Which tasks this browser already raised a desktop notification for, on `day` (local yyyy-mm-dd). */
export type NotifiedRecord = { day: string; ids: readonly string[] };

export const DESKTOP_REMINDER_SUMMARY_BODY = 'Open Notifications in Tasklane to see them all.';

/**
 * Desktop reminders (docs/product.md#reminders): the tasks due today or tomorrow (the deadline
 * toasts' day rule) that have not had a notification yet today, at most `limit` of their own (today's
 * first, as the toasts) plus one summary for the rest. Every task due is then recorded for `todayKey`,
 * so a task is notified at most once per day, and again on a later day while it is still due.
 */
export function planDesktopReminders(
  tasks: readonly Task[],
  todayKey: string,
  notified: NotifiedRecord | null,
  limit: number,
): { reminders: DesktopNotification[]; notified: NotifiedRecord } {
  const already = new Set(notified?.day === todayKey ? notified.ids : []);
  const taken = new Set(already);
  // Two stored tasks may share an id (hand-edited or very old data): the first one stands for both.
  const fresh = getDeadlineAlerts(tasks, todayKey).filter((alert) => {
    if (taken.has(alert.task.id)) return false;
    taken.add(alert.task.id);
    return true;
  });
  const plan = planDeadlineToasts(fresh, limit);
  const reminders: DesktopNotification[] = plan.toasts.map((alert) => ({
    tag: `tasklane-${todayKey}-${alert.task.id}`,
    title: formatDeadlineToast(alert),
    body: `Deadline: ${alert.task.deadline}`,
  }));
  if (plan.summarised.length > 0) {
    reminders.push({
      tag: `tasklane-${todayKey}-more`,
      title: formatDeadlineSummary(plan.summarised.length),
      body: DESKTOP_REMINDER_SUMMARY_BODY,
    });
  }
  return { reminders, notified: { day: todayKey, ids: [...taken] } };
}
