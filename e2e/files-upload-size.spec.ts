/**
 * The largest file an upload may be (docs/product.md#files-on-tasks), end to end on the production
 * server: a file of exactly MAX_UPLOAD_SIZE (25 MB by default) is stored whole and comes back byte for
 * byte, one byte more is refused with 413 and nothing is recorded. The regression it guards: the files
 * routes are outside the proxy's matcher (proxy.ts) because Next.js cuts a proxied request's body at
 * 10 MB; a 25 MB upload through the proxy would be stored short. API level: no page is opened.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { startAppServer, type AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import { pushTasksAt, registerAccount, type Account } from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** MAX_UPLOAD_SIZE's default: 25 MB. */
const LIMIT = 25 * 1024 * 1024;

let server: AppProcess;
let owner: Account;
let task: string;

test.beforeAll(async () => {
  server = await startAppServer({ TEAM_SYNC: 'on' });
  owner = await registerAccount(server.base, 'Fay Files', uniqueEmail('fay-files'), 'user');
  task = (await pushTasksAt(server.base, owner, [{ title: 'Venue contract' }])).uids[0]!;
});

test.afterAll(async () => {
  await server?.stop();
});

/** `size` deterministic bytes of no known file type (a byte pattern with a long period). */
function patternBytes(size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + (index >>> 11)) & 0xff;
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of 1 MiB chunks: fetch then sends no Content-Length (chunked). */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 1024 * 1024));
      offset += 1024 * 1024;
    },
  });
}

/**
 * PUT /api/files/{new id} of `task` with `bytes`, declared (Content-Length) or sent chunked; the
 * status, the answer and the id.
 */
async function upload(bytes: Uint8Array, options: { declared: boolean }) {
  const id = randomUUID();
  const query = new URLSearchParams({ task, name: `contract-${id}.bin` });
  const response = await fetch(`${server.base}/api/files/${id}?${query}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}` },
    body: options.declared ? new Uint8Array(bytes) : chunked(bytes),
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  return { id, status: response.status, text };
}

async function listedFiles(): Promise<{ id: string; size: number }[]> {
  const response = await fetch(`${server.base}/api/sync/attachments?task=${task}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { attachments: { id: string; size: number }[] }).attachments;
}

test('@one-width a 25 MB file is stored whole and downloads byte for byte', async () => {
  const bytes = patternBytes(LIMIT);
  const sent = await upload(bytes, { declared: true });
  expect(sent.status, sent.text).toBe(201);
  const { attachment } = JSON.parse(sent.text) as { attachment: { id: string; size: number; task: string } };
  expect(attachment).toMatchObject({ id: sent.id, size: LIMIT, task });

  const response = await fetch(`${server.base}/api/files/${sent.id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  const back = new Uint8Array(await response.arrayBuffer());
  expect(back.length).toBe(LIMIT);
  expect(sha256(back)).toBe(sha256(bytes));
  expect(await listedFiles()).toContainEqual(expect.objectContaining({ id: sent.id, size: LIMIT }));
});

test('@one-width 25 MB and one byte is refused with 413, declared or counted, and not listed', async () => {
  const bytes = patternBytes(LIMIT + 1);
  // Declared: refused before the body is read. Sent chunked: the server counts it and stops at the limit.
  for (const declared of [true, false]) {
    const sent = await upload(bytes, { declared });
    expect(sent.status, `${declared ? 'declared' : 'chunked'}: ${sent.text}`).toBe(413);
    expect((JSON.parse(sent.text) as { message: string }).message).toContain('too large');
    const files = await listedFiles();
    expect(files.map((file) => file.id)).not.toContain(sent.id);
    expect(files.every((file) => file.size <= LIMIT)).toBe(true);
  }
});

/** Every file under the data folder's store (`files/`), relative paths; `.tmp/` holds unfinished writes. */
function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

test('@one-width the server killed mid-upload keeps no half file; the same upload again after the restart is stored whole', async () => {
  const bytes = patternBytes(8 * 1024 * 1024);
  const id = randomUUID();
  const query = new URLSearchParams({ task, name: 'interrupted.bin' });
  const url = `${server.base}/api/files/${id}?${query}`;
  // A body that sends 2 MiB, then waits: the server is killed while it reads.
  let sentSoFar = 0;
  let release: () => void = () => undefined;
  const stalled = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sentSoFar >= 2 * 1024 * 1024) await stalled;
      if (sentSoFar >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(sentSoFar, sentSoFar + 256 * 1024));
      sentSoFar += 256 * 1024;
    },
  });
  const interrupted = fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-length': String(bytes.length) },
    body,
    duplex: 'half',
  } as RequestInit).then(
    (response) => response.status,
    () => 'failed' as const,
  );
  await expect.poll(() => storedFiles(server.dataDir).some((file) => file.startsWith('.tmp'))).toBe(true);
  await server.kill();
  release();
  expect(await interrupted).toBe('failed');
  // Nothing under the file's key: the write went to a temporary file, never renamed.
  expect(storedFiles(server.dataDir).filter((file) => file.includes(id))).toEqual([]);

  server = await startAppServer({ TEAM_SYNC: 'on' }, { port: server.port, dataDir: server.dataDir });
  expect((await listedFiles()).map((file) => file.id)).not.toContain(id);
  const again = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}` },
    body: new Uint8Array(bytes),
  });
  expect(again.status, await again.clone().text()).toBe(201);
  // Sent twice more (a retry after a lost answer): the stored file is the answer, not a second one.
  const retried = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}` },
    body: new Uint8Array(bytes),
  });
  expect(retried.status).toBe(200);
  const back = await fetch(`${server.base}/api/files/${id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(sha256(new Uint8Array(await back.arrayBuffer()))).toBe(sha256(bytes));
  expect((await listedFiles()).filter((file) => file.id === id)).toHaveLength(1);
});
