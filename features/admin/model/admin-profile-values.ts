/** The admin profile's text fields (key adminProfile; docs/product.md#storage-keys). */
export const ADMIN_PROFILE_FIELDS = ['name', 'email', 'role'] as const;

/** The admin profile (key adminProfile; docs/product.md#storage-keys). */
export type AdminProfile = Partial<Record<(typeof ADMIN_PROFILE_FIELDS)[number] | 'profilePic', string>>;

/** The display roles an admin can pick in Profile Settings (docs/product.md#profile-settings). */
export const ADMIN_DISPLAY_ROLES = ['Admin', 'Super Admin'] as const;
export type AdminDisplayRole = (typeof ADMIN_DISPLAY_ROLES)[number];

/**
 * The admin profile shown when nothing is stored: name 'Admin User', a sample email, role Admin
 * (docs/product.md#profile-settings).
 */
export const DEFAULT_ADMIN_PROFILE = {
  name: 'Admin User',
  email: 'admin@example.com',
  role: 'Admin',
} as const satisfies { name: string; email: string; role: AdminDisplayRole };

export type AdminProfileValues = {
  name: string;
  email: string;
  role: AdminDisplayRole;
  /** An image data URL, or '' for none. */
  profilePic: string;
};

function isDisplayRole(value: unknown): value is AdminDisplayRole {
  return ADMIN_DISPLAY_ROLES.includes(value as AdminDisplayRole);
}

/** What the profile card and form show: the stored profile, with the defaults for what is missing. */
export function toAdminProfileValues(profile: AdminProfile | null): AdminProfileValues {
  return {
    name: profile?.name ?? DEFAULT_ADMIN_PROFILE.name,
    email: profile?.email ?? DEFAULT_ADMIN_PROFILE.email,
    // Only the two display roles are offered; anything else stored reads as the default.
    role: isDisplayRole(profile?.role) ? profile.role : DEFAULT_ADMIN_PROFILE.role,
    profilePic: profile?.profilePic ?? '',
  };
}

/**
 * The stored shape of `adminProfile` (docs/product.md#storage-keys): name, email, role, profilePic
 * ('' for no picture).
 */
export function toStoredAdminProfile(values: AdminProfileValues): Required<AdminProfile> {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role,
    profilePic: values.profilePic,
  };
}
