import type { InboxNotifiedRecord } from '@/lib/inbox/desktop';
import type { NotifiedRecord } from '@/features/reminders/model/desktop';
import { INBOX_NOTIFIED_KEY } from '@/shared/browser-storage/keys';
import { INVALID, isRecord, parser } from '@/shared/validation/parsers';
import { createLocalStore } from '@/shared/browser-storage/local-store';

/** Desktop reminders on or off in this browser (docs/product.md#storage-keys). */
export const REMINDERS_KEY = 'tasklane.reminders';
/** The tasks notified today, so each gets one desktop notification per day. */
export const NOTIFIED_KEY = 'tasklane.notified';

export type ReminderPrefs = { enabled: boolean };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const reminderPrefsParser = parser<ReminderPrefs>((value) =>
  isRecord(value) && typeof value.enabled === 'boolean' ? { enabled: value.enabled } : INVALID,
);

export const notifiedParser = parser<NotifiedRecord>((value) => {
  if (!isRecord(value) || typeof value.day !== 'string' || !DAY_PATTERN.test(value.day)) return INVALID;
  if (!Array.isArray(value.ids) || !value.ids.every((id) => typeof id === 'string')) return INVALID;
  return { day: value.day, ids: value.ids as string[] };
});

export const reminderPrefsStore = createLocalStore<ReminderPrefs>({
  key: REMINDERS_KEY,
  schema: reminderPrefsParser,
  fallback: { enabled: false },
});

export const notifiedStore = createLocalStore<NotifiedRecord | null>({
  key: NOTIFIED_KEY,
  schema: parser((value) => (value === null ? null : (notifiedParser.safeParse(value).data ?? INVALID))),
  fallback: null,
});

export const inboxNotifiedParser = parser<InboxNotifiedRecord>((value) =>
  isRecord(value) && typeof value.user === 'string' && typeof value.at === 'string'
    ? { user: value.user, at: value.at }
    : INVALID,
);

/** With team sync: the newest inbox entry looked at for desktop notifications (lib/inbox/desktop.ts). */
export const inboxNotifiedStore = createLocalStore<InboxNotifiedRecord | null>({
  key: INBOX_NOTIFIED_KEY,
  schema: parser((value) => (value === null ? null : (inboxNotifiedParser.safeParse(value).data ?? INVALID))),
  fallback: null,
});

/** Throws `StorageQuotaError`/`StorageUnavailableError` (callers go through `saveSafely`). */
export function saveReminderPrefs(prefs: ReminderPrefs): void {
  reminderPrefsStore.write(prefs);
}
