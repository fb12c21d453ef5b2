/** The bodies bench:attachments sends: deterministic, incompressible, written to disk once. */
import { createCipheriv, createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { MB } from './config.mjs';

/**
 * Writes `size` deterministic, incompressible bytes (AES-256-CTR of zeros under a fixed key) to
 * `file`, 1 MiB at a time; resolves to their SHA-256 (hex).
 */
export async function writeTestFile(/** @type {string} */ file, /** @type {number} */ size) {
  const cipher = createCipheriv('aes-256-ctr', Buffer.alloc(32, 7), Buffer.alloc(16, 0));
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const zeros = Buffer.alloc(MB);
  for (let written = 0; written < size; written += MB) {
    const chunk = cipher.update(zeros.subarray(0, Math.min(MB, size - written)));
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return hash.digest('hex');
}
