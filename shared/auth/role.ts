/**
 * The two role values (docs/product.md#roles). Kept free of zod: the area guard reads it on every
 * signed-in page.
 */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return value === 'user' || value === 'admin';
}

/** The role travels between the public screens as `?role=admin|user`; anything else means user. */
export function parseRole(value: string | null | undefined): Role {
  return value === 'admin' ? 'admin' : 'user';
}

/** `path` with the role attached as the query parameter the auth screens read. */
export function withRole(path: string, role: Role): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}role=${role}`;
}

/** Where a user of this role lands after signing up or logging in (docs/product.md#log-in). */
export function dashboardPathFor(role: Role): string {
  return role === 'admin' ? '/admin/dashboard' : '/user/dashboard';
}

/** The navbar treats a page as admin by its path prefix alone (docs/product.md#navbar). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Manage Users shows the role with its first letter capitalised ('admin' → 'Admin';
 * docs/product.md#manage-users).
 */
export function formatRole(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
