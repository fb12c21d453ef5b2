'use client';

import { Clock, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { WaitingUpload } from '@/features/attachments/client/files-db';
import {
  currentAccount,
  discardWaiting,
  startSendingWaiting,
  waitingFor,
} from '@/features/attachments/client/waiting-uploads';
import { formatBytes } from '@/shared/format/bytes';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { ATTACHMENT_TEXTS } from './attachment-texts';

/**
 * The task's files picked offline that wait in this browser (team sync), read again whenever
 * something beside the task changes (one is sent, kept or refused); sending starts with the view.
 */
export function useWaiting(task: string, enabled: boolean): WaitingUpload[] {
  const [waiting, setWaiting] = useState<WaitingUpload[]>([]);
  const read = useCallback(() => {
    const account = currentAccount();
    if (!enabled || account === null) return;
    waitingFor(task, account).then(setWaiting, () => setWaiting([]));
  }, [task, enabled]);
  useEffect(() => {
    if (!enabled) return;
    startSendingWaiting();
    read();
    return onCommentsChanged((changed) => {
      if (changed === null || changed === task) read();
    });
  }, [task, enabled, read]);
  return enabled ? waiting : [];
}

/** Each waiting file, its size and what it waits for (or why the server refused it), and Discard. */
export function WaitingList({ waiting }: { waiting: WaitingUpload[] }) {
  const [error, setError] = useState<string | null>(null);
  if (waiting.length === 0) return null;
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-800">{ATTACHMENT_TEXTS.waitingHeading}</p>
      <ul className="space-y-1">
        {waiting.map((item) => (
          <li
            key={item.id}
            className={
              item.refused
                ? 'flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800'
                : 'flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700'
            }
          >
            {item.refused ? null : <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            <span role={item.refused ? 'alert' : 'status'} className="min-w-0 flex-1 break-words">
              {item.refused
                ? ATTACHMENT_TEXTS.notSent(item.name, item.refused)
                : `${ATTACHMENT_TEXTS.waiting(item.name)} (${formatBytes(item.size)})`}
            </span>
            <button
              type="button"
              aria-label={ATTACHMENT_TEXTS.discard(item.name)}
              title={ATTACHMENT_TEXTS.discard(item.name)}
              className="rounded p-1 hover:bg-slate-200"
              onClick={() =>
                discardWaiting(item.id).then(
                  () => setError(null),
                  (failure: unknown) => setError((failure as Error).message),
                )
              }
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
