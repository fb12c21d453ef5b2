import 'server-only';
import { createHash } from 'node:crypto';

/** The SHA-256 of `text` in hex: what is stored of a secret token instead of the token itself. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
