'use client';

import { AlertTriangle, Check, CloudOff, PauseCircle, RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { retrySync, syncStatusStore } from '@/features/sync/client/status-store';
import { describeSyncStatus, type SyncState } from '@/features/sync/model/status-text';
import { cn } from '@/shared/cn';
import { FOCUS_RING } from '@/shared/ui/styles';

const ICONS: Record<Exclude<SyncState, 'off'>, typeof Check> = {
  synced: Check,
  syncing: RefreshCw,
  offline: CloudOff,
  error: AlertTriangle,
  'needs-decision': PauseCircle,
  paused: PauseCircle,
  stopped: AlertTriangle,
};

const TONES: Record<Exclude<SyncState, 'off'>, string> = {
  synced: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  syncing: 'border-sky-200 bg-sky-50 text-sky-800',
  offline: 'border-slate-300 bg-slate-100 text-slate-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  'needs-decision': 'border-amber-200 bg-amber-50 text-amber-900',
  paused: 'border-amber-200 bg-amber-50 text-amber-900',
  stopped: 'border-red-200 bg-red-50 text-red-800',
};

/**
 * The navbar's team sync status (docs/product.md#team-sync): nothing when sync is off; otherwise a
 * short label announced politely to screen readers, with Retry after a failure.
 */
export function SyncStatus() {
  const status = useSyncExternalStore(
    syncStatusStore.subscribe,
    syncStatusStore.getSnapshot,
    syncStatusStore.getServerSnapshot,
  );
  const label = describeSyncStatus(status);
  if (status.state === 'off' || label === null) return null;
  const Icon = ICONS[status.state];
  // Offline says it all; after an error or a pause the reason is read out and shown on hover.
  const detail = status.state === 'offline' ? undefined : status.message;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <p
        role="status"
        aria-live="polite"
        title={detail ?? label}
        className={cn(
          'flex min-h-8 min-w-8 items-center justify-center gap-1.5 rounded-full border px-2 text-xs font-medium sm:px-2.5',
          TONES[status.state],
        )}
      >
        <Icon
          className={cn('size-4 shrink-0', status.state === 'syncing' && 'motion-safe:animate-spin')}
          aria-hidden="true"
        />
        {/* Below the sm breakpoint only the icon shows; the words are still read out. */}
        <span className="sr-only sm:not-sr-only sm:truncate">{label}</span>
        {detail ? <span className="sr-only">. {detail}</span> : null}
      </p>
      {status.state === 'error' || status.state === 'stopped' ? (
        <button
          type="button"
          onClick={retrySync}
          className={cn(
            'min-h-8 rounded-full px-2.5 text-xs font-semibold text-brand-700 hover:bg-brand-50',
            FOCUS_RING,
          )}
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}
