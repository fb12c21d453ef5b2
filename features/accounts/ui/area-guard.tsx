'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useDeferredValue, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { canEnterArea } from '@/shared/auth/area-access';
import { withRole } from '@/shared/auth/role';
import { SESSION_KEYS, getStoredToken } from '@/shared/session/session';
import type { Role } from '@/shared/auth/role';
import { SLOW_PAGE_NOTICE_MS } from '@/shared/constants';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS } from '@/shared/ui/styles';

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
 * The check is an external store, not an effect: the page then renders right after hydration
 * instead of waiting for the hydration's effects (a frame or more on a busy page). It renders as a
 * deferred value (a transition), which React renders a few milliseconds at a time: the workspace's
 * first render (5,000 tasks on the board) no longer holds the main thread in one long task of
 * several hundred milliseconds on a phone (docs/benchmarks.md, the member dashboard in Lighthouse).
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

  // The check itself is urgent (a logout hides the page at once); showing the page may wait its turn.
  const shown = useDeferredValue(allowed);
  if (!allowed || !shown) return <SessionCheck />;
  return <>{children}</>;
}

/**
 * What shows until the check has run. It is rendered on the server, so when the page's scripts never
 * arrive (offline, a proxy or the dev server refusing them) the spinner would spin forever: after a
 * while a CSS-only notice offers a plain link that loads the page again, with no JavaScript needed.
 * It is as tall as the screen, so the footer waits below the fold instead of showing under the
 * spinner and jumping away when the page arrives (a layout shift: docs/benchmarks.md).
 */
function SessionCheck() {
  const pathname = usePathname();
  return (
    <div className="flex min-h-dvh flex-1 flex-col items-center justify-center gap-4 p-10 text-center">
      <div role="status" aria-live="polite">
        <span
          className="inline-block size-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          aria-hidden="true"
        />
        <span className="sr-only">Checking your session…</span>
      </div>
      <div className="reveal-later max-w-sm space-y-2" style={{ animationDelay: `${SLOW_PAGE_NOTICE_MS}ms` }}>
        <p className="font-semibold text-slate-900">This page is taking longer than expected to load.</p>
        <p className="text-sm text-slate-600">Check your connection, then try again.</p>
        <a
          href={pathname ?? undefined}
          className={`${BUTTON_BASE} ${BUTTON_VARIANTS.secondary} ${BUTTON_SIZES.md}`}
        >
          Retry
        </a>
      </div>
    </div>
  );
}
