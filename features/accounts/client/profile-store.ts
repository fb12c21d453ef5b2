import { INVALID, parser, readOptionalStringFields } from '@/shared/validation/parsers';
import { createNullableStore } from '@/shared/browser-storage/local-store';

/**
 * Only images stored as data URLs are shown; anything else is ignored, not rendered
 * (docs/product.md#storage-keys).
 */
export function isProfilePic(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || /^data:image\/[a-z0-9.+-]+;base64,/i.test(value));
}

const USER_PROFILE_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'dob',
  'role',
  'linkedin',
  'github',
] as const;

/** The member profile (key userProfile). Every field optional: older data may lack some. */
export type UserProfile = Partial<Record<(typeof USER_PROFILE_FIELDS)[number] | 'profilePic', string>>;

/**
 * A profile object: the listed text fields (a field of another type makes it unreadable), plus
 * `profilePic` when it is an image data URL (anything else there is dropped, never rendered).
 */
export function profileParser<K extends string>(fields: readonly K[]) {
  return parser<Partial<Record<K | 'profilePic', string>>>((value) => {
    const fieldsRead = readOptionalStringFields(value, fields);
    if (fieldsRead === INVALID) return INVALID;
    const profile = fieldsRead as Partial<Record<K | 'profilePic', string>>;
    const picture = (value as Record<string, unknown>).profilePic;
    if (isProfilePic(picture)) profile.profilePic = picture;
    return profile;
  });
}

export const userProfileSchema = profileParser(USER_PROFILE_FIELDS);

export const PROFILE_KEYS = { user: 'userProfile', admin: 'adminProfile' } as const;

export const userProfileStore = createNullableStore<UserProfile>(PROFILE_KEYS.user, userProfileSchema);
