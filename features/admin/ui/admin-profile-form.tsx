'use client';

import { useMemo } from 'react';
import { LoadError } from '@/shared/ui/load-error';
import { ProfileForm, type ProfileTextField } from '@/features/accounts/ui/profile/profile-form';
import { UnconfirmedEmailNotice } from '@/features/accounts/ui/profile/unconfirmed-email-notice';
import { useOwnAccount, withAccountEmail } from '@/features/accounts/ui/profile/use-own-account';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { SelectField } from '@/shared/ui/select-field';
import {
  ADMIN_DISPLAY_ROLES,
  toAdminProfileValues,
  toStoredAdminProfile,
  type AdminProfileValues,
} from '@/features/admin/model/admin-profile-values';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { useProfileForm } from '@/features/accounts/ui/profile/use-profile-form';
import { adminProfileStore, saveAdminProfile } from '@/features/admin/client/admin-profile-store';

const FIELDS: readonly ProfileTextField<'name' | 'email'>[] = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/**
 * Admin Settings' 'Profile Settings' (also on /admin/profile; docs/product.md#profile-settings): picture,
 * Name, Email, Role (Admin or Super Admin) and 'Save Profile'. Saving writes `adminProfile`, adds 'Updated
 * profile on {date-time}' to the activity log, alerts and reloads so the navbar shows the new name and
 * picture. When storage refuses the write a toast says so and nothing changes. With team sync on, Name
 * and Email are the account's (see TeamAdminProfileForm).
 */
export function AdminProfileForm() {
  return useTeamSyncOn() ? <TeamAdminProfileForm /> : <LocalAdminProfileForm />;
}

function LocalAdminProfileForm() {
  const stored = useLocalStore(adminProfileStore);
  const form = useProfileForm({
    stored,
    toValues: toAdminProfileValues,
    save: (edited) => saveAdminProfile(toStoredAdminProfile(edited), new Date()),
  });
  return <AdminProfileFields form={form} fields={FIELDS} />;
}

export const TEAM_ADMIN_PROFILE_INTRO =
  'Your name and email are your account’s: your team sees them, and they follow you to every device. Your role and picture are saved in this browser.';

/** Team mode: the email is the sign-in address, read-only. */
const TEAM_FIELDS = withAccountEmail(FIELDS);

/**
 * Team mode, as a member's Profile: Name and Email start from the account (GET /api/auth/account);
 * Save Profile saves the name on the account first (kept across logout, the name the team sees), then
 * `adminProfile` in this browser with the same name, so the navbar and the card show it.
 */
function TeamAdminProfileForm() {
  const stored = useLocalStore(adminProfileStore);
  const { state, retry, account, saveName } = useOwnAccount();
  const source = useMemo(() => ({ profile: stored, account }), [stored, account]);
  const form = useProfileForm({
    stored: source,
    toValues: ({ profile, account: known }) => ({
      ...toAdminProfileValues(profile),
      ...(known ? { name: known.fullName, email: known.email } : {}),
    }),
    save: (edited) => saveAdminProfile(toStoredAdminProfile(edited), new Date()),
    saveName,
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{TEAM_ADMIN_PROFILE_INTRO}</p>
      {state.status === 'error' ? <LoadError message={state.message} onRetry={retry} /> : null}
      {account && !account.emailConfirmed ? <UnconfirmedEmailNotice email={account.email} /> : null}
      <AdminProfileFields form={form} fields={TEAM_FIELDS} />
    </div>
  );
}

function AdminProfileFields({
  form,
  fields,
}: {
  form: ReturnType<typeof useProfileForm<unknown, AdminProfileValues>>;
  fields: readonly ProfileTextField<'name' | 'email'>[];
}) {
  return (
    <ProfileForm form={form} fields={fields}>
      <SelectField
        label="Role"
        name="role"
        options={ADMIN_DISPLAY_ROLES}
        value={form.values.role}
        onChange={(role) => form.change('role', role)}
      />
    </ProfileForm>
  );
}
