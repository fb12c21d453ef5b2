import { LOGIN_TIMEOUT_MS } from '@/lib/constants';
import type { Role } from '@/lib/validation/auth';
import { postJson } from './http';

/** Spec §7 responses, as far as the screens read them. */
export interface AuthResponse {
  token?: string;
  role?: Role;
  user?: { fullName: string; email: string; role: Role };
  message?: string;
}

export interface MessageResponse {
  message?: string;
}

/** Spec §7 POST /api/auth/register {fullName, email, password, role}. */
export function registerAccount(input: { fullName: string; email: string; password: string; role: Role }) {
  return postJson<AuthResponse>('/api/auth/register', input, { auth: false });
}

/** Spec §7 POST /api/auth/login {email, password, role}; aborted after 10 s (spec §9). */
export function logIn(input: { email: string; password: string; role: Role }) {
  return postJson<AuthResponse>('/api/auth/login', input, { auth: false, timeoutMs: LOGIN_TIMEOUT_MS });
}

/** Spec §7 POST /api/forgot-password {email, role}. */
export function requestPasswordResetLink(input: { email: string; role: Role }) {
  return postJson<MessageResponse>('/api/forgot-password', input, { auth: false });
}

/** Spec §7 POST /api/reset-password {token, password}. */
export function submitNewPassword(input: { token: string; password: string }) {
  return postJson<MessageResponse>('/api/reset-password', input, { auth: false });
}

export interface ChangePasswordResponse {
  message?: string;
  /** Replaces the stored token: the change ends every session issued before it. */
  token?: string;
}

/** POST /api/auth/change-password {currentPassword, newPassword}, as the signed-in user. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return postJson<ChangePasswordResponse>('/api/auth/change-password', input);
}
