import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackup, restoreBackup } from '@/server/backup/restore';
import { handleTables } from '@/server/backup/snapshot';
import { writeBackupFile } from '@/server/backup/write';
import { getDatabase, type DatabaseHandle } from '@/server/db';
import { afterRestores, dumpTables, populateEveryTable, scratchDatabase } from '@/tests/helpers/backup';
import { loginAs } from '@/tests/helpers/factories';
import { pull, pullAll, push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { getTestDialect } from '@/tests/setup/test-database';

const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-'));

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function restoreFile(handle: DatabaseHandle, file: string, force = false) {
  return restoreBackup(handle, await openBackup(createReadStream(file), handle.dialect), { force });
}

/** The other dialect when this run can reach it (PostgreSQL needs TEST_DATABASE_URL), else the same. */
const otherDialect: DatabaseHandle['dialect'] =
  getTestDialect() === 'postgres' ? 'sqlite' : process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

describe(`backup and restore, ${getTestDialect()} → ${otherDialect} → ${getTestDialect()}`, () => {
  it('every row of every table comes back as it was, and the app goes on from the restored database', async () => {
    if (otherDialect === getTestDialect()) {
      console.warn('TEST_DATABASE_URL is unset: the round trip stays on SQLite (no PostgreSQL leg).');
    }
    const people = await populateEveryTable();
    const source = await getDatabase();
    const original = await dumpTables(source);
    for (const table of handleTables(source)) {
      expect(
        original[table.name]!.length,
        `rows in ${table.name} (populate it in tests/helpers/backup.ts)`,
      ).toBeGreaterThan(0);
    }

    const first = path.join(dir, 'first.tlbak');
    const written = await writeBackupFile(source, first);
    expect(statSync(first).mode & 0o777).toBe(0o600);
    expect(written.header).toMatchObject({
      format: 'tasklane-backup',
      formatVersion: 2,
      dialect: getTestDialect(),
    });
    expect(written.rows).toEqual(
      Object.fromEntries(Object.entries(original).map(([name, rows]) => [name, rows.length])),
    );

    let olive = people.olive.token;
    const other = await scratchDatabase(otherDialect);
    try {
      expect(await restoreFile(other.handle, first)).toEqual(written.rows);
      expect(await dumpTables(other.handle)).toEqual(afterRestores(original, 1));
      const second = path.join(dir, 'second.tlbak');
      expect((await writeBackupFile(other.handle, second)).header.dialect).toBe(otherDialect);

      // Back into this run's own database, replacing what it holds, where the routes can use it. A
      // push made after the backup: Olive's browser holds a cursor past the backup's counter.
      ok(
        await push(people.olive.token, 'olive-pc', [
          upsertOp('after', 'later', { title: 'After the backup' }),
        ]),
      );
      const aheadCursor = (await pullAll(people.olive.token)).cursor;
      expect(await restoreFile(source, second, true)).toEqual(written.rows);
      expect(await dumpTables(source)).toEqual(afterRestores(original, 2));

      // Every session ended with the restore (docs/decisions/0044-restore-ends-every-session.md):
      // she signs in again, with the password the backup holds. Her browser is then told to take
      // its tasks again (else it would miss the pushes numbered up to its cursor); the walk from
      // the start brings the backup's tasks, not the later one.
      expect((await pull(people.olive.token, aheadCursor)).status).toBe(401);
      olive = await loginAs(people.olive.user.email);
      const answer = await pull(olive, aheadCursor);
      expect(answer.status).toBe(200);
      expect(answer.body.reset).toBe(true);
    } finally {
      await other.drop();
    }

    // Signed in again, a pull and a push work.
    const pulled = await pullAll(olive);
    expect(pulled.changes.map((task) => task.uid).sort()).toEqual(['t1', 't2', 't3', 't4']);
    const restoredSeq = afterRestores(original, 2).sync_state![0]![1] as number;
    expect(pulled.cursor).toBe(`${restoredSeq}:`);
    ok(await push(olive, 'olive-pc', [upsertOp('n1', 't5', { title: 'New after restore' })]));
    expect((await pullAll(olive, undefined, pulled.cursor)).changes.map((task) => task.uid)).toEqual(['t5']);
    expect((await dumpTables(source)).sync_state![0]![1]).toBe(restoredSeq + 1);
  });
});

function ok(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(200);
}
