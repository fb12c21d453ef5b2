'use client';

import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { endServerSession } from '@/lib/api/logout';
import { isAdminPath } from '@/lib/auth/role';
import { cn } from '@/lib/cn';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { adminProfileStore, userProfileStore } from '@/lib/storage/profiles';
import { clearSession, getStoredToken, loggedInUserStore } from '@/lib/storage/session';
import { FOCUS_RING } from '@/components/ui/styles';
import { teamSyncFlag } from '@/components/sync/team-sync-context';
import { useTeamSyncLogout } from '@/components/sync/use-team-sync-logout';
import { Avatar } from './avatar';
import { profileMenuName } from '@/lib/account/menu-name';

const ITEM =
  'flex min-h-10 w-full cursor-pointer items-center gap-2 rounded-md px-3 text-left text-sm text-slate-800 outline-none hover:bg-brand-50 hover:text-brand-900 focus:bg-brand-50 focus:text-brand-900';

/**
 * The navbar's profile menu (docs/product.md#navbar): name and picture, 'Profile' and 'Logout'. A WAI-ARIA
 * menu button (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/) written out rather than a library's: it
 * is on every signed-in page, and Radix's dropdown cost those pages about 30 kB of gzipped JavaScript. Enter,
 * Space and ↓ open it on the first item, ↑ on the last; arrows, Home and End move; Escape closes it and
 * returns focus to the button; Tab, a click outside or leaving focus close it.
 */
export function ProfileMenu({ pathname }: { pathname: string }) {
  const router = useRouter();
  const admin = isAdminPath(pathname);
  const userProfile = useLocalStore(userProfileStore);
  const adminProfile = useLocalStore(adminProfileStore);
  const profile = admin ? adminProfile : userProfile;
  const account = useLocalStore(loggedInUserStore);
  const team = useSyncExternalStore(
    teamSyncFlag.subscribe,
    teamSyncFlag.getSnapshot,
    teamSyncFlag.getServerSnapshot,
  );
  const name = profileMenuName({
    team,
    admin,
    profileName: profile?.name,
    accountName: account?.name,
  });

  const [open, setOpen] = useState(false);
  // Which item to focus once the menu has rendered: 'first', 'last' or none (opened by a pointer).
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const teamSyncLogout = useTeamSyncLogout({ returnFocus: () => buttonRef.current });

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen) items()[focusOnOpen === 'first' ? 0 : items().length - 1]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open, focusOnOpen]);

  function openMenu(focus: 'first' | 'last' | null) {
    setFocusOnOpen(focus);
    setOpen(true);
  }

  function closeMenu({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Opened with a pointer, focus stays on the button: Escape there closes the menu too.
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeMenu({ returnFocus: true });
    } else if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
        closeMenu({ returnFocus: true });
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  function logOut() {
    setOpen(false);
    teamSyncLogout.beforeLogout(endSession);
  }

  /** After team sync sent what waits (or was told to leave it): the token ends on the server too. */
  function endSession() {
    endServerSession(getStoredToken());
    try {
      clearSession();
      (admin ? adminProfileStore : userProfileStore).remove();
    } catch {
      // Storage unavailable: there is nothing stored to clear; leave anyway.
    }
    router.push('/');
  }

  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        className={cn(
          'flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100',
          FOCUS_RING,
        )}
        aria-label={`Profile menu for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu({ returnFocus: false }) : openMenu(null))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar src={profile?.profilePic} className="size-9 shrink-0" />
        <span className="max-w-[9rem] min-w-0 truncate" data-testid="profile-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Profile menu for ${name}`}
          className="absolute right-0 z-50 mt-2 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              href={admin ? '/admin/profile' : '/user/profile'}
              className={ITEM}
              onClick={() => setOpen(false)}
            >
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={ITEM} onClick={logOut}>
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </li>
        </ul>
      )}
      {teamSyncLogout.dialog}
    </div>
  );
}
