import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '@/lib/server/backup/format';
import { BackupReader } from '@/lib/server/backup/reader';

const LEVEL = 13;

function header(overrides: Record<string, unknown> = {}) {
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    migrationLevel: LEVEL,
    createdAt: '2026-11-27T07:00:00.000Z',
    dialect: 'sqlite',
    ...overrides,
  };
}

/** The lines of a small backup, its trailer computed as the writer does. */
function lines(options: { header?: Record<string, unknown>; rows?: Record<string, number> } = {}): string[] {
  const body = [
    JSON.stringify(header(options.header)),
    JSON.stringify({ table: 'users', columns: ['id', 'email'] }),
    JSON.stringify(['u1', 'ann@example.com']),
    JSON.stringify(['u2', 'bo@example.com']),
    JSON.stringify({ table: 'labels', columns: ['id'] }),
  ];
  const sha256 = createHash('sha256')
    .update(body.map((line) => line + '\n').join(''))
    .digest('hex');
  return [...body, JSON.stringify({ trailer: { rows: options.rows ?? { users: 2, labels: 0 }, sha256 } })];
}

const file = (text: string[]) => gzipSync(text.map((line) => line + '\n').join(''));

async function verify(bytes: Buffer, level = LEVEL) {
  const reader = await BackupReader.open(Readable.from([bytes]), level);
  return reader.verify();
}

describe('reading a backup file (docs/decisions/0035-backup-format.md)', () => {
  it('a whole file gives its tables, rows and counts', async () => {
    const reader = await BackupReader.open(Readable.from([file(lines())]), LEVEL);
    expect(reader.header.dialect).toBe('sqlite');
    const items = [];
    for await (const item of reader.items()) items.push(item);
    expect(items).toEqual([
      { kind: 'table', table: 'users', columns: ['id', 'email'] },
      { kind: 'row', values: ['u1', 'ann@example.com'] },
      { kind: 'row', values: ['u2', 'bo@example.com'] },
      { kind: 'table', table: 'labels', columns: ['id'] },
      { kind: 'end', rows: { users: 2, labels: 0 } },
    ]);
  });

  it('a changed row is caught by the checksum', async () => {
    const text = lines();
    text[2] = JSON.stringify(['u1', 'mallory@example.com']);
    await expect(verify(file(text))).rejects.toThrow(
      'The backup file is damaged: its checksum does not match its contents.',
    );
  });

  it('trailer counts that differ from the rows are refused', async () => {
    await expect(verify(file(lines({ rows: { users: 3, labels: 0 } })))).rejects.toThrow(
      /row counts do not match/,
    );
  });

  it('a file cut short, in the compressed bytes or before its trailer, is called incomplete', async () => {
    const whole = file(lines());
    await expect(verify(whole.subarray(0, whole.length - 12))).rejects.toThrow(
      /^The backup file is incomplete/,
    );
    await expect(verify(file(lines().slice(0, -1)))).rejects.toThrow(/^The backup file is incomplete/);
  });

  it('more after the trailer is refused', async () => {
    await expect(verify(file([...lines(), '["u3","x"]']))).rejects.toThrow(/more after its last line/);
  });

  it('something that is not a backup says so in one sentence', async () => {
    const message = /^This file is not a Tasklane backup/;
    await expect(verify(Buffer.from('{"hello":"world"}\n'))).rejects.toThrow(message);
    await expect(verify(gzipSync('{"hello":"world"}\n'))).rejects.toThrow(message);
    await expect(verify(Buffer.alloc(0))).rejects.toThrow(/^The backup file is empty/);
  });

  it('a backup from a newer version is refused, saying to upgrade first', async () => {
    const upgrade = /newer version of Tasklane .*upgrade Tasklane first/;
    await expect(verify(file(lines({ header: { migrationLevel: LEVEL + 1 } })))).rejects.toThrow(upgrade);
    await expect(
      verify(file(lines({ header: { formatVersion: BACKUP_FORMAT_VERSION + 1 } }))),
    ).rejects.toThrow(upgrade);
  });

  it('a backup from an older version is refused, saying to restore it with that version and upgrade', async () => {
    await expect(verify(file(lines()), LEVEL + 1)).rejects.toThrow(
      /older version of Tasklane \(database level 13; this one has 14\): restore it with that version, then upgrade/,
    );
  });
});
