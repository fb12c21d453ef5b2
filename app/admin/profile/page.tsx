import type { Metadata } from 'next';
import { AdminProfileCard } from '@/features/admin/ui/admin-profile-card';
import { AdminProfileForm } from '@/features/admin/ui/admin-profile-form';
import { SettingsSection } from '@/shared/ui/settings-section';
import { SingleSignOnSection } from '@/features/accounts/ui/profile/single-sign-on-section';
import { TwoFactorSection } from '@/features/accounts/ui/profile/two-factor-section';

export const metadata: Metadata = { title: 'Admin Profile' };

/**
 * Where the navbar's Profile link takes an admin: the saved profile and the same form as Settings
 * (docs/product.md#admin-profile), the account's two-factor sign-in (docs/product.md#two-factor-sign-in) and its link to the team's
 * provider (docs/product.md#single-sign-on).
 */
export default function AdminProfilePage() {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Admin Profile</h1>
      <p className="mt-2 mb-6 text-slate-600">
        Your details and picture are saved in this browser and shown in the navigation bar.
      </p>
      <div className="space-y-6">
        <AdminProfileCard />
        <SettingsSection title="Profile Settings">
          <AdminProfileForm />
        </SettingsSection>
        <TwoFactorSection />
        <SingleSignOnSection />
      </div>
    </main>
  );
}
