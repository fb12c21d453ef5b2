import { INBOX_NOTIFIED_KEY } from '@/shared/browser-storage/keys';
import { createLocalStore } from '@/shared/browser-storage/local-store';
import { INVALID, isRecord, parser } from '@/shared/validation/parsers';
import type { InboxNotifiedRecord } from '../model/desktop';

export const inboxNotifiedParser = parser<InboxNotifiedRecord>((value) =>
  isRecord(value) && typeof value.user === 'string' && typeof value.at === 'string'
    ? { user: value.user, at: value.at }
    : INVALID,
);

/** With team sync: the newest inbox entry looked at for desktop notifications (./desktop.ts). */
export const inboxNotifiedStore = createLocalStore<InboxNotifiedRecord | null>({
  key: INBOX_NOTIFIED_KEY,
  schema: parser((value) => (value === null ? null : (inboxNotifiedParser.safeParse(value).data ?? INVALID))),
  fallback: null,
});
