import { clearSession } from '@/shared/session/session';
import { isAdminPath, withRole } from '../auth/role';

/** Shown on the login screen after an API call answered 401 to a stored token. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const SESSION_EXPIRED_REASON = 'expired';

/** Where to send someone whose token was refused, keeping the area's role. */
export function sessionExpiredLoginPath(pathname: string): string {
  return withRole(`/login?reason=${SESSION_EXPIRED_REASON}`, isAdminPath(pathname) ? 'admin' : 'user');
}

/**
 * An API call answered 401 to the stored token: the session is over. Clear it and go to the login
 * screen, which explains why. Runs at most once per page.
 */
let handling = false;
export function handleSessionExpired(): void {
  if (typeof window === 'undefined' || handling) return;
  handling = true;
  try {
    clearSession();
  } catch {
    // Storage failing must not keep the user on a page whose data they can no longer load.
  }
  window.location.assign(sessionExpiredLoginPath(window.location.pathname));
}
