/**
 * Where the login goes after a session opens, when a link sent the visitor there first: a task
 * key's link (`/t/OPS-12`, docs/product.md#task-keys). Only such paths are taken, so the parameter
 * cannot send anyone to another site or page.
 */
export const RETURN_PARAM = 'next';

const TASK_LINK = /^\/t\/[A-Za-z]{2,10}-[1-9][0-9]{0,8}$/;

/** `value` when it is a path the login may return to, else null. */
export function readReturnPath(value: string | null | undefined): string | null {
  return typeof value === 'string' && TASK_LINK.test(value) ? value : null;
}

/** The login page that comes back to `path` after. */
export function loginReturningTo(path: string): string {
  return `/login?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
