'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useState } from 'react';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { INBOX_TEXTS } from '@/features/inbox/ui/inbox-texts';
import { CARD } from '@/shared/ui/styles';
import { SwitchButton } from '@/shared/ui/switch-button';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { reminderPrefsStore, saveReminderPrefs } from '@/shared/notifications/desktop-switch';
import { saveSafely } from '@/shared/browser-storage/save-safely';

/** The texts of the Reminders section (docs/product.md#reminders). */
export const REMINDER_TEXTS = {
  heading: 'Reminders',
  desktopLabel: 'Desktop notifications',
  desktopIntro:
    'Your browser shows a notification for each task due today or tomorrow, once a day, while a Tasklane page is open.',
  unsupported: 'This browser cannot show desktop notifications.',
  denied:
    'Notifications are blocked for this site. To allow them, click the icon at the left of the address bar, open the site settings, set Notifications to Allow, then reload this page.',
  dismissed: 'Notifications were not allowed. Switch them on again to be asked once more.',
  on: 'On: tasks due today and tomorrow are notified on this device.',
  off: 'Off.',
} as const;

type Permission = NotificationPermission | 'unsupported';

function readPermission(): Permission {
  return typeof window === 'undefined' || typeof Notification === 'undefined'
    ? 'unsupported'
    : Notification.permission;
}

/** The permission as it is now; read again when the window regains focus (the user may change it meanwhile). */
function usePermission(): [Permission | null, (permission: Permission) => void] {
  const [permission, setPermission] = useState<Permission | null>(null);
  useEffect(() => {
    const update = () => setPermission(readPermission());
    update();
    window.addEventListener('focus', update);
    return () => window.removeEventListener('focus', update);
  }, []);
  return [permission, setPermission];
}

const EmailReminders = dynamic(() => import('./email-reminders').then((module) => module.EmailReminders), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading your email reminders…</p>,
});

function DesktopSwitch({ teamSync }: { teamSync: boolean }) {
  const { enabled } = useLocalStore(reminderPrefsStore);
  const [permission, setPermission] = usePermission();
  const [dismissed, setDismissed] = useState(false);
  const on = enabled && permission === 'granted';

  const toggle = useCallback(async () => {
    if (on) {
      saveSafely(() => saveReminderPrefs({ enabled: false }));
      return;
    }
    if (typeof Notification === 'undefined') return;
    // Asked only here, on the user's click: browsers ignore (or penalise) requests made on load.
    const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setPermission(answer);
    setDismissed(answer === 'default');
    if (answer === 'granted') saveSafely(() => saveReminderPrefs({ enabled: true }));
  }, [on, setPermission]);

  if (permission === null) return null;
  const status =
    permission === 'unsupported'
      ? REMINDER_TEXTS.unsupported
      : permission === 'denied'
        ? REMINDER_TEXTS.denied
        : dismissed
          ? REMINDER_TEXTS.dismissed
          : on
            ? REMINDER_TEXTS.on
            : REMINDER_TEXTS.off;
  const blocked = permission === 'unsupported' || permission === 'denied';

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-4">
        <span id="desktop-reminders-label" className="font-medium text-slate-900">
          {REMINDER_TEXTS.desktopLabel}
        </span>
        <SwitchButton
          on={on}
          labelledBy="desktop-reminders-label"
          describedBy="desktop-reminders-status"
          disabled={blocked}
          onClick={() => void toggle()}
        />
      </div>
      <p className="text-sm text-slate-600">{REMINDER_TEXTS.desktopIntro}</p>
      {teamSync ? <p className="text-sm text-slate-600">{INBOX_TEXTS.desktop}</p> : null}
      <p id="desktop-reminders-status" role="status" className="text-sm font-medium text-slate-800">
        {status}
      </p>
    </div>
  );
}

/**
 * Below the Notifications list: desktop reminders in this browser, and with team sync on the morning
 * email (docs/product.md#reminders). The email part is downloaded only on deployments with sync.
 */
export function RemindersSection() {
  const teamSync = useTeamSyncOn();
  return (
    <section aria-labelledby="reminders-heading" className={cn(CARD, 'mt-8 space-y-6 p-4 sm:p-6')}>
      <h2 id="reminders-heading" className="text-xl font-bold text-brand-900">
        {REMINDER_TEXTS.heading}
      </h2>
      <DesktopSwitch teamSync={teamSync} />
      {teamSync ? <EmailReminders /> : null}
    </section>
  );
}
