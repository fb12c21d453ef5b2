import type { Metadata } from 'next';
import { YourData } from '@/features/data-transfer/ui/your-data';
import { ProfileIntro, TeamPasswordSection } from '@/features/accounts/ui/profile/team-profile-parts';
import { SingleSignOnSection } from '@/features/accounts/ui/profile/single-sign-on-section';
import { TwoFactorSection } from '@/features/accounts/ui/profile/two-factor-section';
import { UserProfileForm } from '@/features/accounts/ui/profile/user-profile-form';

export const metadata: Metadata = { title: 'Profile' };

/**
 * The member's profile: details and picture, kept in this browser (docs/product.md#member-profile), then
 * their data's export and import (docs/product.md#your-data). With team sync on, the name and email are
 * the account's and the member can change their password here. Two-factor sign-in is the account's,
 * in every mode (docs/product.md#two-factor-sign-in), and so is the link to the team's provider when one
 * is set up (docs/product.md#single-sign-on).
 */
export default function UserProfilePage() {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Profile</h1>
      <ProfileIntro />
      <UserProfileForm />
      <TeamPasswordSection />
      <TwoFactorSection className="mt-8" />
      <SingleSignOnSection className="mt-8" />
      <YourData />
    </main>
  );
}
