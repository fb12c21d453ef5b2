import { z } from 'zod';
import { adminUserPath, type AdminUser } from '@/lib/admin/users';
import { roleSchema, type Role } from '@/lib/validation/auth';
import { deleteJson, getJson, putJson } from './http';

const adminUserSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});

export type AdminUserUpdate = { fullName: string; email: string; role: Role };

/**
 * Spec §7 GET /admin/users: every user (our server requires the admin's Bearer token, which
 * requestJson sends). Items that are not users are left out rather than failing the whole list.
 */
export async function fetchAdminUsers(options: { signal?: AbortSignal } = {}): Promise<AdminUser[]> {
  const body = await getJson<unknown>('/admin/users', options);
  if (!Array.isArray(body)) return [];
  const users: AdminUser[] = [];
  for (const item of body) {
    const parsed = adminUserSchema.safeParse(item);
    if (parsed.success) users.push(parsed.data);
  }
  return users;
}

/** Spec §7 PUT /admin/users/{email} with {fullName, email, role}; role is the value ('admin' | 'user'). */
export function updateAdminUser(
  email: string,
  update: AdminUserUpdate,
): Promise<{ message?: string } | undefined> {
  return putJson<{ message?: string } | undefined>(adminUserPath(email), update);
}

/** Spec §7 DELETE /admin/users/{email}. */
export function deleteAdminUser(email: string): Promise<{ message?: string } | undefined> {
  return deleteJson<{ message?: string } | undefined>(adminUserPath(email));
}
