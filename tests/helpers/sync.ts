import { GET as pullRoute } from '@/app/api/sync/pull/route';
import { POST as pushRoute } from '@/app/api/sync/push/route';
import { getDatabase } from '@/server/db';
import { formatHlc } from '@/features/sync/model/hlc';
import {
  type Json,
  type PulledTask,
  type PullResponse,
  type PushResponse,
  START_CURSOR,
  type SyncOp,
} from '@/features/sync/model/protocol';
import { call } from './api';

/** A clock stamp at `wallMs` (default: now) from device `node`. */
export function stamp(wallMs = Date.now(), node = 'dev1', counter = 0): string {
  return formatHlc({ wall: wallMs, counter, node });
}

/**
 * The two assignee fields the picker writes, for a task given to `user`: a name alone binds only
 * its writer (features/sync/model/assignee-binding.ts), so tests assign by id, as this version's browser does.
 */
export function assignTo(user: { id: string; fullName: string }): { assignedTo: string; assigneeId: string } {
  return { assignedTo: user.fullName, assigneeId: user.id };
}

export function upsertOp(
  opId: string,
  uid: string,
  values: Record<string, Json>,
  options: { hlc?: string; baseV?: number } = {},
): SyncOp {
  const hlc = options.hlc ?? stamp();
  return {
    kind: 'upsert',
    opId,
    uid,
    baseV: options.baseV ?? 0,
    fields: Object.fromEntries(Object.entries(values).map(([field, value]) => [field, { value, hlc }])),
  };
}

export function lifeOp(
  kind: 'delete' | 'restore',
  opId: string,
  uid: string,
  options: { hlc?: string; baseV?: number } = {},
): SyncOp {
  return { kind, opId, uid, baseV: options.baseV ?? 0, hlc: options.hlc ?? stamp() };
}

export function push(token: string | undefined, clientId: string, ops: unknown[]) {
  return call<PushResponse & { message?: string; code?: string }>(pushRoute, '/api/sync/push', {
    token,
    body: { clientId, ops },
  });
}

/** `walk`: the pull is part of a walk from the start (`walk=1`). */
export function pull(
  token: string | undefined,
  cursor = START_CURSOR,
  limit?: number,
  options: { walk?: boolean } = {},
) {
  const query = new URLSearchParams({ cursor });
  if (limit !== undefined) query.set('limit', String(limit));
  if (options.walk) query.set('walk', '1');
  return call<PullResponse & { message?: string; code?: string }>(pullRoute, `/api/sync/pull?${query}`, {
    token,
  });
}

/** Pulls page after page from `cursor` until nothing more waits; every page must answer 200. */
export async function pullAll(token: string, limit?: number, cursor = START_CURSOR) {
  const pages: PullResponse[] = [];
  for (;;) {
    const res = await pull(token, cursor, limit);
    if (res.status !== 200) throw new Error(`pull failed: ${res.status} ${res.text}`);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.more) break;
  }
  const changes: PulledTask[] = pages.flatMap((page) => page.changes);
  return { pages, changes, cursor, gone: pages.flatMap((page) => page.gone) };
}

/** The stored rows of the sync tables, for checks the responses cannot show. */
export async function syncRows() {
  const { db, tables } = await getDatabase();
  return {
    tasks: await db.select().from(tables.syncTasks),
    changes: await db.select().from(tables.syncChanges),
    conflicts: await db.select().from(tables.syncConflicts),
    revocations: await db.select().from(tables.syncRevocations),
    state: await db.select().from(tables.syncState),
  };
}

/** Empties the sync tables (between the runs of a property test). */
export async function clearSyncTables(): Promise<void> {
  const { db, tables } = await getDatabase();
  for (const table of [
    tables.syncRevocations,
    tables.syncConflicts,
    tables.syncChanges,
    tables.syncTasks,
    tables.syncState,
    tables.taskKeys,
  ]) {
    await db.delete(table);
  }
  // Task numbers start again at 1 in every project (ADR 0049).
  await db.update(tables.projects).set({ nextNumber: 1 });
}
