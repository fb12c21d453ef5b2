import type { Metadata } from 'next';
import { YourData } from '@/components/profile/your-data';
import { UserProfileForm } from '@/components/profile/user-profile-form';

export const metadata: Metadata = { title: 'Profile' };

/**
 * The member's profile: details and picture, kept in this browser (docs/product.md#member-profile), then
 * their data's export and import (docs/product.md#your-data).
 */
export default function UserProfilePage() {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">Profile</h1>
      <p className="mt-2 mb-6 text-slate-600">
        Your details and picture are saved in this browser and shown in the navigation bar.
      </p>
      <UserProfileForm />
      <YourData />
    </main>
  );
}
