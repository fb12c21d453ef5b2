import { adminUserPath, type AdminUser } from '@/features/admin/model/users';
import { ROLES, type Role } from '@/shared/auth/role';
import { deleteJson, getJson, putJson } from '@/shared/http/http';

export type AdminUserUpdate = { fullName: string; email: string; role: Role };

/**
 * A user as GET /admin/users lists them (docs/product.md#endpoint-list-users). Checked by hand rather
 * than with zod: the list can hold 10,000 users, and the browser's zod runs without its JIT
 * (shared/validation/zod/zod-config.ts), which made this check a visible part of the first render
 * (npm run bench:admin-users).
 */
export function isAdminUser(value: unknown): value is AdminUser {
  if (typeof value !== 'object' || value === null) return false;
  const { fullName, email, role, createdAt } = value as Record<string, unknown>;
  return (
    typeof fullName === 'string' &&
    typeof email === 'string' &&
    typeof createdAt === 'string' &&
    (ROLES as readonly unknown[]).includes(role)
  );
}

/**
 * GET /admin/users: every user (docs/product.md#endpoint-list-users; our server requires the admin's
 * Bearer token, which requestJson sends). Items that are not users are left out rather than failing
 * the whole list; only fullName, email, role and createdAt are kept.
 */
export async function fetchAdminUsers(options: { signal?: AbortSignal } = {}): Promise<AdminUser[]> {
  const body = await getJson<unknown>('/admin/users', options);
  if (!Array.isArray(body)) return [];
  const users: AdminUser[] = [];
  for (const item of body as unknown[]) {
    if (isAdminUser(item))
      users.push({ fullName: item.fullName, email: item.email, role: item.role, createdAt: item.createdAt });
  }
  return users;
}

/**
 * PUT /admin/users/{email} with {fullName, email, role}; role is the value ('admin' | 'user')
 * (docs/product.md#endpoint-update-user).
 */
export function updateAdminUser(
  email: string,
  update: AdminUserUpdate,
): Promise<{ message?: string } | undefined> {
  return putJson<{ message?: string } | undefined>(adminUserPath(email), update);
}

/** DELETE /admin/users/{email} (docs/product.md#endpoint-delete-user). */
export function deleteAdminUser(email: string): Promise<{ message?: string } | undefined> {
  return deleteJson<{ message?: string } | undefined>(adminUserPath(email));
}

/**
 * GET /api/admin/two-factor: the emails of the accounts with two-factor sign-in on, for Manage Users'
 * badge (docs/product.md#two-factor-sign-in). A route apart from the user list, whose shape is the spec's.
 */
export async function fetchTwoFactorEmails(options: { signal?: AbortSignal } = {}): Promise<Set<string>> {
  const body = await getJson<{ emails?: unknown } | undefined>('/api/admin/two-factor', {
    endSessionOn401: false,
    ...options,
  });
  const emails = Array.isArray(body?.emails) ? body.emails : [];
  return new Set(emails.filter((email): email is string => typeof email === 'string'));
}
