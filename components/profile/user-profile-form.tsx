'use client';

import { Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CARD } from '@/components/ui/styles';
import { TextField } from '@/components/ui/text-field';
import { useLocalStore } from '@/lib/hooks/use-local-store';
import { userProfileStore, type UserProfile } from '@/lib/storage/profiles';
import { ProfilePictureField } from './profile-picture-field';
import { useProfileForm } from '@/lib/hooks/use-profile-form';

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

/** The stored shape (spec §3 userProfile): every key present, text trimmed, '' for no picture. */
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

type FieldSpec = {
  key: TextKey;
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'url';
  autoComplete: string;
  placeholder?: string;
};

const FIELDS: readonly FieldSpec[] = [
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
 * Spec §2 User profile: picture, Name, Email, Phone Number, Address, Date of Birth, Role, LinkedIn and
 * GitHub, saved to `userProfile` in this browser. After a save the page reloads so the navbar shows
 * the new name and picture; when storage refuses the write a toast says so and the form keeps what
 * was typed.
 */
export function UserProfileForm() {
  const stored = useLocalStore(userProfileStore);
  const { values, change, pictureBusy, setPictureBusy, handleSubmit } = useProfileForm({
    stored,
    toValues: toFormValues,
    save: (edited) => userProfileStore.write(toStoredProfile(edited)),
  });

  return (
    <form onSubmit={handleSubmit} className={`${CARD} space-y-6 p-4 sm:p-6`}>
      <ProfilePictureField
        label="Profile picture"
        value={values.profilePic || undefined}
        onChange={(dataUrl) => change('profilePic', dataUrl ?? '')}
        onBusyChange={setPictureBusy}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            type={field.type}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={values[field.key]}
            onChange={(event) => change(field.key, event.target.value)}
          />
        ))}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pictureBusy}>
        <Save aria-hidden="true" className="size-4" />
        Save Profile
      </Button>
    </form>
  );
}
