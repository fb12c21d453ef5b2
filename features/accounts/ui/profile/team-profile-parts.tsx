'use client';

import { ChangePasswordForm } from '@/features/accounts/ui/profile/change-password-form';
import { SettingsSection } from '@/shared/ui/settings-section';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** The line under `Profile`: the spec's, or with team sync on, which details are the account's. */
export function ProfileIntro() {
  return (
    <p className="mt-2 mb-6 text-slate-600">
      {useTeamSyncOn()
        ? 'Your name and email are your account’s: your team sees them, and they follow you to every device. Your other details and picture are saved in this browser.'
        : 'Your details and picture are saved in this browser and shown in the navigation bar.'}
    </p>
  );
}

/**
 * Team mode: a member changes their sign-in password here, with the admin's own form
 * (docs/product.md#member-profile, docs/product.md#change-password). Without team sync the profile
 * is the spec's and has none.
 */
export function TeamPasswordSection() {
  if (!useTeamSyncOn()) return null;
  return (
    <SettingsSection title="Change Password" className="mt-8">
      <ChangePasswordForm />
    </SettingsSection>
  );
}
