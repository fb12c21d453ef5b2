import type { Role } from '@/shared/auth/role';

/** A user as GET /admin/users returns them, for the admin screens (docs/product.md#endpoint-list-users). */
export type AdminUser = {
  fullName: string;
  email: string;
  role: Role;
  createdAt: string;
};

/** How many users the dashboard's 'Recent Users' table lists. */
export const RECENT_USERS_COUNT = 5;

function createdAtMs(user: Pick<AdminUser, 'createdAt'>): number {
  const ms = Date.parse(user.createdAt);
  // An unreadable date sorts last rather than breaking the order of the others.
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * Users newest first by createdAt (docs/product.md#manage-users). Stable: users created in the same
 * millisecond keep the server's order. Returns a new array.
 */
export function sortUsersNewestFirst<T extends Pick<AdminUser, 'createdAt'>>(users: readonly T[]): T[] {
  const keyed = users.map((user, index) => ({ user, index, ms: createdAtMs(user) }));
  keyed.sort((a, b) => (a.ms === b.ms ? a.index - b.index : a.ms > b.ms ? -1 : 1));
  return keyed.map(({ user }) => user);
}

/**
 * The admin dashboard's 'Recent Users': the newest `count` users, newest first
 * (docs/product.md#admin-dashboard).
 */
export function getRecentUsers<T extends Pick<AdminUser, 'createdAt'>>(
  users: readonly T[],
  count = RECENT_USERS_COUNT,
): T[] {
  return sortUsersNewestFirst(users).slice(0, Math.max(0, count));
}

/**
 * The email identifies the user in the admin API's paths, so it travels percent-encoded (`+`, `/`, `%`…;
 * docs/product.md#endpoint-update-user).
 */
export function adminUserPath(email: string): string {
  return `/admin/users/${encodeURIComponent(email)}`;
}
