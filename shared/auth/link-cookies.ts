/**
 * The link cookies' names and paths (docs/decisions/0050-task-link-cookie.md): the session's token,
 * sent only with the requests a plain link makes. Read by the server (the task link's page, the file
 * downloads) and written by the browser (shared/session/link-cookie.ts). Pure.
 */

/** Sent only to `/t/`: the server answers a task's link itself. */
export const TASK_LINK_COOKIE = 'tasklane_link';
/** Sent only to `/api/files/`: a file's link, an `<img>` or a download carries the session. */
export const FILES_COOKIE = 'tasklane_files';

export const LINK_COOKIE_PATHS: Readonly<Record<string, string>> = {
  [TASK_LINK_COOKIE]: '/t',
  [FILES_COOKIE]: '/api/files',
};

/** The value of cookie `name` in a `Cookie` header (undefined when absent or not decodable). */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
