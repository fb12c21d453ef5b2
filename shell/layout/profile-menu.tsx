'use client';

import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { endServerSession } from '@/features/accounts/client/logout';
import { isAdminPath } from '@/shared/auth/role';
import { cn } from '@/shared/cn';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { userProfileStore } from '@/features/accounts/client/profile-store';
import { adminProfileStore } from '@/features/admin/client/admin-profile-store';
import { clearSession, getStoredToken, loggedInUserStore } from '@/shared/session/session';
import { MENU_ITEM, MENU_PANEL, useMenuButton } from '@/shared/ui/menu-button';
import { FOCUS_RING } from '@/shared/ui/styles';
import { teamSyncFlag } from '@/shared/session/team-sync-context';
import { useTeamSyncLogout } from '@/features/sync/ui/use-team-sync-logout';
import { Avatar } from '@/shared/ui/avatar';
import { profileMenuName } from '@/features/accounts/model/menu-name';

/**
 * The navbar's profile menu (docs/product.md#navbar): name and picture, 'Profile' and 'Logout', a menu
 * button (shared/ui/menu-button.ts).
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

  const menu = useMenuButton();
  const teamSyncLogout = useTeamSyncLogout({ returnFocus: () => menu.buttonRef.current });

  function logOut() {
    menu.close();
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
    <div {...menu.rootProps} className="relative min-w-0">
      <button
        {...menu.buttonProps}
        className={cn(
          'flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100',
          FOCUS_RING,
        )}
        aria-label={`Profile menu for ${name}`}
      >
        <Avatar src={profile?.profilePic} className="size-9 shrink-0" />
        <span className="max-w-[9rem] min-w-0 truncate" data-testid="profile-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </button>
      {menu.open && (
        <ul {...menu.menuProps} aria-label={`Profile menu for ${name}`} className={MENU_PANEL}>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              href={admin ? '/admin/profile' : '/user/profile'}
              className={MENU_ITEM}
              onClick={menu.close}
            >
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={MENU_ITEM} onClick={logOut}>
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
