import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a link sent to someone (password reset, invitation): 32 random bytes, base64url.
 * Only its SHA-256 is stored, so a copy of the database cannot be turned into working links.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}
