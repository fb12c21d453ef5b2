import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS } from '@/server/backup/format';
import { openBackup, restoreBackup } from '@/server/backup/restore';
import { writeBackupFile } from '@/server/backup/write';
import { getDatabase } from '@/server/db';
import { afterRestores, dumpTables, type TableDump } from '@/tests/helpers/backup';
import { createUserWithToken } from '@/tests/helpers/factories';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-refusals-'));
let backup: string;
let before: TableDump;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A database with people and tasks, its backup, and what it held. */
beforeEach(async () => {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  await createUserWithToken({ fullName: 'Ash Assignee' });
  const tasks = Array.from({ length: 600 }, (_, n) =>
    upsertOp(`op${n}`, `task-${n}`, { title: `Task ${n}` }),
  );
  for (let start = 0; start < tasks.length; start += 200) {
    expect((await push(olive.token, 'olive-pc', tasks.slice(start, start + 200))).status).toBe(200);
  }
  backup = path.join(dir, 'backup.tlbak');
  await writeBackupFile(await getDatabase(), backup);
  before = await dumpTables(await getDatabase());
});

/** The file's lines, changed by `change`; the trailer's checksum is recomputed unless `keepChecksum`. */
function rewrite(change: (lines: string[]) => void, options: { keepChecksum?: boolean } = {}): Buffer {
  const lines = gunzipSync(readFileSync(backup)).toString('utf8').trimEnd().split('\n');
  const trailer = JSON.parse(lines.pop()!) as { trailer: { rows: Record<string, number>; sha256: string } };
  change(lines);
  const body = lines.map((line) => line + '\n').join('');
  if (!options.keepChecksum) trailer.trailer.sha256 = createHash('sha256').update(body).digest('hex');
  return gzipSync(body + JSON.stringify(trailer) + '\n');
}

async function restore(bytes: Buffer, force = true) {
  const database = await getDatabase();
  return restoreBackup(database, await openBackup(Readable.from([bytes]), database.dialect), { force });
}

async function expectUnchanged() {
  expect(await dumpTables(await getDatabase())).toEqual(before);
}

describe('restore refusals: the database is left exactly as it was', () => {
  it('a database with data is refused without --force, naming it; with --force it is replaced', async () => {
    await expect(restore(readFileSync(backup), false)).rejects.toThrow(
      /^The database is not empty \(rows in users: 2, .*sync_tasks: 600.*\): restore into an empty database, or add --force/,
    );
    await expectUnchanged();
    await createUserWithToken({ fullName: 'Newcomer' });
    const rows = await restore(readFileSync(backup), true);
    expect(rows.sync_tasks).toBe(600);
    expect(await dumpTables(await getDatabase())).toEqual(afterRestores(before, 1));
  });

  it('a row changed after the backup was written: the checksum refuses it at the end, and the deletes roll back', async () => {
    const damaged = rewrite(
      (lines) => {
        const index = lines.findIndex((line) => line.startsWith('["task-500",'));
        expect(index).toBeGreaterThan(0);
        lines[index] = lines[index]!.replace('Task 500', 'Task 501');
      },
      { keepChecksum: true },
    );
    await expect(restore(damaged)).rejects.toThrow(
      'The backup file is damaged: its checksum does not match its contents.',
    );
    await expectUnchanged();
  });

  it('a file cut short in the middle of the tasks is called incomplete and rolls back', async () => {
    const whole = readFileSync(backup);
    await expect(restore(whole.subarray(0, Math.floor(whole.length * 0.8)))).rejects.toThrow(
      /^The backup file is incomplete/,
    );
    await expectUnchanged();
  });

  it('a backup from a newer version is refused before anything is read into the database', async () => {
    const newer = rewrite((lines) => {
      const header = JSON.parse(lines[0]!) as { migrationLevel: number };
      lines[0] = JSON.stringify({ ...header, migrationLevel: header.migrationLevel + 1 });
    });
    await expect(restore(newer)).rejects.toThrow(/newer version of Tasklane .*upgrade Tasklane first/);
    await expectUnchanged();
  });

  it('rows the database refuses (a duplicate key) roll the whole restore back', async () => {
    const duplicated = rewrite((lines) => {
      const index = lines.findIndex((line) => line.startsWith('["task-5",'));
      expect(index).toBeGreaterThan(0);
      lines.splice(index, 0, lines[index]!);
    });
    await expect(restore(duplicated)).rejects.toThrow();
    await expectUnchanged();
  });

  it('not a backup at all', async () => {
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'hello\n');
    await expect(restore(readFileSync(text))).rejects.toThrow(/^This file is not a Tasklane backup/);
    await expectUnchanged();
  });
});

describe('a row no restore would read', () => {
  it('a row longer than 16 MB stops the backup with one sentence, and leaves no file', async () => {
    const { db, tables } = await getDatabase();
    // Nothing the app writes comes near it (a request body is at most 1 MB); written directly here.
    await db.insert(tables.contactMessages).values({
      id: 'huge',
      name: 'Huge',
      email: 'huge@example.com',
      message: 'x'.repeat(MAX_LINE_CHARS),
      createdAt: new Date(),
    });
    const file = path.join(dir, 'too-long.tlbak');
    await expect(writeBackupFile(await getDatabase(), file)).rejects.toThrow(
      'A row of table contact_messages is longer than 16 MB, more than a restore reads, so no backup was written: report this to the Tasklane maintainers.',
    );
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
