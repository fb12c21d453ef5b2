'use client';

import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { tasksStore } from '@/lib/storage/tasks';
import { formatDeadlineToast, getDeadlineAlerts, toLocalDateKey } from '@/lib/tasks/deadlines';
import { DEADLINE_TOAST_DURATION_MS, NOTIFICATION_SOUND_URL } from '@/lib/constants';

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
 * Spec §2/§9 dashboard load: scroll to the top, then one toast per task due today (red) or tomorrow
 * (yellow), 5000 ms, top-right, and a sound when there is at least one.
 */
export function DeadlineToasts() {
  const done = useRef(false);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (done.current) return;
    done.current = true;
    const alerts = getDeadlineAlerts(tasksStore.read(), toLocalDateKey(new Date()));
    for (const alert of alerts) {
      const show = alert.due === 'today' ? toast.error : toast.warning;
      show(formatDeadlineToast(alert), {
        id: `deadline-${alert.task.id}`,
        duration: DEADLINE_TOAST_DURATION_MS,
      });
    }
    if (alerts.length > 0) playNotificationSound();
  }, []);
  return null;
}
