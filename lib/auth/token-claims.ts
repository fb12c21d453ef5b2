import { isRole, type Role } from './role';

/**
 * Reads the role claim of a stored token without verifying it: only to choose which screens to
 * show. The server verifies the signature on every API call and refuses data to a forged token.
 * Returns null for a malformed or expired token.
 */
export function readTokenRole(token: string | null, nowMs = Date.now()): Role | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { role, exp } = claims as { role?: unknown; exp?: unknown };
    if (typeof exp === 'number' && exp * 1000 <= nowMs) return null;
    return isRole(role) ? role : null;
  } catch {
    return null;
  }
}
