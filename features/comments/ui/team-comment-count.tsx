'use client';

import { MessageSquare } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { commentCountLabel } from '@/features/comments/model/display';
import {
  commentCountsSnapshot,
  serverCommentCounts,
  subscribeCommentCounts,
} from '@/features/comments/client/counts-store';
import { CountBadge } from '@/features/tasks/ui/count-badge';

/**
 * A card's comment count with team sync on: a speech bubble and the number, named `3 comments`;
 * nothing for a task without comments. Loaded only in team mode (comment-count.tsx), so the default
 * mode downloads none of the comment counts' code.
 */
export function TeamCommentCount({ uid, className }: { uid: string; className?: string }) {
  const counts = useSyncExternalStore(subscribeCommentCounts, commentCountsSnapshot, serverCommentCounts);
  const count = counts[uid] ?? 0;
  if (count === 0) return null;
  return (
    <CountBadge
      icon={MessageSquare}
      shown={String(count)}
      label={commentCountLabel(count)}
      className={className}
    />
  );
}
