'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { canEnterArea } from '@/lib/auth/area-access';
import { withRole } from '@/lib/auth/role';
import { SESSION_KEYS, getStoredToken } from '@/lib/storage/session';
import type { Role } from '@/lib/validation/auth';

function subscribeToToken(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key === null`: another tab cleared storage.
    if (event.key === null || event.key === SESSION_KEYS.token) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Client-side page guard for /user/* and /admin/*. The server refuses data to a bad token anyway;
 * this keeps people out of screens they cannot use. Nothing protected renders before the check,
 * and a logout in another tab sends this one to the login screen too.
 * The check is an external store, not an effect: the page then renders right after hydration, in the
 * same task, instead of waiting for the hydration's effects (a frame or more on a busy page).
 */
export function AreaGuard({ area, children }: { area: Role; children: ReactNode }) {
  const router = useRouter();
  const allowed = useSyncExternalStore(
    subscribeToToken,
    () => canEnterArea(area, getStoredToken()),
    () => false,
  );

  useEffect(() => {
    // Read again rather than trust `allowed`: the hydration render's effects run with the server's
    // answer (false) just before the re-render with the real one.
    if (!canEnterArea(area, getStoredToken())) router.replace(withRole('/login', area));
  }, [allowed, area, router]);

  if (!allowed) {
    return (
      <div className="flex flex-1 items-center justify-center p-10" role="status" aria-live="polite">
        <span
          className="size-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          aria-hidden="true"
        />
        <span className="sr-only">Checking your session…</span>
      </div>
    );
  }
  return <>{children}</>;
}
