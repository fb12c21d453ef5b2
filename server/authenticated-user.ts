import type { Role } from '@/shared/auth/role';

/** The caller of a request, once its session token was checked (auth-service's authenticateRequest). */
export interface AuthenticatedUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  /** The session version the caller's token carries (it matched the database when checked). */
  sessionVersion: number;
  /** REQUIRE_2FA=admins and this admin logged in with a password without two-factor: set it up first. */
  twoFactorSetup?: boolean;
}
