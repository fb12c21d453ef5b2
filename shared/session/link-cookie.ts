/**
 * The task links' cookie (docs/decisions/0050-task-link-cookie.md): the session's token, sent only
 * with requests under `/t/`, so that the server can answer a task's link itself (a redirect to the
 * task, or the not-found page with status 404) instead of drawing it in the browser. The session
 * lives in localStorage (its token is sent as a header, never as a cookie, to every other path).
 */

export const TASK_LINK_COOKIE = 'tasklane_link';
const PATH = '/t';

function expirySeconds(token: string, nowMs: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof exp === 'number' ? Math.max(0, Math.floor(exp - nowMs / 1000)) : null;
  } catch {
    return null;
  }
}

/** The cookie's text for `token` (null: removed), as `document.cookie` takes it. */
export function linkCookieText(token: string | null, secure: boolean, nowMs = Date.now()): string {
  const base = `${TASK_LINK_COOKIE}=${token ? encodeURIComponent(token) : ''}; Path=${PATH}; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
  if (!token) return `${base}; Max-Age=0`;
  const maxAge = expirySeconds(token, nowMs);
  return maxAge === null ? base : `${base}; Max-Age=${maxAge}`;
}

/** Keeps the cookie in step with the stored session (a write the browser refuses changes nothing). */
export function writeLinkCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  try {
    document.cookie = linkCookieText(token, window.location.protocol === 'https:');
  } catch {
    // Without it, the task link is answered in the browser, as before.
  }
}
