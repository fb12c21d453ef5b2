'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { readTokenUserId } from '@/shared/auth/token-claims';
import { startTeamReplica } from '@/features/sync/client/engine/team-replica';
import { answerFirstSync, retrySync, syncStatusStore } from '@/features/sync/client/status-store';
import {
  FIRST_SYNC_KEEP_LABEL,
  FIRST_SYNC_UPLOAD_LABEL,
  firstSyncQuestion,
} from '@/features/sync/model/status-text';
import { getStoredToken } from '@/shared/session/session';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

/**
 * Runs team sync for the signed-in user while a workspace page is open (rendered only when the
 * server has TEAM_SYNC=on), and asks the first-sync question when the engine needs an answer.
 */
export function TeamSync() {
  useEffect(() => {
    const userId = readTokenUserId(getStoredToken());
    if (!userId) return;
    // A change the server applied with a caveat (an assignee it could not find) is told once, in a toast.
    return startTeamReplica({
      userId,
      getToken: getStoredToken,
      onNotice: (message) => toast.warning(message),
    });
  }, []);

  const status = useSyncExternalStore(
    syncStatusStore.subscribe,
    syncStatusStore.getSnapshot,
    syncStatusStore.getServerSnapshot,
  );
  // Storage refused the team's tasks: the status says so in a word, this says what to do.
  const storageMessage = status.state === 'stopped' ? (status.message ?? null) : null;
  useEffect(() => {
    if (!storageMessage) {
      toast.dismiss('team-storage');
      return;
    }
    // It covers the navbar's status on narrow screens: it carries the status's Retry too.
    toast.error(storageMessage, {
      id: 'team-storage',
      duration: Infinity,
      action: { label: 'Retry', onClick: retrySync },
    });
  }, [storageMessage]);
  const asking = status.state === 'needs-decision' && (status.firstSyncCount ?? 0) > 0;
  const question = firstSyncQuestion(status.firstSyncCount ?? 0);
  return (
    <ConfirmDialog
      open={asking}
      title={question.title}
      confirmLabel={FIRST_SYNC_UPLOAD_LABEL}
      confirmVariant="primary"
      cancelLabel={FIRST_SYNC_KEEP_LABEL}
      onConfirm={() => answerFirstSync('upload')}
      onCancel={() => answerFirstSync('keep')}
    >
      <p>{question.body}</p>
    </ConfirmDialog>
  );
}
