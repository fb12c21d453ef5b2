import 'server-only';
import { eq } from 'drizzle-orm';
import { getDatabase, type Executor, type Tables, type WriteStatement } from '@/server/db';
import { isTeamSyncOn } from '@/server/env';
import { AppError } from '@/server/errors';

/** What the team-sync use cases share: the on/off check, the sync_state row, batched inserts. */

export const SYNC_DISABLED_MESSAGE = 'Team sync is not enabled on this server.';
/** Rows per INSERT: keeps every statement well under both drivers' bound-parameter limits. */
const INSERT_CHUNK = 500;

/** 404 SYNC_DISABLED unless TEAM_SYNC=on: checked first by every /api/sync route. */
export function assertSyncEnabled(): void {
  if (!isTeamSyncOn()) throw new AppError('SYNC_DISABLED', SYNC_DISABLED_MESSAGE);
}

/** One statement per INSERT_CHUNK rows (none for no rows). */
export function chunked<T>(rows: readonly T[], statement: (chunk: T[]) => WriteStatement): WriteStatement[] {
  const statements: WriteStatement[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    statements.push(statement(rows.slice(start, start + INSERT_CHUNK)));
  }
  return statements;
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
