import { createLocalStore } from '@/shared/browser-storage/local-store';
import { INVALID, isRecord, parser } from '@/shared/validation/parsers';

/**
 * The Reminders section's "Desktop notifications" switch, per browser: due reminders show on the desktop
 * while it is on, and with team sync new inbox entries too (docs/product.md#reminders).
 */
export const REMINDERS_KEY = 'tasklane.reminders';

export type ReminderPrefs = { enabled: boolean };

export const reminderPrefsParser = parser<ReminderPrefs>((value) =>
  isRecord(value) && typeof value.enabled === 'boolean' ? { enabled: value.enabled } : INVALID,
);

export const reminderPrefsStore = createLocalStore<ReminderPrefs>({
  key: REMINDERS_KEY,
  schema: reminderPrefsParser,
  fallback: { enabled: false },
});

/** Throws `StorageQuotaError`/`StorageUnavailableError` (callers go through `saveSafely`). */
export function saveReminderPrefs(prefs: ReminderPrefs): void {
  reminderPrefsStore.write(prefs);
}
