import { ADMIN_ACTIVITY_LOG_MAX } from '@/shared/constants';
import { formatAdminDateTime } from '@/shared/format/admin-dates';
import { arrayOf, stringParser } from '@/shared/validation/parsers';
import { createLocalStore } from '@/shared/browser-storage/local-store';

/** The admin activity log, in this browser only: text lines, newest first (docs/product.md#storage-keys). */
export const ADMIN_ACTIVITY_LOG_KEY = 'adminActivityLog';

// An array parser: createLocalStore then drops unreadable items and keeps the rest.
export const adminActivityLogSchema = arrayOf(stringParser);
export type AdminActivityLog = string[];

const EMPTY_LOG: AdminActivityLog = [];

export const adminActivityLogStore = createLocalStore<AdminActivityLog>({
  key: ADMIN_ACTIVITY_LOG_KEY,
  schema: adminActivityLogSchema,
  fallback: EMPTY_LOG,
});

/**
 * The new entry first, then the older ones, keeping the ADMIN_ACTIVITY_LOG_MAX latest
 * (docs/product.md#recent-activity).
 */
export function addActivityEntry(log: readonly string[], entry: string): AdminActivityLog {
  return [entry, ...log].slice(0, ADMIN_ACTIVITY_LOG_MAX);
}

/**
 * The entries to show, newest first; a longer list written elsewhere is cut to the cap
 * (docs/product.md#recent-activity).
 */
export function latestActivity(log: readonly string[]): AdminActivityLog {
  return log.slice(0, ADMIN_ACTIVITY_LOG_MAX);
}

/**
 * 'Updated profile on {date-time}', the date-time in Asia/Kolkata, en-IN
 * (docs/product.md#profile-settings, docs/product.md#constants).
 */
export function profileUpdatedEntry(at: Date): string {
  return `Updated profile on ${formatAdminDateTime(at)}`;
}
