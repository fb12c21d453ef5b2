import { getJson } from '@/shared/http/http';
import { formatAdminDate } from '@/shared/format/admin-dates';
import { taskCompletedAtMs } from '@/features/tasks/model/archive';
import type { ArchiveResponse, PulledTask } from '../model/protocol';

/**
 * "Show older completed tasks" (docs/product.md#archived-tasks): pages of archived tasks from the
 * server, with the finder's search, and how a row reads.
 */

export const SYNC_ARCHIVE_URL = '/api/sync/archive';
/** Rows asked for per "Show more". */
export const ARCHIVE_PAGE_SIZE = 20;

/** The address of one page: the search as typed (the server folds and trims it), then the cursor. */
export function archivePageUrl(q: string, before: string | null): string {
  const params = new URLSearchParams({ limit: String(ARCHIVE_PAGE_SIZE) });
  if (q.trim() !== '') params.set('q', q.trim().slice(0, 200));
  if (before) params.set('before', before);
  return `${SYNC_ARCHIVE_URL}?${params}`;
}

/** A page as the server sends it, checked by hand; rows that do not fit are left out. */
export function readArchivePage(body: unknown): ArchiveResponse | null {
  if (typeof body !== 'object' || body === null) return null;
  const { tasks, next } = body as Record<string, unknown>;
  if (!Array.isArray(tasks) || (next !== null && typeof next !== 'string')) return null;
  const rows: PulledTask[] = [];
  for (const item of tasks as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { uid, v, deleted, data } = item as Record<string, unknown>;
    if (typeof uid !== 'string' || typeof v !== 'number' || deleted !== false) continue;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    rows.push({ uid, v, deleted, data: data as PulledTask['data'] });
  }
  return { tasks: rows, next };
}

export async function fetchArchivePage(q: string, before: string | null, signal?: AbortSignal) {
  const page = readArchivePage(await getJson<unknown>(archivePageUrl(q, before), { signal }));
  if (!page) throw new Error('The server sent a page that could not be read.');
  return page;
}

/** What a row shows: title, assignee and completion date (admin date format; '—' when unknown). */
export function archiveRowText(row: PulledTask): { title: string; assignee: string; completed: string } {
  const { title, assignedTo, assigneeId } = row.data;
  const completedMs = taskCompletedAtMs(row.data, null);
  return {
    title: typeof title === 'string' && title !== '' ? title : 'Untitled task',
    assignee: assigneeId === '' ? 'Unassigned' : typeof assignedTo === 'string' ? assignedTo : '—',
    completed: completedMs === null ? '—' : formatAdminDate(completedMs),
  };
}
