import type { NotifiedRecord } from '@/features/reminders/model/desktop';
import { createLocalStore } from '@/shared/browser-storage/local-store';
import { INVALID, isRecord, parser } from '@/shared/validation/parsers';

/** The tasks notified today, so each gets one desktop notification per day. */
export const NOTIFIED_KEY = 'tasklane.notified';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const notifiedParser = parser<NotifiedRecord>((value) => {
  if (!isRecord(value) || typeof value.day !== 'string' || !DAY_PATTERN.test(value.day)) return INVALID;
  if (!Array.isArray(value.ids) || !value.ids.every((id) => typeof id === 'string')) return INVALID;
  return { day: value.day, ids: value.ids as string[] };
});

export const notifiedStore = createLocalStore<NotifiedRecord | null>({
  key: NOTIFIED_KEY,
  schema: parser((value) => (value === null ? null : (notifiedParser.safeParse(value).data ?? INVALID))),
  fallback: null,
});
