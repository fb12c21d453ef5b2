'use client';

import dynamic from 'next/dynamic';
import { LoadingLine } from '@/shared/ui/load-error';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { INBOX_TEXTS } from './inbox-texts';

const InboxCard = dynamic(() => import('./inbox-card').then((module) => module.InboxCard), {
  ssr: false,
  loading: () => <LoadingLine>{INBOX_TEXTS.loading}</LoadingLine>,
});

/**
 * The Notifications page's inbox, below the due-today and due-tomorrow lines
 * (docs/product.md#the-inbox): with team sync on only, downloaded only then.
 */
export function InboxSection() {
  return useTeamSyncOn() ? <InboxCard /> : null;
}
