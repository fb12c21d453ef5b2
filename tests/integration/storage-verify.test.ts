import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLines, storeHasProblems, verifyStore } from '@/server/backup/verify-store';
import { getDatabase } from '@/server/db';
import { getFileStore, resetFileStoreForTests, type FileStore } from '@/server/storage';
import { createLocalDiskStore } from '@/server/storage/local-disk';
import { readAll } from '@/server/storage/streams';
import { createUserWithToken } from '@/tests/helpers/factories';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * `storage verify` (server/backup/verify-store.ts, scripts/cli/storage.ts): rows against bytes, on
 * the local driver (the comparison is the driver's list/head/get, which the contract suite covers
 * on both drivers); and the backup, restore and storage commands as child processes.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-storage-verify-'));
const filesDir = path.join(dir, 'files');
const DAY = 86_400_000;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on', STORAGE: 'local', FILES_DIR: filesDir });
  resetFileStoreForTests();
});

afterAll(async () => {
  await applyTestEnv({ STORAGE: undefined, FILES_DIR: undefined });
  resetFileStoreForTests();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function put(store: FileStore, key: string, bytes: Buffer): Promise<void> {
  await store.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
}

/** A row for a file of `bytes` on task t1 (its bytes are the caller's business); its key. */
async function addRow(name: string, bytes: Buffer, deletedAt: Date | null = null): Promise<string> {
  const id = randomUUID();
  const key = `attachments/${id.slice(0, 2)}/${id}-${randomBytes(4).toString('hex')}`;
  const { db, tables } = await getDatabase();
  const now = new Date();
  await db.insert(tables.taskAttachments).values({
    id,
    taskUid: 't1',
    name,
    mediaType: 'text/plain',
    size: bytes.length,
    sha256: sha256(bytes),
    storageKey: key,
    addedBy: null,
    addedAt: now,
    deletedAt,
    changedAt: now,
  });
  return key;
}

/** Olive's task t1 with five files: fine, missing, of another size, of other bytes, swept; two orphans. */
async function storeWithProblems() {
  rmSync(filesDir, { recursive: true, force: true });
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  expect((await push(olive.token, 'pc', [upsertOp('o1', 't1', { title: 'Plan' })])).status).toBe(200);
  const store = getFileStore();
  const fine = Buffer.from('fine bytes');
  await put(store, await addRow('fine.txt', fine), fine);
  const missing = await addRow('missing.txt', Buffer.from('never stored'));
  const resized = await addRow('resized.txt', Buffer.from('twelve bytes'));
  await put(store, resized, Buffer.from('ten bytes!'));
  const altered = await addRow('altered.txt', Buffer.from('same length A'));
  await put(store, altered, Buffer.from('same length B'));
  // Deleted two days ago and swept (bytes first): not missing, it is on its way out.
  await addRow('swept.txt', Buffer.from('gone'), new Date(Date.now() - 2 * DAY));
  const oldOrphan = 'attachments/zz/old-orphan';
  await put(store, oldOrphan, Buffer.from('left by a purge'));
  const twoDaysAgo = (Date.now() - 2 * DAY) / 1000;
  utimesSync(path.join(filesDir, 'attachments', 'zz', 'old-orphan'), twoDaysAgo, twoDaysAgo);
  const newOrphan = 'attachments/zz/new-orphan';
  await put(store, newOrphan, Buffer.from('an upload in progress'));
  await put(store, 'probe/left-over', Buffer.from('probe'));
  return { store, missing, resized, altered, oldOrphan, newOrphan };
}

/** Runs `npm run <command> -- args` the way package.json does. */
function run(command: 'backup' | 'restore' | 'storage', args: string[], env: Record<string, string> = {}) {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const script = path.join('scripts', 'cli', `${command}.ts`);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      tsx,
      ['--conditions=react-server', script, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('storage verify', () => {
  it('reports missing, mismatched and orphaned files; --hash reads the bytes; --clean-orphans removes the old orphans', async () => {
    const { store, missing, resized, altered, oldOrphan, newOrphan } = await storeWithProblems();
    const handle = await getDatabase();

    const report = await verifyStore(handle, store);
    expect(report.checked).toBe(4);
    expect(report.missing.map((file) => file.key)).toEqual([missing]);
    expect(report.mismatched.map(({ file, size }) => [file.key, size])).toEqual([[resized, 10]]);
    expect(report.orphans.map((orphan) => orphan.key)).toEqual([newOrphan, oldOrphan]);
    expect(storeHasProblems(report)).toBe(true);
    const lines = reportLines(report);
    expect(lines).toContain(`missing: ${missing} ("missing.txt" of task t1: no bytes in the store)`);
    expect(lines).toContain(
      `mismatched: ${resized} ("resized.txt" of task t1: 10 bytes stored, 12 in its row)`,
    );
    expect(lines.filter((line) => line.startsWith('orphaned: '))).toHaveLength(2);
    expect(lines.find((line) => line.includes(oldOrphan))).toMatch(/^orphaned: \S+ \(15 B, written \d{4}-/);

    const hashed = await verifyStore(handle, store, { hash: true });
    expect(hashed.mismatched.map(({ file }) => file.key).sort()).toEqual([resized, altered].sort());
    expect(reportLines(hashed)).toContain(
      `mismatched: ${altered} ("altered.txt" of task t1: stored SHA-256 ${sha256(Buffer.from('same length B'))}, ${sha256(Buffer.from('same length A'))} in its row)`,
    );

    const cleaned = await verifyStore(handle, store, { cleanOrphans: true });
    expect(cleaned.removed.map((orphan) => orphan.key)).toEqual([oldOrphan]);
    expect(cleaned.orphans.map((orphan) => orphan.key)).toEqual([newOrphan]);
    await expect(store.head(oldOrphan)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await store.head(newOrphan)).size).toBeGreaterThan(0);
    expect((await store.head('probe/left-over')).size).toBe(5);
  });

  it('the commands: storage verify exits 1 listing the problems; backup and restore carry the files into another store', async () => {
    const { store, missing, resized, oldOrphan, newOrphan } = await storeWithProblems();
    const verified = await run('storage', ['verify', '--clean-orphans']);
    expect(verified.code).toBe(1);
    const lines = verified.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`missing: ${missing} ("missing.txt" of task t1: no bytes in the store)`);
    expect(lines).toContain(
      `mismatched: ${resized} ("resized.txt" of task t1: 10 bytes stored, 12 in its row)`,
    );
    expect(lines.filter((line) => line.startsWith(`orphaned: ${newOrphan} (21 B, written `))).toHaveLength(1);
    expect(
      lines.filter((line) => line.startsWith(`removed orphan: ${oldOrphan} (15 B, written `)),
    ).toHaveLength(1);
    expect(verified.stderr).toBe(
      'The local file store does not match the database: 4 files checked, 1 missing, 1 mismatched, 1 orphaned, 1 orphan removed (15 B).\n',
    );

    // Make the rows and the bytes agree, then move everything to a new database and folder.
    const { db, tables } = await getDatabase();
    await db.delete(tables.taskAttachments);
    rmSync(filesDir, { recursive: true, force: true });
    const photo = randomBytes(250 * 1024);
    const photoKey = await addRow('photo.bin', photo);
    await put(store, photoKey, photo);
    const clean = await run('storage', ['verify', '--hash']);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toBe(
      'The local file store matches the database: 1 file checked, 0 missing, 0 mismatched, 0 orphaned.\n',
    );
    expect(clean.code).toBe(0);

    const file = path.join(dir, 'team.tlbak');
    const backup = await run('backup', [file]);
    expect(backup.stderr).toMatch(/ and 1 file \(250 kB\) from the local file store in [\d.]+ s\.\n$/);
    expect(backup.code).toBe(0);
    const otherFiles = path.join(dir, 'other-files');
    const restored = await run('restore', [file], {
      DATABASE_URL: path.join(dir, 'moved.db'),
      FILES_DIR: otherFiles,
    });
    expect(restored.stderr).toMatch(
      / and files into the local file store \(1 file \(250 kB\) written\) from the backup of /,
    );
    expect(restored.code).toBe(0);
    const moved = await readAll(await createLocalDiskStore(otherFiles).get(photoKey));
    expect(moved.equals(photo)).toBe(true);
  }, 90_000);
});
