'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { tasksStore } from '@/features/tasks/client/tasks';
import { useTaskSlots } from './task-slots';
import {
  formatDeadlineSummary,
  formatDeadlineToast,
  getDeadlineAlerts,
  planDeadlineToasts,
} from '@/features/tasks/model/deadlines';
import { toLocalDateKey } from '@/shared/format/date-key';
import { DEADLINE_TOAST_DURATION_MS, DEADLINE_TOAST_LIMIT, NOTIFICATION_SOUND_URL } from '@/shared/constants';
import { FOCUS_RING } from '@/shared/ui/styles';

/** Plays the short chime; browsers that block autoplay (no user gesture yet) are silently skipped. */
function playNotificationSound(): void {
  try {
    const audio = new Audio(NOTIFICATION_SOUND_URL);
    audio.volume = 0.6;
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support: the toasts are the notification.
  }
}

/**
 * Dashboard load: scroll to the top, then a toast per task due today (red) or tomorrow (yellow), 5000 ms,
 * top-right, for the first few (`planDeadlineToasts`); one more toast says how many others are due and
 * links to the Notifications page, which lists them all. The chime plays once when anything is due.
 */
export function DeadlineToasts() {
  const done = useRef(false);
  // With projects, an archived project's tasks are not due (docs/product.md#projects).
  const shown = useTaskSlots().useShownInOverviews();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (done.current) return;
    done.current = true;
    const alerts = getDeadlineAlerts(tasksStore.read().filter(shown), toLocalDateKey(new Date()));
    const { toasts, summarised } = planDeadlineToasts(alerts, DEADLINE_TOAST_LIMIT);
    for (const alert of toasts) {
      const show = alert.due === 'today' ? toast.error : toast.warning;
      show(formatDeadlineToast(alert), {
        id: `deadline-${alert.task.id}`,
        duration: DEADLINE_TOAST_DURATION_MS,
      });
    }
    if (summarised.length > 0) {
      toast.info(formatDeadlineSummary(summarised.length), {
        id: 'deadline-summary',
        duration: DEADLINE_TOAST_DURATION_MS,
        // A link, not sonner's action button: it navigates, so it opens in a new tab on request too.
        action: (
          <Link href="/user/notifications" data-button="" data-action="" className={FOCUS_RING}>
            View all
          </Link>
        ),
      });
    }
    if (alerts.length > 0) playNotificationSound();
    // Once per page (`done`): a later change of the set shows nothing again.
  }, [shown]);
  return null;
}
