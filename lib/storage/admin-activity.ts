import { ADMIN_ACTIVITY_LOG_MAX } from '@/lib/constants';
import { formatAdminDateTime } from '@/lib/format/admin-dates';
import { arrayOf, stringParser } from '../validation/parsers';
import { createLocalStore } from './local-store';

/** Spec §3 Admin activity log (local): text lines, newest first. */
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

/** Spec §9: the new entry first, then the older ones, keeping the ADMIN_ACTIVITY_LOG_MAX latest. */
export function addActivityEntry(log: readonly string[], entry: string): AdminActivityLog {
  return [entry, ...log].slice(0, ADMIN_ACTIVITY_LOG_MAX);
}

/** Spec §9: the entries to show, newest first (a longer list written elsewhere is cut to the cap). */
export function latestActivity(log: readonly string[]): AdminActivityLog {
  return log.slice(0, ADMIN_ACTIVITY_LOG_MAX);
}

/** Spec §3: 'Updated profile on {date-time}', the date-time in Asia/Kolkata, en-IN (spec §9). */
export function profileUpdatedEntry(at: Date): string {
  return `Updated profile on ${formatAdminDateTime(at)}`;
}
