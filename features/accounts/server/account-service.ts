import 'server-only';
import { eq } from 'drizzle-orm';
import type { ChangeNameInput } from '@/features/accounts/server/auth-schemas';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { getDatabase } from '@/server/db';
import { AppError } from '@/server/errors';
import { consumeRateLimit } from '@/server/rate-limit';
import { toPublicUser, type PublicUser } from './user-dto';

export const NAME_SAVED_MESSAGE = 'Name saved.';

/**
 * GET /api/auth/account: the caller's own account as the screens show it, and whether its address is
 * proved (docs/product.md#endpoint-account; the profile offers a confirmation link when it is not).
 */
export async function getOwnAccount(
  actor: AuthenticatedUser,
): Promise<{ user: PublicUser; emailConfirmed: boolean }> {
  const { db, tables } = await getDatabase();
  const [row] = await db.select().from(tables.users).where(eq(tables.users.id, actor.id)).limit(1);
  if (!row)
    throw new AppError('UNAUTHORIZED', 'Your session is invalid or has expired. Please log in again.');
  return { user: toPublicUser(row), emailConfirmed: row.emailConfirmedAt !== null };
}

/**
 * PUT /api/auth/account {fullName}: a signed-in person (any role) renames their own account, under
 * sign-up's name rules; counted per account and per client address before anything is written. The
 * name is the one the team sees (Assigned to, comments, the navbar after the next sign-in).
 */
export async function changeOwnName(options: {
  actor: AuthenticatedUser;
  input: ChangeNameInput;
  ip: string;
}): Promise<PublicUser> {
  const { actor, input, ip } = options;
  await consumeRateLimit('changeNameUser', actor.id);
  await consumeRateLimit('changeNameIp', ip);
  const { db, tables } = await getDatabase();
  const [row] = await db
    .update(tables.users)
    .set({ fullName: input.fullName, updatedAt: new Date() })
    .where(eq(tables.users.id, actor.id))
    .returning();
  if (!row)
    throw new AppError('UNAUTHORIZED', 'Your session is invalid or has expired. Please log in again.');
  return toPublicUser(row);
}
