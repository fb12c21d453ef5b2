import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openBackup } from '@/server/backup/restore';
import { writeBackupFile } from '@/server/backup/write';
import { getDatabase } from '@/server/db';
import { createUser } from '@/tests/helpers/factories';

const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-cli-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run <command> -- args` the way package.json does, against DATABASE_URL `database`. */
function run(command: 'backup' | 'restore', args: string[], database = process.env.DATABASE_URL!) {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const script = path.join('scripts', 'cli', `${command}.ts`);
  return new Promise<{ code: number; stdout: Buffer; stderr: string }>((resolve) => {
    execFile(
      tsx,
      ['--conditions=react-server', script, ...args],
      { env: { ...process.env, DATABASE_URL: database }, timeout: 60_000, encoding: 'buffer' },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr: stderr.toString('utf8') }),
    );
  });
}

describe('the backup and restore commands (child processes)', () => {
  it('back up to a 0600 file, restore into an empty database, refuse a database with data and a damaged file in one line', async () => {
    await createUser({ fullName: 'Olive Owner' });
    await createUser({ fullName: 'Ash Assignee' });
    const file = path.join(dir, 'team.tlbak');

    const backup = await run('backup', [file]);
    expect(backup.stderr).toMatch(
      /^Backup of (SQLite|PostgreSQL) written to .*team\.tlbak: \d+ rows in \d+ tables \(2 users, 0 tasks\) in [\d.]+ s\.\n$/,
    );
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);

    // `-`: the backup on stdout, the message on stderr.
    const piped = await run('backup', ['-']);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/^Backup of .* written to stdout: /);
    const reader = await openBackup(Readable.from([piped.stdout]), (await getDatabase()).dialect);
    expect((await reader.verify()).users).toBe(2);

    const empty = path.join(dir, 'empty.db');
    const restored = await run('restore', [file], empty);
    expect(restored.stderr).toMatch(
      /^Restored \d+ rows \(2 users, 0 tasks\) from the backup of .* into SQLite in [\d.]+ s\. Start \(or restart\) Tasklane now: everyone signs in again, and browsers that sync take their team tasks from it again\.\n$/,
    );
    expect(restored.code).toBe(0);

    const refused = await run('restore', [file], empty);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^The database is not empty \(rows in users: 2\): restore into an empty database, or add --force to replace everything in it with the backup\.\n$/,
    );

    const damaged = path.join(dir, 'damaged.tlbak');
    writeFileSync(damaged, 'not a backup\n');
    const bad = await run('restore', [damaged, '--force'], empty);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'This file is not a Tasklane backup (it is not a gzip-compressed file made by the backup command).\n',
    );
  }, 120_000);

  it('a backup into a folder that does not exist is refused in one sentence, leaving nothing behind', async () => {
    const file = path.join(dir, 'missing', 'team.tlbak');
    await expect(writeBackupFile(await getDatabase(), file)).rejects.toThrow(
      `The folder ${path.dirname(file)} does not exist: create it, or write the backup elsewhere.`,
    );
    expect(existsSync(path.dirname(file))).toBe(false);
  });
});
