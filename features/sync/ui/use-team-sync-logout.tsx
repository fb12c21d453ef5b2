'use client';

import { useState, type ReactNode } from 'react';
import { readRawItem } from '@/shared/browser-storage/local-store';
import { getLogoutControls, type SyncControls } from '@/features/sync/client/status-store';
import { SYNC_META_KEY } from '@/shared/browser-storage/keys';
import { UNSENT_AT_LOGOUT_CONFIRM_LABEL, unsentAtLogoutQuestion } from '@/features/sync/model/status-text';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

/**
 * Team sync's part of a logout (docs/product.md#team-sync): the changes waiting are sent first, then
 * the team's data leaves this browser, so the next person at a shared computer finds none of it.
 * When changes cannot be sent, `dialog` asks first. With sync off (no engine, no bookkeeping stored)
 * `beforeLogout` runs the logout at once, in the same turn: the spec's logout, unchanged.
 */
export function useTeamSyncLogout({ returnFocus }: { returnFocus: () => HTMLElement | null }): {
  beforeLogout: (logOut: () => void) => void;
  dialog: ReactNode;
} {
  type LogoutSteps = Pick<SyncControls, 'sendForLogout' | 'clearForLogout'>;
  const [asking, setAsking] = useState<{ count: number; steps: LogoutSteps; logOut: () => void } | null>(
    null,
  );
  // Mounted from the first question on (it closes itself, returning focus), never before: with sync
  // off the navbar's markup stays exactly as it was.
  const [asked, setAsked] = useState(false);

  /** The running engine's steps; without one (sync stopped), the engine's code works on storage. */
  async function logoutSteps(): Promise<LogoutSteps> {
    const running = getLogoutControls();
    if (running) return running;
    const sync = await import('@/features/sync/client/client');
    return { sendForLogout: sync.sendBeforeLogout, clearForLogout: sync.clearTeamDataForLogout };
  }

  async function sendThenClear(logOut: () => void): Promise<void> {
    const steps = await logoutSteps();
    const unsent = await steps.sendForLogout();
    if (unsent > 0) {
      setAsked(true);
      setAsking({ count: unsent, steps, logOut });
      return;
    }
    await steps.clearForLogout();
    logOut();
  }

  function beforeLogout(logOut: () => void): void {
    if (getLogoutControls() === null && readRawItem(SYNC_META_KEY) === null) {
      logOut();
      return;
    }
    // Should the engine's code fail to load, the session still ends.
    sendThenClear(logOut).catch(logOut);
  }

  const question = unsentAtLogoutQuestion(asking?.count ?? 0);
  const dialog = asked && (
    <ConfirmDialog
      open={asking !== null}
      title={question.title}
      confirmLabel={UNSENT_AT_LOGOUT_CONFIRM_LABEL}
      onConfirm={() => {
        if (!asking) return;
        setAsking(null);
        // The session ends even if the browser's storage refused to clear.
        void Promise.resolve(asking.steps.clearForLogout()).then(asking.logOut, asking.logOut);
      }}
      onCancel={() => setAsking(null)}
      returnFocus={returnFocus}
    >
      <p>{question.body}</p>
    </ConfirmDialog>
  );
  return { beforeLogout, dialog };
}
