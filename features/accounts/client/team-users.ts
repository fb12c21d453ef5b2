import { getJson } from '@/shared/http/http';
import type { SyncUser } from '@/features/accounts/model/team-users';

/**
 * The team's names for the assignee picker (GET /api/sync/users), fetched once per page load: the
 * first picker that needs them asks, every later one reuses the answer. A failure is not kept, so
 * the next picker opened asks again.
 */

export const SYNC_USERS_URL = '/api/sync/users';

let cached: SyncUser[] | null = null;
let inflight: Promise<SyncUser[]> | null = null;

/** Checked by hand (the browser's stores do not use zod, ADR 0010); items that do not fit are left out. */
export function readSyncUsers(body: unknown): SyncUser[] {
  const list = typeof body === 'object' && body !== null ? (body as { users?: unknown }).users : undefined;
  if (!Array.isArray(list)) return [];
  const users: SyncUser[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name, joinedAt } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || name.trim() === '') continue;
    users.push(typeof joinedAt === 'string' ? { id, name, joinedAt } : { id, name });
  }
  return users;
}

/** What has been fetched on this page load, if anything. */
export function cachedSyncUsers(): SyncUser[] | null {
  return cached;
}

/** The team's names: from memory after the first success, otherwise one request shared by every caller. */
export function loadSyncUsers(options: { fetch?: typeof fetch } = {}): Promise<SyncUser[]> {
  if (cached) return Promise.resolve(cached);
  inflight ??= getJson<unknown>(SYNC_USERS_URL, options).then(
    (body) => {
      cached = readSyncUsers(body);
      inflight = null;
      return cached;
    },
    (error: unknown) => {
      inflight = null;
      throw error;
    },
  );
  return inflight;
}

/** Tests only: forget what was fetched. */
export function resetSyncUsersForTests(): void {
  cached = null;
  inflight = null;
}
