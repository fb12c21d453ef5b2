import 'server-only';
import { eq } from 'drizzle-orm';
import { getDatabase, type Executor, type Tables } from '@/server/db';
import { isTeamSyncOn } from '@/server/env';
import { AppError } from '@/server/errors';

/** What the team-sync use cases share: the on/off check, the sync_state row, batched inserts. */

export const SYNC_DISABLED_MESSAGE = 'Team sync is not enabled on this server.';

/** 404 SYNC_DISABLED unless TEAM_SYNC=on: checked first by every /api/sync route. */
export function assertSyncEnabled(): void {
  if (!isTeamSyncOn()) throw new AppError('SYNC_DISABLED', SYNC_DISABLED_MESSAGE);
}

export async function readState(
  db: Executor,
  tables: Tables,
): Promise<{ lastSeq: number; gcFloorSeq: number }> {
  const [row] = await db.select().from(tables.syncState).where(eq(tables.syncState.id, 1));
  return { lastSeq: row?.lastSeq ?? 0, gcFloorSeq: row?.gcFloorSeq ?? 0 };
}

/** The number of the last push (0 before the first): a stream's first poke carries it. */
export async function lastSyncSeq(): Promise<number> {
  const { db, tables } = await getDatabase();
  return (await readState(db, tables)).lastSeq;
}
