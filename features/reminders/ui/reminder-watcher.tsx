'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { reminderPrefsStore } from '@/shared/notifications/desktop-switch';

/**
 * On every member page: reads the desktop-reminder flag (`tasklane.reminders`) and nothing else. The
 * notifier itself is downloaded only once a user has turned reminders on (docs/product.md#reminders).
 */
export function ReminderWatcher() {
  const { enabled } = useLocalStore(reminderPrefsStore);
  const [Notifier, setNotifier] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!enabled || Notifier) return;
    let active = true;
    import('./desktop-notifier').then(
      (module) => {
        if (active) setNotifier(() => module.DesktopNotifier);
      },
      // Offline just then: the next page load tries again. Reminders are a convenience.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [enabled, Notifier]);

  return enabled && Notifier ? <Notifier /> : null;
}
