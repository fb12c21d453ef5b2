'use client';

import { useMemo } from 'react';
import { LoadError } from '@/shared/ui/load-error';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { CARD } from '@/shared/ui/styles';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useProfileForm } from '@/features/accounts/ui/profile/use-profile-form';
import { userProfileStore, type UserProfile } from '@/features/accounts/client/profile-store';
import { ProfileForm, type ProfileTextField } from './profile-form';
import { UnconfirmedEmailNotice } from './unconfirmed-email-notice';
import { useOwnAccount, withAccountEmail } from './use-own-account';

type TextKey = Exclude<keyof UserProfile, 'profilePic'>;
type FormValues = Record<TextKey, string> & { profilePic: string };

function toFormValues(profile: UserProfile | null): FormValues {
  return {
    name: profile?.name ?? '',
    email: profile?.email ?? '',
    phone: profile?.phone ?? '',
    address: profile?.address ?? '',
    dob: profile?.dob ?? '',
    role: profile?.role ?? '',
    linkedin: profile?.linkedin ?? '',
    github: profile?.github ?? '',
    profilePic: profile?.profilePic ?? '',
  };
}

/**
 * The stored shape of `userProfile` (docs/product.md#storage-keys): every key present, text trimmed,
 * '' for no picture.
 */
function toStoredProfile(values: FormValues): UserProfile {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    dob: values.dob,
    role: values.role.trim(),
    linkedin: values.linkedin.trim(),
    github: values.github.trim(),
    profilePic: values.profilePic,
  };
}

const FIELDS: readonly ProfileTextField<TextKey>[] = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  { key: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', placeholder: '+1 555 123 4567' },
  {
    key: 'address',
    label: 'Address',
    type: 'text',
    autoComplete: 'street-address',
    placeholder: '123 Main St, Springfield, IL',
  },
  { key: 'dob', label: 'Date of Birth', type: 'date', autoComplete: 'bday' },
  {
    key: 'role',
    label: 'Role',
    type: 'text',
    autoComplete: 'organization-title',
    placeholder: 'Software Developer, Student, etc.',
  },
  {
    key: 'linkedin',
    label: 'LinkedIn Profile',
    type: 'url',
    autoComplete: 'url',
    placeholder: 'https://linkedin.com/in/your-name',
  },
  {
    key: 'github',
    label: 'GitHub Profile',
    type: 'url',
    autoComplete: 'url',
    placeholder: 'https://github.com/your-name',
  },
];

/**
 * The member profile (docs/product.md#member-profile): picture, Name, Email, Phone Number, Address, Date of
 * Birth, Role, LinkedIn and GitHub, saved to `userProfile` in this browser. After a save the page reloads so
 * the navbar shows the new name and picture; when storage refuses the write a toast says so and the form
 * keeps what was typed. With team sync on, Name and Email are the account's (see TeamUserProfileForm).
 */
export function UserProfileForm() {
  return useTeamSyncOn() ? <TeamUserProfileForm /> : <LocalUserProfileForm />;
}

function LocalUserProfileForm() {
  const stored = useLocalStore(userProfileStore);
  const form = useProfileForm({
    stored,
    toValues: toFormValues,
    save: (edited) => userProfileStore.write(toStoredProfile(edited)),
  });

  return <ProfileForm form={form} fields={FIELDS} className={`${CARD} p-4 sm:p-6`} />;
}

/** Team mode: the email is the sign-in address, read-only. */
const TEAM_FIELDS = withAccountEmail(FIELDS);

/**
 * Team mode: the form starts from the account's name and email (GET /api/auth/account) and the
 * other fields from `userProfile`; Save Profile first saves the name on the account (kept across
 * logout and seen by the team), then the rest in this browser as in the default mode.
 */
function TeamUserProfileForm() {
  const stored = useLocalStore(userProfileStore);
  const { state, retry, account, saveName } = useOwnAccount();
  const source = useMemo(() => ({ profile: stored, account }), [stored, account]);
  const form = useProfileForm({
    stored: source,
    toValues: ({ profile, account: known }) => ({
      ...toFormValues(profile),
      ...(known ? { name: known.fullName, email: known.email } : {}),
    }),
    save: (edited) => userProfileStore.write(toStoredProfile(edited)),
    saveName,
  });

  return (
    <div className="space-y-4">
      {state.status === 'error' ? <LoadError message={state.message} onRetry={retry} /> : null}
      {account && !account.emailConfirmed ? <UnconfirmedEmailNotice email={account.email} /> : null}
      <ProfileForm form={form} fields={TEAM_FIELDS} className={`${CARD} p-4 sm:p-6`} />
    </div>
  );
}
