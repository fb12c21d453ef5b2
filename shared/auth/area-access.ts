import type { Role } from './role';
import { readTokenRole } from './token-claims';

/** Whether a stored token opens this area: any valid token for /user, an admin's for /admin. */
export function canEnterArea(area: Role, token: string | null, nowMs = Date.now()): boolean {
  const role = readTokenRole(token, nowMs);
  if (!role) return false;
  return area === 'user' || role === 'admin';
}
