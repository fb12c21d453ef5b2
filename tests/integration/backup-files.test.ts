import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBackup, restoreBackupAndFiles, verifyBackupFile } from '@/server/backup/restore';
import { verifyStore } from '@/server/backup/verify-store';
import { writeBackupFile } from '@/server/backup/write';
import { getDatabase } from '@/server/db';
import { getFileStore, resetFileStoreForTests, type FileStore } from '@/server/storage';
import { readAll } from '@/server/storage/streams';
import { startLocalS3 } from '@/server/storage/contract-helpers';
import { afterRestores, dumpTables } from '@/tests/helpers/backup';
import { createUserWithToken } from '@/tests/helpers/factories';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv, resetDatabase } from '@/tests/setup/integration';
import { getTestDialect } from '@/tests/setup/test-database';

/**
 * Files in backups (docs/decisions/0035-backup-format.md, amendment of 2026-11-30): the bytes of
 * every file go into the backup and come back byte for byte into whichever store is configured at
 * the restore (local → local, local → S3, S3 → local, S3 against s3rver), all or nothing.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-files-'));
const BUCKET = 'tasklane-backup-test';
const run = randomBytes(4).toString('hex');
let stopServer: (() => Promise<void>) | undefined;
let endpoint = '';

const S3_UNSET = {
  S3_ENDPOINT: undefined,
  S3_BUCKET: undefined,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_FORCE_PATH_STYLE: undefined,
  S3_PREFIX: undefined,
};

beforeAll(async () => {
  const local = await startLocalS3(BUCKET);
  stopServer = local.stop;
  endpoint = local.endpoint;
  await useStore('local', 'initial');
});

afterAll(async () => {
  await applyTestEnv({ STORAGE: undefined, FILES_DIR: undefined, ...S3_UNSET });
  resetFileStoreForTests();
  await stopServer?.();
  rmSync(dir, { recursive: true, force: true });
});

/** Configures the app's store through the environment, as an operator would, and returns it. */
async function useStore(kind: 'local' | 's3', name: string): Promise<FileStore> {
  const env =
    kind === 'local'
      ? { STORAGE: 'local', FILES_DIR: path.join(dir, `files-${name}`), ...S3_UNSET }
      : {
          STORAGE: 's3',
          FILES_DIR: undefined,
          S3_ENDPOINT: endpoint,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PREFIX: `${run}/${getTestDialect()}/${name}/`,
        };
  await applyTestEnv({ TEAM_SYNC: 'on', ...env });
  resetFileStoreForTests();
  const store = getFileStore();
  expect(store.driver).toBe(kind);
  return store;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface TestFile {
  id: string;
  key: string;
  task: string;
  name: string;
  bytes: Buffer;
}

/** A person with two team tasks, t1 and t2. */
async function team() {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const pushed = await push(olive.token, 'olive-pc', [
    upsertOp('o1', 't1', { title: 'Plan' }),
    upsertOp('o2', 't2', { title: 'Ship' }),
  ]);
  expect(pushed.status).toBe(200);
  return olive;
}

/** A file on `task`: its bytes put in `store` (unless `withoutBytes`), its row written. */
async function addFile(
  store: FileStore,
  task: string,
  name: string,
  bytes: Buffer,
  options: { id?: string; deletedAt?: Date; withoutBytes?: boolean } = {},
): Promise<TestFile> {
  const id = options.id ?? randomUUID();
  const key = `attachments/${id.slice(0, 2)}/${id}-${randomBytes(4).toString('hex')}`;
  if (!options.withoutBytes) {
    const stored = await store.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
    expect(stored.sha256).toBe(sha256(bytes));
  }
  const { db, tables } = await getDatabase();
  const now = new Date();
  await db.insert(tables.taskAttachments).values({
    id,
    taskUid: task,
    name,
    mediaType: 'application/octet-stream',
    size: bytes.length,
    sha256: sha256(bytes),
    storageKey: key,
    addedBy: null,
    addedAt: now,
    deletedAt: options.deletedAt ?? null,
    changedAt: now,
  });
  return { id, key, task, name, bytes };
}

/** Every key the store holds with the SHA-256 of its bytes, sorted. */
async function storeDigest(store: FileStore): Promise<[string, string][]> {
  const keys: string[] = [];
  for await (const { key } of store.list('')) keys.push(key);
  const digest: [string, string][] = [];
  for (const key of keys.sort()) digest.push([key, sha256(await readAll(await store.get(key)))]);
  return digest;
}

async function wipeStore(store: FileStore): Promise<void> {
  const keys: string[] = [];
  for await (const { key } of store.list('')) keys.push(key);
  for (const key of keys) await store.delete(key);
}

async function restoreBytes(bytes: Buffer, options: Parameters<typeof restoreBackupAndFiles>[2] = {}) {
  const database = await getDatabase();
  const reader = await openBackup(Readable.from([bytes]), database.dialect);
  return restoreBackupAndFiles(database, reader, { force: true, ...options });
}

/** A backup's lines changed by `change`, its trailer's checksum made again (and `trailer` changed). */
function rewrite(
  file: string,
  change: (lines: string[]) => void,
  trailerChange: (trailer: Record<string, unknown>) => void = () => undefined,
): Buffer {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const { trailer } = JSON.parse(lines.pop()!) as { trailer: Record<string, unknown> };
  change(lines);
  const body = lines.map((line) => line + '\n').join('');
  trailer.sha256 = sha256(Buffer.from(body));
  trailerChange(trailer);
  return gzipSync(body + JSON.stringify({ trailer }) + '\n');
}

/** The message `promise` rejects with (it must reject). */
async function messageOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'a refusal').toBeInstanceOf(Error);
  return (error as Error).message;
}

