'use client';

import { Check } from 'lucide-react';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { openTaskByKey } from '@/features/tasks/ui/task-view/open-task';
import { Button } from '@/shared/ui/button';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { RelativeTime, useNow } from '@/shared/ui/relative-time';
import { FOCUS_RING } from '@/shared/ui/styles';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { cn } from '@/shared/cn';
import { requestReplacedReview } from '@/features/tasks/model/replaced-review';
import type { InboxItem } from '@/features/inbox/model/protocol';
import { inboxSentence } from '@/features/inbox/model/rules';
import {
  inboxSnapshot,
  loadOlderInbox,
  markRead,
  refreshInbox,
  serverInboxSnapshot,
  subscribeInbox,
  type InboxState,
} from '@/features/inbox/client/inbox-store';
import { INBOX_TEXTS } from './inbox-texts';

export function useInbox(): InboxState {
  return useSyncExternalStore(subscribeInbox, inboxSnapshot, serverInboxSnapshot);
}

/** Marks entries read; a failure is said in a toast (the entries show unread again). */
export function markReadOrSay(ids: readonly string[] | 'all'): void {
  markRead(ids).catch((error: unknown) => {
    toast.error(describeRequestFailure(error, INBOX_TEXTS.markFailed));
  });
}

/** Opens an entry's task; a `replaced` entry's at its replaced values (features/tasks/model/replaced-review.ts). */
export function openInboxTask(task: string, review: boolean): void {
  if (review) requestReplacedReview(task);
  openTaskByKey(task);
}

function InboxEntry({ item, now, onOpen }: { item: InboxItem; now: number; onOpen?: () => void }) {
  const sentence = inboxSentence(item.kind, item.actorName, item.title, item.fields);
  const mainRef = useRef<HTMLButtonElement>(null);
  function open() {
    if (!item.read) markReadOrSay([item.id]);
    onOpen?.();
    openInboxTask(item.task, item.kind === 'replaced');
  }
  return (
    <li className={cn('flex items-start gap-1 rounded-lg', !item.read && 'bg-brand-50')}>
      <button
        ref={mainRef}
        type="button"
        onClick={open}
        className={cn(
          'flex min-h-11 min-w-0 flex-1 items-start gap-2 rounded-lg px-2 py-2 text-left text-sm hover:bg-slate-100',
          FOCUS_RING,
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-600')}
        />
        <span className="min-w-0 flex-1">
          {item.read ? null : <span className="sr-only">{INBOX_TEXTS.unread}: </span>}
          <span className={cn('block break-words text-slate-900', !item.read && 'font-semibold')}>
            {sentence}
          </span>
          <span className="block text-xs">
            <RelativeTime iso={item.createdAt} now={now} focusable={false} />
          </span>
        </span>
      </button>
      {item.read ? null : (
        <button
          type="button"
          onClick={() => {
            markReadOrSay([item.id]);
            // The tick goes once read: focus stays on the entry, not lost to the page.
            mainRef.current?.focus();
          }}
          aria-label={`${INBOX_TEXTS.markOne}: ${sentence}`}
          title={INBOX_TEXTS.markOne}
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-brand-900',
            FOCUS_RING,
          )}
        >
          <Check className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

/**
 * The inbox's entries, newest first (docs/product.md#the-inbox), with loading, failure (Retry),
 * empty and offline states and `Show older`. An entry opens its task (and is then read); the tick
 * marks it read without opening it.
 */
export function InboxList({ state, onOpen }: { state: InboxState; onOpen?: () => void }) {
  const times = useMemo(() => state.items.map((item) => item.createdAt), [state.items]);
  const now = useNow(times);

  async function older() {
    try {
      await loadOlderInbox();
    } catch (error) {
      toast.error(describeRequestFailure(error, INBOX_TEXTS.olderFailed));
    }
  }

  return (
    <div className="space-y-2">
      <OfflineNotice text={INBOX_TEXTS.offline} />
      {state.status === 'loading' ? <LoadingLine>{INBOX_TEXTS.loading}</LoadingLine> : null}
      {state.error !== null ? (
        <LoadError
          message={describeRequestFailure(state.error, INBOX_TEXTS.loadFailed)}
          onRetry={refreshInbox}
        />
      ) : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <p className="px-2 py-4 text-sm text-slate-600">{INBOX_TEXTS.empty}</p>
      ) : null}
      {state.items.length > 0 ? (
        <ul className="space-y-1">
          {state.items.map((item) => (
            <InboxEntry key={item.id} item={item} now={now} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
      {state.next !== null ? (
        <Button variant="ghost" size="sm" disabled={state.loadingOlder} onClick={() => void older()}>
          {state.loadingOlder ? INBOX_TEXTS.loadingOlder : INBOX_TEXTS.older}
        </Button>
      ) : null}
    </div>
  );
}
