import 'server-only';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from './digest';

/**
 * The secret of a link sent to someone (password reset, invitation): 32 random bytes, base64url.
 * Only its SHA-256 is stored, so a copy of the database cannot be turned into working links.
 */
export function hashLinkToken(token: string): string {
  return sha256Hex(token);
}

export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}
