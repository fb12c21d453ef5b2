'use client';

import { UserRound } from 'lucide-react';
import { useOwnAccount } from '@/features/accounts/ui/profile/use-own-account';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { CARD } from '@/shared/ui/styles';
import type { OwnAccount } from '@/features/accounts/client/account-api';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { adminProfileStore } from '@/features/admin/client/admin-profile-store';
import { DEFAULT_ADMIN_PROFILE, toAdminProfileValues } from '@/features/admin/model/admin-profile-values';

/**
 * The admin's saved profile at a glance: picture (or a default icon), name, email and role. With team
 * sync on, the name and email are the account's (as in Profile Settings).
 */
export function AdminProfileCard() {
  return useTeamSyncOn() ? <TeamAdminProfileCard /> : <ProfileCard />;
}

function TeamAdminProfileCard() {
  const { account } = useOwnAccount();
  return <ProfileCard account={account} />;
}

function ProfileCard({ account }: { account?: OwnAccount | null }) {
  const stored = toAdminProfileValues(useLocalStore(adminProfileStore));
  const profile = account ? { ...stored, name: account.fullName, email: account.email } : stored;
  return (
    <section
      aria-labelledby="admin-profile-card-name"
      className={`${CARD} flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left`}
    >
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-700">
        {profile.profilePic ? (
          // A data URL made in this browser: next/image cannot optimise it, a plain img is right.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={profile.profilePic} alt="Profile picture" className="size-full object-cover" />
        ) : (
          <UserRound role="img" aria-label="No profile picture" className="size-10" />
        )}
      </div>
      <div className="min-w-0">
        <h2 id="admin-profile-card-name" className="text-xl font-semibold break-words text-slate-900">
          {profile.name || DEFAULT_ADMIN_PROFILE.name}
        </h2>
        <p className="mt-0.5 text-sm break-all text-slate-600">{profile.email}</p>
        <p className="mt-2 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {profile.role}
        </p>
      </div>
    </section>
  );
}
