'use client';

import { useCallback, useEffect, useState } from 'react';
import type { AttachmentLimits, TaskAttachment } from '@/features/attachments/model/protocol';
import { fetchAttachments } from '@/features/attachments/client/attachments-api';

export type AttachmentsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; attachments: TaskAttachment[]; limits: AttachmentLimits };

/**
 * A task's files as the server has them, read when the view opens and again on `reload`; `put` and
 * `drop` change the list at once after a write of this screen (the server's answer, or Undo).
 */
export function useAttachments(task: string) {
  const [state, setState] = useState<AttachmentsState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchAttachments(task, controller.signal).then(
      (list) => setState({ status: 'ready', ...list }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [task, round]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setRound((n) => n + 1);
  }, []);
  const put = useCallback((attachment: TaskAttachment) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      const others = current.attachments.filter((item) => item.id !== attachment.id);
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
