/** What bench:attachments asks of the server: an account with a task, uploads and downloads. */
import { createHash, randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { newTaskUpsert, registerAccount } from '../bench-support.mjs';

/** A new account and a new task of its own on the server at `base`: the token and the task's uid. */
export async function accountWithTask(/** @type {string} */ base) {
  const { token } = await registerAccount(base, { fullName: 'Bench Files' });
  const hlc = `${String(Date.now()).padStart(15, '0')}-000000-bench`;
  const op = newTaskUpsert({ title: 'Files bench', description: 'Holds the files', priority: 'Medium' }, hlc);
  const response = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId: 'bench-attachments', ops: [op] }),
  });
  if (response.status !== 200) throw new Error(`push: ${response.status} ${await response.text()}`);
  return { token, task: op.uid };
}

/**
 * PUT /api/files/{new id} with the file `file` (streamed from disk, Content-Length declared), which
 * must answer 201 with `size` bytes stored. Resolves to the id and the ms until the answer.
 * @param {{ base: string, token: string, task: string }} target
 * @param {string} file
 * @param {number} size
 */
export async function upload({ base, token, task }, file, size) {
  const id = randomUUID();
  const body = await openAsBlob(file);
  const started = performance.now();
  const response = await fetch(
    `${base}/api/files/${id}?task=${encodeURIComponent(task)}&name=${encodeURIComponent(`bench-${id}.bin`)}`,
    { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body },
  );
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${text.slice(0, 300)}`);
  const { attachment } = /** @type {{ attachment: { id: string, size: number } }} */ (JSON.parse(text));
  if (attachment.size !== size || attachment.id !== id)
    throw new Error(
      `upload: stored ${attachment.size} bytes under ${attachment.id}, sent ${size} under ${id}`,
    );
  return { id, ms };
}

/**
 * GET /api/files/{id}, hashed as it arrives (never held whole): resolves to the ms until the last
 * byte; throws unless it is 200 with `size` bytes whose SHA-256 is `sha256`.
 * @param {{ base: string, token: string }} target
 * @param {string} id
 * @param {{ size: number, sha256: string }} expected
 */
export async function download({ base, token }, id, { size, sha256 }) {
  const started = performance.now();
  const response = await fetch(`${base}/api/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body)
    throw new Error(`download: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (
    /** @type {unknown} */ (response.body)
  )) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const ms = performance.now() - started;
  const got = hash.digest('hex');
  if (bytes !== size || got !== sha256)
    throw new Error(
      `HASH MISMATCH on ${id}: sent ${size} bytes sha256 ${sha256}, got ${bytes} bytes sha256 ${got}`,
    );
  return ms;
}
