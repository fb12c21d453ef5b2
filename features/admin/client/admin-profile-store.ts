import { PROFILE_KEYS, profileParser } from '@/features/accounts/client/profile-store';
import { ADMIN_PROFILE_FIELDS, type AdminProfile } from '@/features/admin/model/admin-profile-values';
import { createNullableStore } from '@/shared/browser-storage/local-store';
import { addActivityEntry, adminActivityLogStore, profileUpdatedEntry } from './admin-activity';

export const adminProfileSchema = profileParser(ADMIN_PROFILE_FIELDS);

export const adminProfileStore = createNullableStore<AdminProfile>(PROFILE_KEYS.admin, adminProfileSchema);

/**
 * Saves the admin's profile and adds 'Updated profile on …' to the activity log, together: when the
 * second write is refused (full quota) the first is undone through the store, so that a failed save
 * changes nothing, on screen included. Throws what the refused write threw.
 */
export function saveAdminProfile(profile: AdminProfile, now: Date): void {
  // Unreadable stored text reads as null; the store has already copied it aside.
  const previous = adminProfileStore.read();
  adminProfileStore.write(profile);
  try {
    adminActivityLogStore.update((log) => addActivityEntry(log, profileUpdatedEntry(now)));
  } catch (error) {
    try {
      if (previous === null) adminProfileStore.remove();
      else adminProfileStore.write(previous);
    } catch {
      // Storage refuses even the old value: the new profile stays, without its activity entry.
    }
    throw error;
  }
}
