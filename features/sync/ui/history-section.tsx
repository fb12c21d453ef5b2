'use client';

import { useId, useMemo, useRef } from 'react';
import type { TaskHistoryEntry } from '@/features/sync/client/history-api';
import { OFFLINE_TEXT } from '@/shared/content/offline';
import { useNearScreen } from '@/shared/hooks/use-near-screen';
import { isSyncId } from '@/features/sync/model/protocol';
import type { Task } from '@/features/tasks/model/task-types';
import { LoadError, LoadingLine } from '@/shared/ui/load-error';
import { Button } from '@/shared/ui/button';
import { OfflineNotice } from '@/shared/ui/offline-notice';
import { RelativeTime, useNow } from '@/shared/ui/relative-time';
import { useTaskHistory } from './use-task-history';

export const HISTORY_TEXTS = {
  heading: 'History',
  loading: 'Loading history…',
  empty: 'No history yet.',
  older: 'Show older',
  loadingOlder: 'Loading older changes…',
  purged: 'Older changes are not kept (30 days).',
} as const;

/**
 * What happened to the task (docs/product.md#task-history), team sync only, newest first: each
 * entry's sentence (the server's) and when, with `Show older` for the next page. Read only once the
 * section comes into view (opening a task asks for nothing more).
 */
export function HistorySection({ task }: { task: Task }) {
  const uid = task.uid;
  if (typeof uid !== 'string' || !isSyncId(uid)) return null;
  return <History key={uid} task={{ ...task, uid }} />;
}

function History({ task }: { task: Task & { uid: string } }) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const wanted = useNearScreen(sectionRef, '100px');
  const { list, busy, failure, online, older, retry } = useTaskHistory(task, wanted);
  const entries = list?.entries;
  const times = useMemo(() => (entries ?? []).map((entry) => entry.at), [entries]);
  const now = useNow(times);
  const lastPage = list !== null && list.next === null;
  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {HISTORY_TEXTS.heading}
      </h3>
      <OfflineNotice text={OFFLINE_TEXT.history} />
      {list === null && busy === 'first' ? <LoadingLine>{HISTORY_TEXTS.loading}</LoadingLine> : null}
      {list !== null && list.entries.length === 0 ? (
        <p className="text-sm text-slate-600">{HISTORY_TEXTS.empty}</p>
      ) : null}
      {list !== null && list.entries.length > 0 ? (
        <ol aria-labelledby={headingId} className="divide-y divide-slate-200">
          {list.entries.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} now={now} />
          ))}
        </ol>
      ) : null}
      {lastPage && !list.complete ? <p className="text-sm text-slate-600">{HISTORY_TEXTS.purged}</p> : null}
      {busy === 'older' ? <LoadingLine>{HISTORY_TEXTS.loadingOlder}</LoadingLine> : null}
      {failure !== null ? <LoadError message={failure.message} onRetry={retry} /> : null}
      {list !== null && list.next !== null && busy !== 'older' && !failure?.older ? (
        <Button variant="secondary" size="sm" disabled={!online} onClick={older}>
          {HISTORY_TEXTS.older}
        </Button>
      ) : null}
    </section>
  );
}

function HistoryItem({ entry, now }: { entry: TaskHistoryEntry; now: number }) {
  return (
    // The time under the sentence on narrow screens, at its right on wider ones: the same for every entry.
    <li className="py-2 text-sm sm:flex sm:items-baseline sm:justify-between sm:gap-3">
      <span className="block min-w-0 break-words text-slate-900">{entry.text}</span>
      <span className="block sm:shrink-0 sm:whitespace-nowrap">
        <RelativeTime iso={entry.at} now={now} tipSide="left-0 sm:right-0 sm:left-auto" />
      </span>
    </li>
  );
}
