'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { isAdminPath } from '@/lib/auth/role';
import { cn } from '@/lib/cn';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { adminProfileStore, userProfileStore } from '@/lib/storage/profiles';
import { clearSession } from '@/lib/storage/session';
import { FOCUS_RING } from '@/components/ui/styles';
import { Avatar } from './avatar';

/** Spec §2: the default name when no profile is stored. */
export const DEFAULT_PROFILE_NAME = 'User';

const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** Spec §2 Navbar profile menu: name and picture, 'Profile' and 'Logout'. */
export function ProfileMenu({ pathname }: { pathname: string }) {
  const router = useRouter();
  const admin = isAdminPath(pathname);
  const userProfile = useLocalStore(userProfileStore);
  const adminProfile = useLocalStore(adminProfileStore);
  const profile = admin ? adminProfile : userProfile;
  const name = profile?.name?.trim() || DEFAULT_PROFILE_NAME;

  function logOut() {
    try {
      clearSession();
      (admin ? adminProfileStore : userProfileStore).remove();
    } catch {
      // Storage unavailable: there is nothing stored to clear; leave anyway.
    }
    router.push('/');
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'flex min-h-11 min-w-0 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100',
          FOCUS_RING,
        )}
        aria-label={`Profile menu for ${name}`}
      >
        <Avatar src={profile?.profilePic} className="size-9 shrink-0" />
        <span className="max-w-[9rem] min-w-0 truncate" data-testid="profile-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href={admin ? '/admin/profile' : '/user/profile'}>
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={logOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
