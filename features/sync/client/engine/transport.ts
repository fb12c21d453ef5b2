/**
 * The engine's requests to `/api/sync/*` (docs/product.md#team-sync-endpoints), with the session's
 * token, and the checks of what comes back: an answer that does not have the expected shape is an
 * error (`ApiError` 'http'), never half applied.
 */
import { ApiError, requestJson } from '@/shared/http/http';
import { isHlc } from '../../model/hlc';
import {
  ID_PATTERN,
  parseCursor,
  type PullResponse,
  type PushResponse,
  type SyncConflict,
  type SyncOp,
} from '../../model/protocol';

/**
 * The records the UI offers to settle. A refused write (`forbidden`) is left out: its writer may not
 * change the task, so restoring it would only be refused again.
 */
const SHOWN_REASONS: ReadonlySet<string> = new Set(['concurrent', 'after-delete']);

export interface PullQuery {
  cursor: string;
  limit: number;
  /** Part of a walk from the start (no `reset` answer). */
  walk: boolean;
}

export interface SyncTransport {
  push(clientId: string, ops: SyncOp[]): Promise<PushResponse>;
  pull(query: PullQuery): Promise<PullResponse>;
  listConflicts(): Promise<SyncConflict[]>;
  resolveConflict(id: string): Promise<void>;
}

export function createSyncTransport(options: {
  getToken: () => string | null;
  fetch?: typeof fetch;
}): SyncTransport {
  async function send(path: string, method: 'GET' | 'POST', body?: unknown): Promise<unknown> {
    const token = options.getToken();
    return requestJson<unknown>(path, {
      method,
      body,
      auth: false,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return {
    push: async (clientId, ops) => readPushResponse(await send('/api/sync/push', 'POST', { clientId, ops })),
    pull: async ({ cursor, limit, walk }) =>
      readPullResponse(
        await send(
          // recent=1: archived work is left out (docs/product.md#archived-tasks).
          `/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${limit}${walk ? '&walk=1' : ''}&recent=1`,
          'GET',
        ),
      ),
    listConflicts: async () => readConflicts(await send('/api/sync/conflicts', 'GET')),
    resolveConflict: async (id) => {
      await send(`/api/sync/conflicts/${encodeURIComponent(id)}/resolve`, 'POST');
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function unreadable(): ApiError {
  return new ApiError('http', 'The server sent a sync response that could not be read.');
}

/** Checks a push answer by hand (cheaper than a schema on every push). */
export function readPushResponse(value: unknown): PushResponse {
  if (!isRecord(value) || !isStringArray(value.acks) || !Array.isArray(value.rejected)) throw unreadable();
  if (typeof value.seq !== 'number' || !isHlc(value.serverHlc)) throw unreadable();
  for (const rejection of value.rejected) {
    if (!isRecord(rejection) || typeof rejection.opId !== 'string') throw unreadable();
  }
  return value as unknown as PushResponse;
}

/** The push answer's notices that can be shown (a server of the first version sends none). */
export function noticesOf(response: PushResponse): string[] {
  const notices: unknown = response.notices;
  if (!Array.isArray(notices)) return [];
  return notices.flatMap((notice: unknown) =>
    isRecord(notice) && typeof notice.message === 'string' && notice.message !== '' ? [notice.message] : [],
  );
}

/** Checks a conflict list by hand; keeps the records the UI shows. */
export function readConflicts(value: unknown): SyncConflict[] {
  if (!isRecord(value) || !Array.isArray(value.conflicts)) throw unreadable();
  return value.conflicts.filter(
    (row): row is SyncConflict =>
      isRecord(row) &&
      typeof row.id === 'string' &&
      typeof row.uid === 'string' &&
      ID_PATTERN.test(row.uid) &&
      typeof row.field === 'string' &&
      typeof row.reason === 'string' &&
      SHOWN_REASONS.has(row.reason) &&
      typeof row.createdAt === 'string' &&
      row.resolvedAt === null,
  );
}

/** Checks a pull answer by hand. */
export function readPullResponse(value: unknown): PullResponse {
  if (!isRecord(value) || !Array.isArray(value.changes) || !isStringArray(value.gone)) throw unreadable();
  if (typeof value.cursor !== 'string' || parseCursor(value.cursor) === null) throw unreadable();
  if (typeof value.more !== 'boolean' || typeof value.reset !== 'boolean') throw unreadable();
  if (value.archivedBefore !== undefined && typeof value.archivedBefore !== 'string') throw unreadable();
  for (const row of value.changes) {
    if (
      !isRecord(row) ||
      typeof row.uid !== 'string' ||
      !ID_PATTERN.test(row.uid) ||
      typeof row.v !== 'number' ||
      typeof row.deleted !== 'boolean'
    ) {
      throw unreadable();
    }
    if (!isRecord(row.data)) throw unreadable();
  }
  return value as unknown as PullResponse;
}
