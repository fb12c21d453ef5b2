import 'server-only';
import type { Role } from '@/features/accounts/server/auth-schemas';

/** The only user fields that ever leave the server (docs/product.md#endpoint-list-users). */
export interface PublicUser {
  fullName: string;
  email: string;
  role: Role;
  createdAt: string;
}

export function toPublicUser(row: {
  fullName: string;
  email: string;
  role: Role;
  createdAt: Date;
}): PublicUser {
  return { fullName: row.fullName, email: row.email, role: row.role, createdAt: row.createdAt.toISOString() };
}
