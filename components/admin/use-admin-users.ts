'use client';

import { useCallback, useEffect, useState } from 'react';
import { fetchAdminUsers } from '@/lib/api/admin-users';
import { sortUsersNewestFirst, type AdminUser } from '@/lib/admin/users';

export type AdminUsersState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; users: AdminUser[] };

/** The message shown when the user list cannot be loaded (the spec only logs it; we also say so). */
export const USERS_LOAD_ERROR = 'Could not load users.';

/**
 * GET /admin/users for the admin screens, newest first (spec §7). A failure is logged as the spec
 * does and also surfaced as state, so the screen can offer 'Retry' instead of staying blank.
 */
export function useAdminUsers() {
  const [state, setState] = useState<AdminUsersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAdminUsers({ signal: controller.signal }).then(
      (users) => setState({ status: 'ready', users: sortUsersNewestFirst(users) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to fetch users', error);
        const detail = error instanceof Error ? error.message : '';
        setState({ status: 'error', message: detail ? `${USERS_LOAD_ERROR} ${detail}` : USERS_LOAD_ERROR });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  /** Applies a local change (an edit saved, a row deleted) without fetching the list again. */
  const updateUsers = useCallback((change: (users: AdminUser[]) => AdminUser[]) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', users: change(current.users) } : current,
    );
  }, []);

  return { state, retry, updateUsers };
}
