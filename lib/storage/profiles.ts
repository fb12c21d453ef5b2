import { z } from 'zod';
import { createLocalStore } from './local-store';

/** Spec §3: only images stored as data URLs are shown; anything else is ignored, not rendered. */
export const profilePicSchema = z
  .string()
  .refine(
    (value) => value === '' || /^data:image\/[a-z0-9.+-]+;base64,/i.test(value),
    'Not an image data URL',
  );

/** Spec §3 User profile (key userProfile). Every field optional: older data may lack some. */
export const userProfileSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  dob: z.string().optional(),
  role: z.string().optional(),
  linkedin: z.string().optional(),
  github: z.string().optional(),
  profilePic: profilePicSchema.optional().catch(undefined),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Spec §3 Admin profile (key adminProfile). */
export const adminProfileSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  role: z.string().optional(),
  profilePic: profilePicSchema.optional().catch(undefined),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const PROFILE_KEYS = { user: 'userProfile', admin: 'adminProfile' } as const;

export const userProfileStore = createLocalStore<UserProfile | null>({
  key: PROFILE_KEYS.user,
  schema: userProfileSchema.nullable(),
  fallback: null,
});

export const adminProfileStore = createLocalStore<AdminProfile | null>({
  key: PROFILE_KEYS.admin,
  schema: adminProfileSchema.nullable(),
  fallback: null,
});