/** Three files of different sizes (one spans several lines of the backup, one is empty) on t1 and t2. */
async function threeFiles(store: FileStore): Promise<TestFile[]> {
  return [
    await addFile(store, 't1', 'notes.txt', Buffer.from('Meeting notes, “quoted” ✓\n')),
    await addFile(store, 't1', 'photo.bin', randomBytes(300 * 1024)),
    await addFile(store, 't2', 'empty.txt', Buffer.alloc(0)),
  ];
}

async function expectFiles(store: FileStore, files: TestFile[]): Promise<void> {
  for (const file of files) {
    const bytes = await readAll(await store.get(file.key));
    expect(bytes.equals(file.bytes), `${file.name} byte for byte`).toBe(true);
  }
}

describe(`files in backups (${getTestDialect()})`, () => {
  for (const [from, to] of [
    ['local', 'local'],
    ['local', 's3'],
    ['s3', 'local'],
  ] as const) {
    it(`backup, wipe the database and the store, restore: ${from} → ${to}, every file byte for byte`, async () => {
      const source = await useStore(from, `${from}-${to}-source`);
      await team();
      const files = await threeFiles(source);
      // Deleted an hour ago: still within its Undo, so backed up. Deleted two days ago with its bytes
      // already swept: past its Undo, neither backed up nor asked for.
      files.push(
        await addFile(source, 't2', 'undo-me.txt', Buffer.from('undo'), {
          deletedAt: new Date(Date.now() - 3_600_000),
        }),
      );
      await addFile(source, 't2', 'swept.txt', Buffer.from('gone'), {
        deletedAt: new Date(Date.now() - 2 * 86_400_000),
        withoutBytes: true,
      });
      const before = await dumpTables(await getDatabase());
      const file = path.join(dir, `${from}-${to}.tlbak`);
      const written = await writeBackupFile(await getDatabase(), file);
      expect(written.header).toMatchObject({ formatVersion: 2, files: true, fileStore: from });
      const total = files.reduce((sum, entry) => sum + entry.bytes.length, 0);
      expect(written.files).toMatchObject({ count: 4, bytes: total, skipped: [] });

      await resetDatabase();
      await wipeStore(source);
      const target = await useStore(to, `${from}-${to}-target`);
      expect(await storeDigest(target)).toEqual([]);
      await verifyBackupFile(file, (await getDatabase()).dialect);
      const restored = await restoreBytes(readFileSync(file));
      expect(restored.files).toMatchObject({ driver: to, written: 4, bytes: total, missing: [] });
      await expectFiles(target, files);
      expect((await storeDigest(target)).map(([key]) => key)).toEqual(files.map((entry) => entry.key).sort());
      expect(await dumpTables(await getDatabase())).toEqual(afterRestores(before, 1));
    });
  }

  it('bytes missing or different at backup time fail the backup naming the files; --skip-missing-files leaves them out', async () => {
    const store = await useStore('local', 'skips');
    await team();
    const [notes, photo] = await threeFiles(store);
    await store.delete(notes!.key);
    const other = randomBytes(photo!.bytes.length);
    await store.put(photo!.key, Readable.from([other]), { maxBytes: other.length });
    const file = path.join(dir, 'skips.tlbak');
    const failure = await messageOf(writeBackupFile(await getDatabase(), file));
    expect(failure).toMatch(
      /^2 files could not be backed up, so no backup was written: "[a-z.]+" of task t1 \(.+\) and "[a-z.]+" of task t1 \(.+\); run "storage verify" to see every problem, or add --skip-missing-files to back up without them\.$/,
    );
    expect(failure).toContain('"notes.txt" of task t1 (its bytes are missing from the file store)');
    expect(failure).toContain('"photo.bin" of task t1 (its bytes differ from its row)');
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);

    const written = await writeBackupFile(await getDatabase(), file, { skipMissingFiles: true });
    expect(written.files?.skipped.map(({ file: entry, reason }) => [entry.name, reason]).sort()).toEqual([
      ['notes.txt', 'missing'],
      ['photo.bin', 'differs'],
    ]);
    expect(written.files?.count).toBe(1);

    // Into an empty store: refused naming them, nothing restored, nothing left in the store.
    await resetDatabase();
    const before = await dumpTables(await getDatabase());
    const empty = await useStore('local', 'skips-target');
    const refusal = await messageOf(restoreBytes(readFileSync(file)));
    expect(refusal).toMatch(
      /^2 files are neither in the backup nor in the file store \(local\), so nothing was restored: .+; put their bytes in the store, or add --force-missing-files to restore without them\.$/,
    );
    expect(refusal).toContain('"notes.txt" of task t1');
    expect(refusal).toContain('"photo.bin" of task t1');
    expect(await dumpTables(await getDatabase())).toEqual(before);
    expect(await storeDigest(empty)).toEqual([]);
    const forced = await restoreBytes(readFileSync(file), { forceMissingFiles: true });
    expect(forced.files.written).toBe(1);
    expect(forced.files.missing).toHaveLength(2);
    expect((await storeDigest(empty)).map(([key]) => key)).toHaveLength(1);
  });

  it('a file changed inside the backup fails the restore naming it, leaving database and store as they were', async () => {
    const store = await useStore('local', 'tampered');
    await team();
    const files = [
      await addFile(store, 't1', 'first.txt', Buffer.from('first file'), { id: `a${randomUUID().slice(1)}` }),
      await addFile(store, 't1', 'second.bin', randomBytes(200 * 1024), { id: `b${randomUUID().slice(1)}` }),
      await addFile(store, 't2', 'third.bin', randomBytes(150 * 1024), { id: `c${randomUUID().slice(1)}` }),
    ];
    const file = path.join(dir, 'tampered.tlbak');
    await writeBackupFile(await getDatabase(), file);
    const third = files[2]!;
    const tampered = rewrite(file, (lines) => {
      const at = lines.findIndex((line) => line.startsWith(`{"file":"${third.key}"`)) + 2;
      const line = lines[at]!;
      lines[at] = line.slice(0, 100) + (line[100] === 'A' ? 'B' : 'A') + line.slice(101);
    });
    const tamperedFile = path.join(dir, 'tampered-copy.tlbak');
    writeFileSync(tamperedFile, tampered);
    const message =
      'The backup file is damaged: the bytes of the file "third.bin" of task t2 differ from the ones it was backed up with.';
    await expect(verifyBackupFile(tamperedFile, (await getDatabase()).dialect)).rejects.toThrow(message);

    // The first file's bytes are gone from the store: the restore writes them, then must take them back.
    await store.delete(files[0]!.key);
    const beforeRows = await dumpTables(await getDatabase());
    const beforeStore = await storeDigest(store);
    await expect(restoreBytes(tampered)).rejects.toThrow(message);
    expect(await dumpTables(await getDatabase())).toEqual(beforeRows);
    expect(await storeDigest(store)).toEqual(beforeStore);
  });

  it('a version 1 backup (no files) still restores, when the store holds the bytes; otherwise it names the missing ones', async () => {
    const store = await useStore('local', 'version1');
    await team();
    const files = await threeFiles(store);
    const file = path.join(dir, 'without.tlbak');
    const written = await writeBackupFile(await getDatabase(), file, { files: false });
    expect(written.header).toMatchObject({ formatVersion: 2, files: false });
    expect(written.files).toBeUndefined();
    const version1 = rewrite(
      file,
      (lines) => {
        const header = JSON.parse(lines[0]!) as Record<string, unknown>;
        lines[0] = JSON.stringify({ ...header, formatVersion: 1, files: undefined, fileStore: undefined });
      },
      (trailer) => delete trailer.files,
    );
    expect(gunzipSync(version1).toString('utf8')).not.toMatch(/"files"|"file"/);
    const before = await dumpTables(await getDatabase());

    const same = await restoreBytes(version1);
    expect(same.files).toMatchObject({ written: 0, alreadyStored: 3, missing: [] });
    expect(await dumpTables(await getDatabase())).toEqual(afterRestores(before, 1));

    // --verify reads the stored bytes: the same size with other bytes is caught only then.
    const photo = files[1]!;
    const other = randomBytes(photo.bytes.length);
    await store.put(photo.key, Readable.from([other]), { maxBytes: other.length });
    expect((await restoreBytes(readFileSync(file))).files.alreadyStored).toBe(3);
    await expect(restoreBytes(readFileSync(file), { verifyStoredFiles: true })).rejects.toThrow(
      /^1 file is neither in the backup nor in the file store \(local\), so nothing was restored: "photo\.bin" of task t1 \(stored SHA-256 [0-9a-f]{12}…, [0-9a-f]{12}… in its row\); /,
    );

    await wipeStore(store);
    const missing = await messageOf(restoreBytes(version1));
    expect(missing).toMatch(
      /^3 files are neither in the backup nor in the file store \(local\), so nothing was restored: /,
    );
    for (const entry of files) expect(missing).toContain(`"${entry.name}" of task ${entry.task}`);
    const forced = await restoreBytes(version1, { forceMissingFiles: true });
    expect(forced.files.missing).toHaveLength(3);
  });

  it('thumbnails (when the schema has them) go along, are no orphans, and a missing one is left out', async (context) => {
    const store = await useStore('local', 'thumbnails');
    const { db, tables } = await getDatabase();
    const columns = Object.values(getTableColumns(tables.taskAttachments)).map((column) => column.name);
    context.skip(!columns.includes('thumbnail_key'), 'this schema has no thumbnail_key column');
    await team();
    const photo = await addFile(store, 't1', 'photo.png', randomBytes(40 * 1024));
    const thumbnail = { key: `thumbnails/${photo.id.slice(0, 2)}/${photo.id}`, bytes: randomBytes(3000) };
    await store.put(thumbnail.key, Readable.from([thumbnail.bytes]), { maxBytes: thumbnail.bytes.length });
    await db
      .update(tables.taskAttachments)
      .set({ thumbnailKey: thumbnail.key } as never)
      .where(eq(tables.taskAttachments.id, photo.id));
    expect((await verifyStore(await getDatabase(), store)).orphans).toEqual([]);
    const file = path.join(dir, 'thumbnails.tlbak');
    expect((await writeBackupFile(await getDatabase(), file)).files).toMatchObject({
      count: 2,
      thumbnailsLeftOut: 0,
    });

    await resetDatabase();
    await wipeStore(store);
    const target = await useStore('s3', 'thumbnails-target');
    expect((await restoreBytes(readFileSync(file))).files.written).toBe(2);
    await expectFiles(target, [photo]);
    expect((await readAll(await target.get(thumbnail.key))).equals(thumbnail.bytes)).toBe(true);

    await target.delete(thumbnail.key);
    const left = await writeBackupFile(await getDatabase(), file, { store: target });
    expect(left.files).toMatchObject({ count: 1, thumbnailsLeftOut: 1, skipped: [] });
  });
});
