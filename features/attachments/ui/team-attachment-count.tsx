'use client';

import { Paperclip } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { attachmentCounts } from '@/features/attachments/client/counts-store';
import { CountBadge } from '@/features/tasks/ui/count-badge';
import { ATTACHMENT_TEXTS } from './attachment-texts';

/** A card's file count: a paperclip and the number, named `2 files`; nothing without files. */
export function TeamAttachmentCount({ uid, className }: { uid: string; className?: string }) {
  const counts = useSyncExternalStore(
    attachmentCounts.subscribe,
    attachmentCounts.snapshot,
    attachmentCounts.serverSnapshot,
  );
  const count = counts[uid] ?? 0;
  if (count === 0) return null;
  return (
    <CountBadge
      icon={Paperclip}
      shown={String(count)}
      label={ATTACHMENT_TEXTS.count(count)}
      className={className}
    />
  );
}
