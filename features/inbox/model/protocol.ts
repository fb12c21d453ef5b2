/** The inbox's wire types (docs/product.md#inbox-endpoints). */
import type { InboxKind } from './rules';

export interface InboxItem {
  id: string;
  kind: InboxKind;
  /** The task's uid: the entry opens it. */
  task: string;
  /** The task's title now. */
  title: string;
  actorId: string | null;
  /** The actor's name now, or `Former member`. */
  actorName: string;
  createdAt: string;
  read: boolean;
  /**
   * `replaced` only: the fields whose values were replaced, as the sentence names them
   * (features/inbox/model/rules.ts replacedFieldNames). Absent for every other kind.
   */
  fields?: string[];
}

export interface InboxPage {
  items: InboxItem[];
  /** Unread entries in the whole inbox (of tasks the person still sees). */
  unread: number;
  /** The next (older) page's cursor, or null. */
  next: string | null;
}

/** POST /api/sync/inbox/read: these entries, or every entry, read. */
export type MarkReadRequest = { ids: string[] } | { all: true };

export const INBOX_PAGE_MAX = 50;
export const INBOX_MARK_MAX = 100;
