import type { Metadata } from 'next';
import { AdminProfileForm } from '@/features/admin/ui/admin-profile-form';
import { ChangePasswordForm } from '@/features/accounts/ui/profile/change-password-form';
import { FilesSettings } from '@/features/attachments/ui/files-settings';
import { InboxEmailSettings } from '@/features/admin/ui/inbox-email-settings';
import { LabelsSettings } from '@/features/admin/ui/labels-settings';
import { RecentActivity } from '@/features/admin/ui/recent-activity';
import { SettingsSection } from '@/shared/ui/settings-section';
import { SignupSettingsForm } from '@/features/admin/ui/signup-settings-form';
import { TestMailForm } from '@/features/admin/ui/test-mail-form';

export const metadata: Metadata = { title: 'Admin Settings' };

/**
 * Admin Settings: 'Profile Settings', 'Change Password' and 'Recent Activity'
 * (docs/product.md#admin-settings), who may sign up, 'Sign-up' (docs/product.md#sign-up-settings),
 * 'Outgoing Mail' with its test email (docs/product.md#send-a-test-email), and with team sync the team's
 * 'Labels' (docs/product.md#labels) and the admin's 'Missed Notifications' email
 * (docs/product.md#email-of-what-you-miss), and what the team's 'Files' take (docs/product.md#files-on-tasks). From 1280 px, two columns of equal width: the admin's own
 * account and mail on the left, the workspace's settings on the right (one column below, in that order).
 * Fixed columns rather than a flowing layout, so a block that grows (labels added) never moves another
 * block to the other side under the admin's eyes.
 */
export default function AdminSettingsPage() {
  return (
    <main className="w-full flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Admin Settings</h1>
      <p className="mt-2 mb-6 text-slate-600">
        Your profile is saved in this browser and shown in the navigation bar. Your password is your sign-in
        password.
      </p>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <SettingsSection title="Profile Settings">
            <AdminProfileForm />
          </SettingsSection>
          <SettingsSection title="Change Password">
            <ChangePasswordForm />
          </SettingsSection>
          <SettingsSection title="Recent Activity">
            <RecentActivity />
          </SettingsSection>
          <InboxEmailSettings />
        </div>
        <div className="grid min-w-0 gap-6">
          <SettingsSection title="Sign-up">
            <SignupSettingsForm />
          </SettingsSection>
          <SettingsSection title="Outgoing Mail">
            <TestMailForm />
          </SettingsSection>
          <LabelsSettings />
          <FilesSettings />
        </div>
      </div>
    </main>
  );
}
