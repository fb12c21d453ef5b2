import 'server-only';
import { eq } from 'drizzle-orm';
import type { ChangePasswordInput } from '@/features/accounts/server/auth-schemas';
import { PASSWORD_CHANGED_MESSAGE } from '@/features/accounts/model/password-messages';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { getDatabase } from '@/server/db';
import { AppError } from '@/server/errors';
import { hashPassword, verifyPassword } from '@/server/password';
import { storeNewPassword } from './password-reset-service';
import { consumeRateLimit } from '@/server/rate-limit';
import { signToken } from '@/server/token';

/** 400, not 401: the browser client treats 401 as "session over" and logs the user out. */
export const INCORRECT_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';
export const CONCURRENT_CHANGE_MESSAGE =
  'Your password was changed by another request at the same time. Please log in again.';

export interface PasswordChangeResult {
  message: string;
  /** A token for the caller's session; every token issued before the change stops working. */
  token: string;
}

/**
 * POST /api/auth/change-password: a signed-in user (any role) replaces their own password after
 * proving the current one. Every attempt counts against the per-account and per-IP limits before
 * bcrypt runs. On success the session version is bumped, so every other session ends, and the
 * caller gets a fresh token; unused reset links are dropped as well.
 */
export async function changePassword(options: {
  actor: AuthenticatedUser;
  input: ChangePasswordInput;
  ip: string;
}): Promise<PasswordChangeResult> {
  const { actor, input, ip } = options;
  await consumeRateLimit('changePasswordUser', actor.id);
  await consumeRateLimit('changePasswordIp', ip);

  const database = await getDatabase();
  const { users } = database.tables;
  const [row] = await database.db
    .select({ passwordHash: users.passwordHash, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  // Deleted, or its sessions ended (another password change won a race), since the token was checked:
  // this session is over, whatever the current password now is.
  if (!row || row.sessionVersion !== actor.sessionVersion)
    throw new AppError('UNAUTHORIZED', 'Your session is invalid or has expired. Please log in again.');
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError('INCORRECT_PASSWORD', INCORRECT_CURRENT_PASSWORD_MESSAGE);
  }

  const passwordHash = await hashPassword(input.newPassword);
  // Only at the session version read above: of two changes racing with the same current password,
  // one lands (the other would hand out a token the winner has already revoked).
  const updated = await storeNewPassword(database, {
    userId: actor.id,
    passwordHash,
    now: new Date(),
    sessionVersion: row.sessionVersion,
  });
  if (!updated) throw new AppError('CONFLICT', CONCURRENT_CHANGE_MESSAGE);

  const token = await signToken({
    userId: updated.id,
    role: updated.role,
    sessionVersion: updated.sessionVersion,
    // A new password does not stand in for the two-factor set-up REQUIRE_2FA asks of an admin.
    twoFactorSetup: actor.twoFactorSetup,
  });
  return { message: PASSWORD_CHANGED_MESSAGE, token };
}
