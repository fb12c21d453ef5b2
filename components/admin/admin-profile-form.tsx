'use client';

import { Save } from 'lucide-react';
import { useId } from 'react';
import { ProfilePictureField } from '@/components/profile/profile-picture-field';
import { Button } from '@/components/ui/button';
import { FIELD_INPUT } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { addActivityEntry, adminActivityLogStore, profileUpdatedEntry } from '@/lib/storage/admin-activity';
import { adminProfileStore } from '@/lib/storage/profiles';
import { useProfileForm } from '@/lib/hooks/use-profile-form';
import {
  ADMIN_DISPLAY_ROLES,
  toAdminProfileValues,
  toStoredAdminProfile,
  type AdminDisplayRole,
  type AdminProfileValues,
} from '@/lib/admin/admin-profile-values';

/**
 * Writes the profile and its activity entry together: when the second write is refused (full quota)
 * the first is undone through the store, so that a failed save changes nothing, on screen included.
 * Throws what the refused write threw.
 */
function saveProfileWithActivity(values: AdminProfileValues, now: Date): void {
  // Unreadable stored text reads as null; the store has already copied it aside.
  const previous = adminProfileStore.read();
  adminProfileStore.write(toStoredAdminProfile(values));
  try {
    adminActivityLogStore.update((log) => addActivityEntry(log, profileUpdatedEntry(now)));
  } catch (error) {
    try {
      if (previous === null) adminProfileStore.remove();
      else adminProfileStore.write(previous);
    } catch {
      // Storage refuses even the old value: the new profile stays, without its activity entry.
    }
    throw error;
  }
}

/**
 * Spec §2 Admin Settings 'Profile Settings' (also on /admin/profile): picture, Name, Email, Role
 * (Admin or Super Admin) and 'Save Profile'. Saving writes `adminProfile`, adds 'Updated profile on
 * {date-time}' to the activity log, alerts and reloads so the navbar shows the new name and picture.
 * When storage refuses the write a toast says so and nothing changes.
 */
export function AdminProfileForm() {
  const id = useId();
  const stored = useLocalStore(adminProfileStore);
  const { values, change, pictureBusy, setPictureBusy, handleSubmit } = useProfileForm({
    stored,
    toValues: toAdminProfileValues,
    save: (edited) => saveProfileWithActivity(edited, new Date()),
  });

  return (
    <form onSubmit={handleSubmit} className="space-y-6">
      <ProfilePictureField
        label="Profile picture"
        value={values.profilePic || undefined}
        onChange={(dataUrl) => change('profilePic', dataUrl ?? '')}
        onBusyChange={setPictureBusy}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id={`${id}-role`}
            name="role"
            className={FIELD_INPUT}
            value={values.role}
            onChange={(event) => change('role', event.target.value as AdminDisplayRole)}
          >
            {ADMIN_DISPLAY_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pictureBusy}>
        <Save aria-hidden="true" className="size-4" />
        Save Profile
      </Button>
    </form>
  );
}
