'use client';

import { useEffect, useState } from 'react';
import type { SyncUser } from '@/features/accounts/model/team-users';
import { cachedSyncUsers, loadSyncUsers } from '@/features/accounts/client/team-users';

export type SyncUsersState =
  | { status: 'loading'; users: readonly SyncUser[] }
  | { status: 'ready'; users: readonly SyncUser[] }
  | { status: 'error'; users: readonly SyncUser[] };

const NONE: readonly SyncUser[] = [];

/**
 * The team's names for an assignee picker (features/accounts/client/team-users.ts: one request per page load). Offline or
 * failed, the state is 'error' with no names: the picker still offers the current value and the
 * signed-in user, and says so.
 */
export function useSyncUsers(): SyncUsersState {
  const [state, setState] = useState<SyncUsersState>(() => {
    const cached = cachedSyncUsers();
    return cached ? { status: 'ready', users: cached } : { status: 'loading', users: NONE };
  });

  useEffect(() => {
    if (state.status === 'ready') return;
    let active = true;
    loadSyncUsers().then(
      (users) => {
        if (active) setState({ status: 'ready', users });
      },
      () => {
        // Not logged as an error: being offline is expected, and the picker says what it can offer.
        if (active) setState({ status: 'error', users: NONE });
      },
    );
    return () => {
      active = false;
    };
    // Asked once per mounted picker; a failed load is asked again by the next picker opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return state;
}
