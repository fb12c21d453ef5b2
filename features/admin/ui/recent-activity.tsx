'use client';

import { useLocalStore } from '@/shared/hooks/use-local-store';
import { adminActivityLogStore, latestActivity } from '@/features/admin/client/admin-activity';

export const NO_RECENT_ACTIVITY = 'No recent activity.';

/**
 * Admin Settings' 'Recent Activity': the latest entries, at most 5, newest first
 * (docs/product.md#recent-activity).
 */
export function RecentActivity() {
  const entries = latestActivity(useLocalStore(adminActivityLogStore));
  if (entries.length === 0) return <p className="text-sm text-slate-600">{NO_RECENT_ACTIVITY}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm text-slate-800">
      {entries.map((entry, index) => (
        // Entries may repeat (two saves in one second); their position is their identity.
        <li key={index} className="py-2.5 break-words first:pt-0 last:pb-0">
          {entry}
        </li>
      ))}
    </ul>
  );
}
