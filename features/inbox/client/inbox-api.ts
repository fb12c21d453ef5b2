import { INBOX_KINDS, type InboxKind } from '@/features/inbox/model/rules';
import type { InboxItem, InboxPage, MarkReadRequest } from '@/features/inbox/model/protocol';
import { getJson, postJson } from '@/shared/http/http';

/**
 * The inbox endpoints (docs/product.md#inbox-endpoints), TEAM_SYNC=on only. Background reads: a 401
 * here does not end the session (the screen's own requests decide that). An entry that does not read
 * is left out, like every browser read (ADR 0010): so is an entry of a kind this version does not
 * know, which a newer server may send (the rest of the page is kept).
 */

export const INBOX_URL = '/api/sync/inbox';

const BACKGROUND = { endSessionOn401: false } as const;

function isInboxItem(value: unknown): value is InboxItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    (INBOX_KINDS as readonly unknown[]).includes(item.kind) &&
    typeof item.task === 'string' &&
    typeof item.title === 'string' &&
    (item.actorId === null || typeof item.actorId === 'string') &&
    typeof item.actorName === 'string' &&
    typeof item.createdAt === 'string' &&
    typeof item.read === 'boolean'
  );
}

function readUnread(body: unknown): number {
  const unread = (body as { unread?: unknown } | undefined)?.unread;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : 0;
}

/** A page of the inbox, newest first; `before` is the previous page's `next`. */
export async function fetchInbox(
  options: { before?: string | null; limit?: number; signal?: AbortSignal } = {},
): Promise<InboxPage> {
  const query = new URLSearchParams();
  if (options.before) query.set('before', options.before);
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  const text = query.toString();
  const body = await getJson<unknown>(text ? `${INBOX_URL}?${text}` : INBOX_URL, {
    ...BACKGROUND,
    signal: options.signal,
  });
  const page = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const items = Array.isArray(page.items) ? (page.items as unknown[]) : [];
  return {
    items: items.filter(isInboxItem).map(({ fields, ...item }) => ({
      ...item,
      kind: item.kind as InboxKind,
      // `replaced` names its fields; anything else there is dropped.
      ...(item.kind === 'replaced'
        ? { fields: Array.isArray(fields) ? fields.filter((name) => typeof name === 'string') : [] }
        : {}),
    })),
    unread: readUnread(body),
    next: typeof page.next === 'string' ? page.next : null,
  };
}

/** POST /api/sync/inbox/read: these entries (or all) read; the unread count after it. */
export async function markInboxRead(request: MarkReadRequest): Promise<{ unread: number }> {
  return { unread: readUnread(await postJson<unknown>(`${INBOX_URL}/read`, request, BACKGROUND)) };
}
