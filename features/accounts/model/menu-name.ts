/** The name the menu shows when no profile name is stored (docs/product.md#navbar). */
export const DEFAULT_PROFILE_NAME = 'User';

/**
 * The menu's name (docs/product.md#navbar): the stored profile's, else `User`. With team sync
 * running, the account's name: a member's profile name is the account's, and an admin's stored
 * `adminProfile` name, when there is one, still wins on admin paths.
 */
export function profileMenuName(options: {
  team: boolean;
  admin: boolean;
  profileName: string | undefined;
  accountName: string | undefined;
}): string {
  const profileName = options.profileName?.trim();
  const accountName = options.accountName?.trim();
  if (!options.team) return profileName || DEFAULT_PROFILE_NAME;
  if (options.admin) return profileName || accountName || DEFAULT_PROFILE_NAME;
  return accountName || profileName || DEFAULT_PROFILE_NAME;
}
