import { isRole, type Role } from './role';

/**
 * Reads the claims of a stored token without verifying it: only to choose which screens to show
 * and whose replica to sync. The server verifies the signature on every API call and refuses data
 * to a forged token. Null for a malformed or expired token.
 */
function readClaims(token: string | null, nowMs: number): Record<string, unknown> | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp } = claims as { exp?: unknown };
    if (typeof exp === 'number' && exp * 1000 <= nowMs) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function readTokenRole(token: string | null, nowMs = Date.now()): Role | null {
  const role = readClaims(token, nowMs)?.role;
  return isRole(role) ? role : null;
}

/** The user id (`sub`) of a stored token. */
export function readTokenUserId(token: string | null, nowMs = Date.now()): string | null {
  const sub = readClaims(token, nowMs)?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/**
 * Whether a stored token is an admin's session that must set up two-factor sign-in first
 * (REQUIRE_2FA=admins, the `tfs` claim): the admin area shows the set-up instead of its pages.
 */
export function readTokenTwoFactorSetup(token: string | null, nowMs = Date.now()): boolean {
  return readClaims(token, nowMs)?.tfs === true;
}
