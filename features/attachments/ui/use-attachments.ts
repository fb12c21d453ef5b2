'use client';

import { useCallback, useEffect, useState } from 'react';
import type { AttachmentLimits, TaskAttachment } from '@/features/attachments/model/protocol';
import { cardFilesOf } from '@/features/attachments/client/counts-store';
import { localAttachmentCounts } from '@/features/attachments/client/local-counts';
import { attachmentCounts } from '@/features/attachments/client/counts-store';
import { onCommentsChanged } from '@/shared/realtime/live-comments';
import { useFilesSource } from './use-files-source';

export type AttachmentsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; attachments: TaskAttachment[]; limits: AttachmentLimits };

/**
 * A task's files as the server (or, by default, this browser) has them: read when the view opens, again when another screen
 * changes what is beside the task (the live stream's event) and on `reload` (Retry); `put` and
 * `drop` change the list at once after a write of this screen. The card's count follows the list.
 */
export function useAttachments(task: string) {
  const source = useFilesSource();
  const [state, setState] = useState<AttachmentsState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    source.list(task, controller.signal).then(
      (list) => setState({ status: 'ready', ...list }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A refresh that fails keeps the list shown; only a first read (or Retry) shows the error.
        const message = error instanceof Error ? error.message : String(error);
        setState((current) => (current.status === 'ready' ? current : { status: 'error', message }));
      },
    );
    return () => controller.abort();
  }, [source, task, round]);
  useEffect(
    () =>
      onCommentsChanged((changed) => {
        if (changed === null || changed === task) setRound((n) => n + 1);
      }),
    [task],
  );
  useEffect(() => {
    const counts = source.team ? attachmentCounts : localAttachmentCounts;
    if (state.status === 'ready') counts.set(task, cardFilesOf(state.attachments));
  }, [source, task, state]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setRound((n) => n + 1);
  }, []);
  const put = useCallback((attachment: TaskAttachment) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      // A new cover: the task's other files are not any more.
      const others = current.attachments
        .filter((item) => item.id !== attachment.id)
        .map((item) => (attachment.cover && item.cover ? { ...item, cover: false } : item));
      const attachments = [...others, attachment].sort(
        (a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id),
      );
      return { ...current, attachments };
    });
  }, []);
  const drop = useCallback((id: string) => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, attachments: current.attachments.filter((item) => item.id !== id) }
        : current,
    );
  }, []);
  return { state, reload, put, drop };
}
