import { getJson } from '@/shared/http/http';
import { formatAdminDateTime } from '@/shared/format/admin-dates';
import { BOARD_COLUMNS, type BoardColumn } from '@/features/tasks/model/task-types';
import type { Json, PulledTask, SyncSummary } from '../model/protocol';
import { TEAM_SUMMARY_KEY } from '@/shared/browser-storage/keys';

/**
 * The admin dashboard's team figures (docs/product.md#admin-dashboard): fetched from the server,
 * which counts every task exactly, and kept in localStorage so that offline, or when the server
 * fails, the dashboard shows the last figures it had, marked as such.
 */

export const SYNC_SUMMARY_URL = '/api/sync/summary';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function readPulled(value: unknown): PulledTask | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uid, v, deleted, data } = value as Record<string, unknown>;
  if (typeof uid !== 'string' || !isCount(v) || typeof deleted !== 'boolean') return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return { uid, v, deleted, data: data as Record<string, Json> };
}

/**
 * A summary as the server sends it, checked by hand (the browser's stores do not use zod, ADR
 * 0010); null when it does not fit. Pending tasks that do not fit are left out.
 */
export function readSyncSummary(body: unknown): SyncSummary | null {
  if (typeof body !== 'object' || body === null) return null;
  const { total, completed, byColumn, pending, pendingTotal, seq, asOf } = body as Record<string, unknown>;
  if (!isCount(total) || !isCount(completed) || !isCount(pendingTotal) || !isCount(seq)) return null;
  if (typeof asOf !== 'string' || Number.isNaN(Date.parse(asOf))) return null;
  if (!Array.isArray(byColumn) || !Array.isArray(pending)) return null;
  const counts = new Map<unknown, unknown>(
    (byColumn as unknown[]).map((entry) =>
      typeof entry === 'object' && entry !== null
        ? [(entry as Record<string, unknown>).column, (entry as Record<string, unknown>).count]
        : [null, null],
    ),
  );
  const columns: { column: BoardColumn; count: number }[] = [];
  for (const column of BOARD_COLUMNS) {
    const count = counts.get(column);
    if (!isCount(count)) return null;
    columns.push({ column, count });
  }
  return {
    total,
    completed,
    byColumn: columns,
    pending: (pending as unknown[]).map(readPulled).filter((task): task is PulledTask => task !== null),
    pendingTotal,
    seq,
    asOf,
  };
}

/** The last figures stored on this device, or null (none, unreadable, or no storage). */
export function loadLastSummary(
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): SyncSummary | null {
  try {
    const text = storage?.getItem(TEAM_SUMMARY_KEY);
    if (!text) return null;
    return readSyncSummary((JSON.parse(text) as { summary?: unknown }).summary);
  } catch {
    return null;
  }
}

/** Keeps the figures for the next time the server cannot be reached; a full storage is not an error. */
export function saveLastSummary(
  summary: SyncSummary,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
): void {
  try {
    storage?.setItem(TEAM_SUMMARY_KEY, JSON.stringify({ summary }));
  } catch {
    // Only the offline fallback is lost.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The line under the tiles while they show stored figures (docs/product.md#admin-dashboard). */
export function lastKnownText(asOf: string): string {
  return `Last known figures, ${formatAdminDateTime(asOf)}.`;
}

/**
 * The server's figures now, of every project or of the one `project` names (its key); fails like
 * every API read (shared/http/http.ts).
 */
export async function fetchTeamSummary(
  options: { signal?: AbortSignal; fetch?: typeof fetch; project?: string | null } = {},
) {
  const { project, ...request } = options;
  const url = project ? `${SYNC_SUMMARY_URL}?project=${encodeURIComponent(project)}` : SYNC_SUMMARY_URL;
  const summary = readSyncSummary(await getJson<unknown>(url, { ...request, endSessionOn401: false }));
  if (!summary) throw new Error('The server sent figures that could not be read.');
  return summary;
}
