/**
 * The link cookies (docs/decisions/0050-task-link-cookie.md): the session's token, sent only with
 * requests a plain link makes, where no header can be added. `tasklane_link` goes only to `/t/`, so
 * the server can answer a task's link itself (a redirect to the task, or the not-found page with
 * status 404); `tasklane_files` only to `/api/files/`, so a file's link downloads it (and an image
 * shows) with the session checked (docs/decisions/0051-file-storage.md). The session lives in
 * localStorage (its token is sent as a header, never as a cookie, to every other path).
 */

export const TASK_LINK_COOKIE = 'tasklane_link';
export const FILES_COOKIE = 'tasklane_files';

const COOKIE_PATHS: Readonly<Record<string, string>> = {
  [TASK_LINK_COOKIE]: '/t',
  [FILES_COOKIE]: '/api/files',
};

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
export function linkCookieText(
  token: string | null,
  secure: boolean,
  nowMs = Date.now(),
  name: string = TASK_LINK_COOKIE,
): string {
  const base = `${name}=${token ? encodeURIComponent(token) : ''}; Path=${COOKIE_PATHS[name]}; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
  if (!token) return `${base}; Max-Age=0`;
  const maxAge = expirySeconds(token, nowMs);
  return maxAge === null ? base : `${base}; Max-Age=${maxAge}`;
}

/** Keeps the cookies in step with the stored session (a write the browser refuses changes nothing). */
export function writeLinkCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:';
  for (const name of Object.keys(COOKIE_PATHS)) {
    try {
      document.cookie = linkCookieText(token, secure, Date.now(), name);
    } catch {
      // Without it, the task link is answered in the browser, as before (a file's link asks to log in).
    }
  }
}
