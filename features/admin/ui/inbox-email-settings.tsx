'use client';

import dynamic from 'next/dynamic';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { SettingsSection } from '@/shared/ui/settings-section';

/** The member's switch itself, loaded only with team sync on (the default mode has no inbox). */
const DigestSwitch = dynamic(
  () => import('@/features/inbox/ui/digest-switch').then((module) => module.DigestSwitch),
  { ssr: false },
);

/**
 * Admin Settings' 'Missed Notifications' (docs/product.md#email-of-what-you-miss): the admin's own
 * "Email me what I miss", the switch members have under Notifications, with team sync on only.
 */
export function InboxEmailSettings() {
  if (!useTeamSyncOn()) return null;
  return (
    <SettingsSection title="Missed Notifications">
      <DigestSwitch />
    </SettingsSection>
  );
}
