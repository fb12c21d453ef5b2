import type { Role } from '@/lib/validation/auth';

/** Spec §3 "User from the server": what the admin screens read from GET /admin/users. */
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
 * Spec §2/§7: users newest first by createdAt. Stable: users created in the same millisecond keep
 * the server's order. Returns a new array.
 */
export function sortUsersNewestFirst<T extends Pick<AdminUser, 'createdAt'>>(users: readonly T[]): T[] {
  const keyed = users.map((user, index) => ({ user, index, ms: createdAtMs(user) }));
  keyed.sort((a, b) => (a.ms === b.ms ? a.index - b.index : a.ms > b.ms ? -1 : 1));
  return keyed.map(({ user }) => user);
}

/** Spec §2 Admin dashboard 'Recent Users': the newest `count` users, newest first. */
export function getRecentUsers<T extends Pick<AdminUser, 'createdAt'>>(
  users: readonly T[],
  count = RECENT_USERS_COUNT,
): T[] {
  return sortUsersNewestFirst(users).slice(0, Math.max(0, count));
}

/** Spec §2 Manage Users: the role shown with its first letter capitalised ('admin' → 'Admin'). */
export function formatRole(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** Spec §7: the email is the identifier in paths, so it travels percent-encoded (`+`, `/`, `%`…). */
export function adminUserPath(email: string): string {
  return `/admin/users/${encodeURIComponent(email)}`;
}
