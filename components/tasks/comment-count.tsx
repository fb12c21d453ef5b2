'use client';

import { MessageSquare } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { commentCountLabel } from '@/lib/comments/display';
import {
  commentCountsSnapshot,
  serverCommentCounts,
  subscribeCommentCounts,
} from '@/lib/comments/counts-store';
import type { Task } from '@/lib/tasks/task';
import { useTeamSyncOn } from '@/components/sync/team-sync-context';
import { CountBadge } from './count-badge';

/**
 * A card's comment count with team sync on (docs/product.md#comments): a speech bubble and the
 * number, named `3 comments`; nothing for a task without comments, and nothing in the default mode.
 */
export function CommentCount({ task, className }: { task: Task; className?: string }) {
  if (!useTeamSyncOn() || typeof task.uid !== 'string') return null;
  return <TeamCommentCount uid={task.uid} className={className} />;
}

function TeamCommentCount({ uid, className }: { uid: string; className?: string }) {
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
