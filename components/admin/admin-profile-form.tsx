'use client';

import { ProfileForm, type ProfileTextField } from '@/components/profile/profile-form';
import { SelectField } from '@/components/ui/select-field';
import {
  ADMIN_DISPLAY_ROLES,
  toAdminProfileValues,
  toStoredAdminProfile,
} from '@/lib/admin/admin-profile-values';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { useProfileForm } from '@/lib/hooks/use-profile-form';
import { adminProfileStore, saveAdminProfile } from '@/lib/storage/profiles';

const FIELDS: readonly ProfileTextField<'name' | 'email'>[] = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/**
 * Admin Settings' 'Profile Settings' (also on /admin/profile; docs/product.md#profile-settings): picture,
 * Name, Email, Role (Admin or Super Admin) and 'Save Profile'. Saving writes `adminProfile`, adds 'Updated
 * profile on {date-time}' to the activity log, alerts and reloads so the navbar shows the new name and
 * picture. When storage refuses the write a toast says so and nothing changes.
 */
export function AdminProfileForm() {
  const stored = useLocalStore(adminProfileStore);
  const form = useProfileForm({
    stored,
    toValues: toAdminProfileValues,
    save: (edited) => saveAdminProfile(toStoredAdminProfile(edited), new Date()),
  });

  return (
    <ProfileForm form={form} fields={FIELDS}>
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
