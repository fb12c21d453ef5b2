import { mkdtemp, readdir, rm, stat, utimes, writeFile, chmod, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectStorageError, MiB, patternBody } from './contract-helpers';
import { describeFileStoreContract } from './file-store.contract';
import { cleanTemporaries, createLocalDiskStore, TEMPORARY_FOLDER, type LocalDiskStore } from './local-disk';

const DAY = 24 * 60 * 60 * 1000;

async function makeFolder(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'tasklane-files-'));
}

describeFileStoreContract('local disk', async () => {
  const folder = await makeFolder();
  return {
    store: createLocalDiskStore(path.join(folder, 'files')),
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
});

describe('local disk store', () => {
  let folder: string;
  let root: string;
  let store: LocalDiskStore;

  beforeEach(async () => {
    folder = await makeFolder();
    root = path.join(folder, 'files');
    store = createLocalDiskStore(root);
  });

  afterEach(async () => {
    await chmod(folder, 0o700).catch(() => undefined);
    await chmod(root, 0o700).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  });

  const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

  it('keeps files at root/<key>, files 0600 and folders 0700', async () => {
    await store.put('team/task/file.bin', patternBody(1000).body, { maxBytes: 1000 });
    expect(store.root).toBe(path.resolve(root));
    expect(await modeOf(path.join(root, 'team', 'task', 'file.bin'))).toBe(0o600);
    for (const dir of [
      root,
      path.join(root, 'team'),
      path.join(root, 'team', 'task'),
      path.join(root, TEMPORARY_FOLDER),
    ]) {
      expect(await modeOf(dir)).toBe(0o700);
    }
  });

  it('leaves no temporary after failed puts, nor a file under the key', async () => {
    await expectStorageError(store.put('big', patternBody(5 * MiB).body, { maxBytes: MiB }), 'TOO_LARGE');
    const broken = patternBody(MiB, { failAfter: { bytes: 128 * 1024, error: new Error('gone') } });
    await expectStorageError(store.put('broken', broken.body, { maxBytes: 2 * MiB }), 'ABORTED');
    const controller = new AbortController();
    const aborted = patternBody(4 * MiB, { afterChunk: (sent) => sent > MiB && controller.abort() });
    await expectStorageError(
      store.put('aborted', aborted.body, { maxBytes: 8 * MiB, signal: controller.signal }),
      'ABORTED',
    );
    expect(await readdir(path.join(root, TEMPORARY_FOLDER))).toEqual([]);
    expect(await readdir(root)).toEqual([TEMPORARY_FOLDER]);
  });

  it('removes the folders a delete leaves empty, and keeps the others', async () => {
    await store.put('a/b/one', patternBody(10).body, { maxBytes: 10 });
    await store.put('a/two', patternBody(10).body, { maxBytes: 10 });
    await store.delete('a/b/one');
    expect((await readdir(root)).sort()).toEqual([TEMPORARY_FOLDER, 'a']);
    expect(await readdir(path.join(root, 'a'))).toEqual(['two']);
    await store.delete('a/two');
    expect(await readdir(root)).toEqual([TEMPORARY_FOLDER]);
  });

  it('refuses a key that clashes with a folder of other keys', async () => {
    await store.put('a/b', patternBody(10).body, { maxBytes: 10 });
    await expectStorageError(store.put('a', patternBody(10).body, { maxBytes: 10 }), 'BAD_KEY');
    await expectStorageError(store.put('a/b/c', patternBody(10).body, { maxBytes: 10 }), 'BAD_KEY');
    await expectStorageError(store.head('a'), 'NOT_FOUND');
    await expectStorageError(store.get('a'), 'NOT_FOUND');
    expect(await readdir(path.join(root, TEMPORARY_FOLDER))).toEqual([]);
  });

  it('cleanTemporaries removes temporaries older than the limit and keeps fresh ones', async () => {
    const temporaries = path.join(root, TEMPORARY_FOLDER);
    await mkdir(temporaries, { recursive: true });
    await writeFile(path.join(temporaries, 'old.part'), 'old');
    await writeFile(path.join(temporaries, 'fresh.part'), 'fresh');
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    await utimes(path.join(temporaries, 'old.part'), twoDaysAgo, twoDaysAgo);
    expect(await cleanTemporaries(root)).toBe(1);
    expect(await readdir(temporaries)).toEqual(['fresh.part']);
    expect(await store.cleanTemporaries(0)).toBe(1);
    expect(await readdir(temporaries)).toEqual([]);
    expect(await cleanTemporaries(path.join(folder, 'nowhere'))).toBe(0);
  });

  it('does not list the temporaries', async () => {
    await mkdir(path.join(root, TEMPORARY_FOLDER), { recursive: true });
    await writeFile(path.join(root, TEMPORARY_FOLDER, 'left.part'), 'x');
    await store.put('kept', patternBody(3).body, { maxBytes: 3 });
    const keys: string[] = [];
    for await (const item of store.list('')) keys.push(item.key);
    expect(keys).toEqual(['kept']);
  });

  it('fails the probe with UNAVAILABLE naming the folder when FILES_DIR is a file', async () => {
    await writeFile(root, 'not a folder');
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toBe(
      `The file storage folder ${path.resolve(root)} is not a folder (ENOTDIR): check FILES_DIR.`,
    );
  });

  it('fails the probe with UNAVAILABLE naming the folder when it cannot be written', async (context) => {
    context.skip(
      process.getuid?.() === 0,
      'running as root: chmod does not stop root from writing, so a read-only folder cannot be made',
    );
    await mkdir(root, { recursive: true });
    await chmod(root, 0o500);
    const error = await expectStorageError(store.probe(), 'UNAVAILABLE');
    expect(error.message).toBe(
      `The file storage folder ${path.resolve(root)} cannot be written (EACCES): check FILES_DIR and the folder's owner.`,
    );
  });
});
