import { getJson } from '@/shared/http/http';

/**
 * A team task's history (docs/product.md#task-history), TEAM_SYNC=on only:
 * `GET /api/sync/tasks/{uid}/history?before=&limit=`. Only what the task view shows is kept; an
 * entry that does not read is left out, like every browser read (ADR 0010).
 */

export interface TaskHistoryEntry {
  id: string;
  /** The server's sentence (features/sync/model/history.ts historySentence). */
  text: string;
  actorName: string;
  /** ISO time. */
  at: string;
}

export interface TaskHistoryPage {
  /** Newest first. */
  entries: TaskHistoryEntry[];
  /** The `before` of the following (older) page; null on the last page. */
  next: string | null;
  /** False when the oldest records were purged (30 days). */
  complete: boolean;
}

/** Background reads: a 401 here does not end the session (the screen's own requests decide that). */
const BACKGROUND = { endSessionOn401: false } as const;

export const historyPath = (uid: string) => `/api/sync/tasks/${encodeURIComponent(uid)}/history`;

function readEntry(value: unknown): TaskHistoryEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (
    typeof item.id !== 'string' ||
    typeof item.text !== 'string' ||
    typeof item.actorName !== 'string' ||
    typeof item.at !== 'string'
  )
    return null;
  return { id: item.id, text: item.text, actorName: item.actorName, at: item.at };
}

export function readHistoryPage(body: unknown): TaskHistoryPage {
  const page = (typeof body === 'object' && body !== null ? body : {}) as Partial<Record<string, unknown>>;
  const list = Array.isArray(page.entries) ? (page.entries as unknown[]) : [];
  return {
    entries: list.map(readEntry).filter((entry) => entry !== null),
    next: typeof page.next === 'string' && page.next !== '' ? page.next : null,
    // Only an explicit false says records were purged: an answer without it claims nothing.
    complete: page.complete !== false,
  };
}

/** One page of the history of `uid`, newest first: the first page, or the one `before` names. */
export async function fetchHistoryPage(
  uid: string,
  before: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<TaskHistoryPage> {
  const query = before === null ? '' : `?${new URLSearchParams({ before })}`;
  return readHistoryPage(
    await getJson<unknown>(`${historyPath(uid)}${query}`, { ...BACKGROUND, ...options }),
  );
}
