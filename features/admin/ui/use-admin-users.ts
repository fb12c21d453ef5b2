'use client';

import { useCallback, useEffect, useState } from 'react';
import { canEnterArea } from '@/shared/auth/area-access';
import { fetchAdminUsers } from '@/features/admin/client/admin-users-api';
import { sortUsersNewestFirst, type AdminUser } from '@/features/admin/model/users';
import { getStoredToken } from '@/shared/session/session';

export type AdminUsersState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; users: AdminUser[] };

/**
 * The message shown when the user list cannot be loaded (the original only logged it; we also say so,
 * docs/product.md#manage-users).
 */
export const USERS_LOAD_ERROR = 'Could not load users.';

/** A preloaded list older than this is not used: the first render asks again. */
const PRELOAD_MAX_AGE_MS = 5_000;

let preloaded: { promise: Promise<AdminUser[]>; startedAtMs: number } | null = null;

/**
 * Starts GET /admin/users before React has rendered anything, for a screen whose content is the list
 * (Manage Users with 10,000 users: the request otherwise waits for hydration and the area guard;
 * npm run bench:admin-users). Only with an admin's token, so it never ends someone else's session.
 */
export function preloadAdminUsers(): void {
  if (preloaded || !canEnterArea('admin', getStoredToken())) return;
  const promise = fetchAdminUsers();
  // Its failure is reported by the screen that takes it.
  promise.catch(() => undefined);
  preloaded = { promise, startedAtMs: Date.now() };
}

function takePreloaded(): Promise<AdminUser[]> | null {
  const taken = preloaded;
  preloaded = null;
  return taken && Date.now() - taken.startedAtMs <= PRELOAD_MAX_AGE_MS ? taken.promise : null;
}

/**
 * GET /admin/users for the admin screens, newest first (docs/product.md#endpoint-list-users). A failure is
 * logged to the console and also surfaced as state, so the screen can offer 'Retry' instead of staying blank.
 */
export function useAdminUsers() {
  const [state, setState] = useState<AdminUsersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const request = takePreloaded() ?? fetchAdminUsers({ signal: controller.signal });
    request.then(
      (users) => {
        if (!controller.signal.aborted) setState({ status: 'ready', users: sortUsersNewestFirst(users) });
      },
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
