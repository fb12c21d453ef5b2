'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { SyncStatus } from '@/features/sync/ui/sync-status';
import { syncStatusStore } from '@/features/sync/client/status-store';
import { LogoLink } from './logo-link';
import { ThemeToggle } from '@/shared/ui/theme-toggle';

// Loaded only where the navbar shows, so /login and /signup don't download the dropdown menu.
const ProfileMenu = dynamic(() => import('./profile-menu').then((module) => module.ProfileMenu), {
  loading: () => <span className="size-11" aria-hidden="true" />,
});

// Team sync only: loaded once the engine runs, so the default mode downloads none of it.
const InboxBell = dynamic(() => import('@/features/inbox/ui/inbox-bell').then((module) => module.InboxBell), {
  loading: () => <span className="size-11" aria-hidden="true" />,
});

/** The inbox's bell while team sync runs in this tab (docs/product.md#the-inbox). */
function TeamInbox({ pathname }: { pathname: string }) {
  const status = useSyncExternalStore(
    syncStatusStore.subscribe,
    syncStatusStore.getSnapshot,
    syncStatusStore.getServerSnapshot,
  );
  return status.state === 'off' ? null : <InboxBell pathname={pathname} />;
}

/**
 * The navbar shows on every page except these (docs/product.md#navbar). `/sso/login` and
 * `/sso/signup` are `/login` and `/signup` with single sign-on set up: the address stays, but the
 * router reports the page that proxy.ts rewrote to.
 */
const PATHS_WITHOUT_NAVBAR = new Set(['/', '/login', '/login/sso', '/signup', '/sso/login', '/sso/signup']);

export function shouldShowNavbar(pathname: string): boolean {
  return !PATHS_WITHOUT_NAVBAR.has(pathname);
}

export function Navbar() {
  const pathname = usePathname() ?? '/';
  if (!shouldShowNavbar(pathname)) return null;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <LogoLink pathname={pathname} />
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <SyncStatus />
          <TeamInbox pathname={pathname} />
          <ThemeToggle />
          <ProfileMenu pathname={pathname} />
        </div>
      </nav>
    </header>
  );
}
