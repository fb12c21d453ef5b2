'use client';

import { Save } from 'lucide-react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { cn } from '@/shared/cn';
import { ProfilePictureField } from './profile-picture-field';

/** One text field of a profile form, stored under `key`. */
export type ProfileTextField<K extends string> = {
  key: K;
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'url';
  autoComplete: string;
  placeholder?: string;
  /** Shown but not editable here (team mode's account email), with `hint` saying why. */
  readOnly?: boolean;
  hint?: string;
};

/**
 * The member and admin profile forms: the picture, the text `fields` (then any other control, as
 * children) in two columns, and 'Save Profile', held while a chosen picture is still being processed.
 * `form` is what `useProfileForm` returns.
 */
export function ProfileForm<K extends string>({
  form: { values, change, picture, pictureBusy, handleSubmit, errors },
  fields,
  className,
  children,
}: {
  form: {
    values: Record<K, string>;
    change: (key: K, value: string) => void;
    picture: Omit<ComponentProps<typeof ProfilePictureField>, 'label'>;
    pictureBusy: boolean;
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
    /** A refused value's message, by field. */
    errors?: Partial<Record<K, string | undefined>>;
  };
  fields: readonly ProfileTextField<K>[];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={handleSubmit} className={cn('space-y-6', className)}>
      <ProfilePictureField label="Profile picture" {...picture} />
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            name={field.key}
            type={field.type}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            readOnly={field.readOnly}
            hint={field.hint}
            className={field.readOnly ? '[&_input]:bg-slate-100 [&_input]:text-slate-700' : undefined}
            value={values[field.key]}
            error={errors?.[field.key]}
            onChange={(event) => change(field.key, event.target.value)}
          />
        ))}
        {children}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pictureBusy}>
        <Save aria-hidden="true" className="size-4" />
        Save Profile
      </Button>
    </form>
  );
}
