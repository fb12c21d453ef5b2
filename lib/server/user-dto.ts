import 'server-only';
import type { Role } from '@/lib/validation/auth';

/** Spec §3 "User from the server": the only user fields that ever leave the server. */
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
