import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '@/server/backup/format';
import { BackupReader } from '@/server/backup/reader';

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

const USERS = [
  ['u1', 'ann@example.com'],
  ['u2', 'bo@example.com'],
];

/** The lines of a small backup, its trailer computed as the writer does. */
function lines(
  options: { header?: Record<string, unknown>; rows?: Record<string, number>; users?: string[][] } = {},
): string[] {
  const body = [
    JSON.stringify(header(options.header)),
    JSON.stringify({ table: 'users', columns: ['id', 'email'] }),
    ...(options.users ?? USERS).map((row) => JSON.stringify(row)),
    JSON.stringify({ table: 'labels', columns: ['id'] }),
  ];
  const sha256 = createHash('sha256')
    .update(body.map((line) => line + '\n').join(''))
    .digest('hex');
  const rows = options.rows ?? { users: (options.users ?? USERS).length, labels: 0 };
  return [...body, JSON.stringify({ trailer: { rows, sha256 } })];
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

  it('the checksum covers the whole content: the header and the table lines too', async () => {
    const changedHeader = lines();
    changedHeader[0] = JSON.stringify(header({ createdAt: '2026-11-28T07:00:00.000Z' }));
    const changedColumns = lines();
    changedColumns[1] = JSON.stringify({ table: 'users', columns: ['email', 'id'] });
    for (const text of [changedHeader, changedColumns]) {
      await expect(verify(file(text))).rejects.toThrow(
        'The backup file is damaged: its checksum does not match its contents.',
      );
    }
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

/**
 * Runs `read`, counting the characters String#indexOf examines looking for a line break: the work
 * of splitting a file into lines, which must grow with the file's size, not with its square.
 */
async function charactersScannedFor(read: () => Promise<unknown>): Promise<number> {
  const original = String.prototype.indexOf;
  let scanned = 0;
  const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (
    this: string,
    search: string,
    position?: number,
  ) {
    const found = original.call(this, search, position);
    if (search === '\n') {
      const from = Math.min(Math.max(0, Math.trunc(position ?? 0)), this.length);
      scanned += (found === -1 ? this.length : found + 1) - from;
    }
    return found;
  });
  try {
    await read();
  } finally {
    spy.mockRestore();
  }
  return scanned;
}

const MB = 1024 * 1024;

describe('reading a crafted backup file takes time in proportion to its size', () => {
  it('a row of 4 MB (decompressed in pieces of 16 kB) is split in one pass', async () => {
    const text = lines({ users: [['u1', 'a'.repeat(4 * MB)], ...USERS.slice(1)] });
    const size = text.join('\n').length + 1;
    const scanned = await charactersScannedFor(async () =>
      expect(await verify(file(text))).toEqual({ users: 2, labels: 0 }),
    );
    // Each character once (the whole file was read); not once per piece of the line read before it.
    expect(scanned).toBeGreaterThanOrEqual(size);
    expect(scanned).toBeLessThanOrEqual(2 * size);
  });

  it('many short rows are split in one pass too', async () => {
    const users = Array.from({ length: 50_000 }, (_, n) => [`u${n}`, `person${n}@example.com`]);
    const text = lines({ users });
    const size = text.join('\n').length + 1;
    const scanned = await charactersScannedFor(async () =>
      expect((await verify(file(text))).users).toBe(50_000),
    );
    expect(scanned).toBeGreaterThanOrEqual(size);
    expect(scanned).toBeLessThanOrEqual(2 * size);
  });

  it('a line longer than 16 MB is refused once it passes that length, without reading the rest', async () => {
    // As the review's file: a header, then 40 MB of one character without a line break (about 40 kB compressed).
    const crafted = gzipSync(`${JSON.stringify(header())}\n${'x'.repeat(40 * MB)}`);
    expect(crafted.length).toBeLessThan(64 * 1024);
    let error: unknown;
    const scanned = await charactersScannedFor(async () => {
      error = await verify(crafted).catch((caught: unknown) => caught);
    });
    expect((error as Error).message).toBe(
      'The backup file is damaged: line 2 is longer than 16 MB, more than any line the backup command writes.',
    );
    expect(scanned).toBeGreaterThan(16 * MB);
    expect(scanned).toBeLessThan(17 * MB);
  });
});
