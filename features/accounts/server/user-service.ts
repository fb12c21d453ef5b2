import 'server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { emailSchema, type Role, type UpdateUserInput } from '@/features/accounts/server/auth-schemas';
import { getDatabase, isUniqueViolation, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import type { AuthenticatedUser } from '@/server/authenticated-user';
import { dropUnusedResetLinks } from './password-reset-service';
import { closeLiveSessions } from './session-service';
import { toPublicUser, type PublicUser } from './user-dto';

const USER_NOT_FOUND = 'User not found.';
export const LAST_ADMIN_DEMOTE_MESSAGE = 'The last administrator cannot be demoted.';

/** Whether an account uses `email` (stored lower-cased), on `executor` (a transaction's, say). */
export async function hasAccountFor(executor: Executor, email: string): Promise<boolean> {
  const { users } = (await getDatabase()).tables;
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Whether any admin account exists (first-run bootstrap, the team's sign-up default). */
export async function hasAdmin(executor: Executor): Promise<boolean> {
  const { users } = (await getDatabase()).tables;
  const [existingAdmin] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return existingAdmin !== undefined;
}

/** Path segments arrive percent-encoded from some clients and decoded from others. */
export function normaliseEmailParam(raw: string): string | null {
  let value = raw;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not an encoding: keep the text as it came.
    }
  }
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** GET /admin/users: every user, newest first (docs/product.md#endpoint-list-users). */
export async function listUsers(): Promise<PublicUser[]> {
  const { db, tables } = await getDatabase();
  const { users } = tables;
  const rows = await db
    .select({ fullName: users.fullName, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toPublicUser);
}

async function findUserByEmail(db: Executor, tables: Tables, email: string) {
  const [row] = await db.select().from(tables.users).where(eq(tables.users.email, email)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return row;
}

async function countAdmins(db: Executor, tables: Tables): Promise<number> {
  const [row] = await db.select({ value: count() }).from(tables.users).where(eq(tables.users.role, 'admin'));
  return Number(row?.value ?? 0);
}

/**
 * PUT /admin/users/{email} (docs/product.md#endpoint-update-user). An admin cannot demote themself or the
 * last admin. The checks and the write run under `exclusive`: two admins demoting each other at once must not
 * both see "another admin remains" and leave none.
 */
export async function updateUser(options: {
  actor: AuthenticatedUser;
  email: string;
  input: UpdateUserInput;
}): Promise<PublicUser> {
  const database = await getDatabase();
  // Whose live streams to close once the change has committed (a role or email change).
  const ended: string[] = [];
  const user = await database.exclusive((db) => updateUserExclusive(db, database.tables, options, ended));
  await closeLiveSessions(ended);
  return user;
}

async function updateUserExclusive(
  db: Executor,
  tables: Tables,
  options: { actor: AuthenticatedUser; email: string; input: UpdateUserInput },
  ended: string[],
): Promise<PublicUser> {
  const { actor, input } = options;
  const target = await findUserByEmail(db, tables, options.email);
  if (target.role === 'admin' && input.role !== 'admin') {
    if (target.id === actor.id) {
      throw new AppError('SELF_CHANGE', 'You cannot remove your own admin role. Ask another administrator.');
    }
    if ((await countAdmins(db, tables)) <= 1) {
      throw new AppError('LAST_ADMIN', LAST_ADMIN_DEMOTE_MESSAGE);
    }
  }
  const newEmail = input.email ?? target.email;
  const { users } = tables;
  if (newEmail !== target.email) {
    if (await hasAccountFor(db, newEmail)) {
      throw new AppError('EMAIL_TAKEN', 'Another account already uses this email.');
    }
  }
  try {
    const [row] = await db
      .update(users)
      .set({
        fullName: input.fullName,
        email: newEmail,
        role: input.role,
        updatedAt: new Date(),
        // A new address is not proved by the old one's proof (docs/decisions/0042-who-owns-an-address.md).
        ...(newEmail === target.email ? {} : { emailConfirmedAt: null }),
      })
      .where(eq(users.id, target.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    // Reset links already sent went to the old address: they must not reset the account any more.
    if (row.email !== target.email) await dropUnusedResetLinks({ db, tables }, row.id);
    if (row.email !== target.email || row.role !== target.role) ended.push(row.id);
    return toPublicUser(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('EMAIL_TAKEN', 'Another account already uses this email.');
    throw error;
  }
}

/**
 * The command line's `set-role EMAIL admin|user` (server/entry/admin-cli): the admin screen's rule
 * without an acting admin (the operator signs in to the server, not to an account, so there is no
 * "own role" to keep): the last admin cannot be demoted, with the screen's sentence. The demotion
 * is one conditional update that counts the admins itself, so it also holds against a server
 * process writing the same SQLite file (whose `exclusive` queue is in that process only).
 * `changed` is false when the account already had the role.
 */
export async function setUserRole(
  email: string,
  role: Role,
): Promise<{ user: PublicUser; changed: boolean }> {
  const database = await getDatabase();
  const { users } = database.tables;
  const ended: string[] = [];
  const result = await database.exclusive(async (db) => {
    const target = await findUserByEmail(db, database.tables, email);
    if (target.role === role) return { user: toPublicUser(target), changed: false };
    const demoting = target.role === 'admin';
    const [row] = await db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(
        demoting
          ? and(
              eq(users.id, target.id),
              sql`(select count(*) from ${users} where ${users.role} = 'admin') > 1`,
            )
          : eq(users.id, target.id),
      )
      .returning();
    if (!row && demoting) throw new AppError('LAST_ADMIN', LAST_ADMIN_DEMOTE_MESSAGE);
    if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    ended.push(row.id);
    return { user: toPublicUser(row), changed: true };
  });
  await closeLiveSessions(ended);
  return result;
}

/** The team tasks a deleted account was assigned (uid and version read), for the caller to unassign. */
export type DeletedAccountTasks = { uid: string; version: number }[];

/**
 * DELETE /admin/users/{email} (docs/product.md#endpoint-delete-user). An admin cannot delete themself or
 * the last admin (under `exclusive`, as above). Answers the message and the team tasks that were
 * assigned to the account: the route unassigns them through team sync, which sits above accounts.
 */
export async function deleteUser(options: {
  actor: AuthenticatedUser;
  email: string;
}): Promise<{ message: string; assigned: DeletedAccountTasks }> {
  const database = await getDatabase();
  const ended: string[] = [];
  const deleted = await database.exclusive((db) => deleteUserExclusive(db, database.tables, options, ended));
  await closeLiveSessions(ended);
  return deleted;
}

async function deleteUserExclusive(
  db: Executor,
  tables: Tables,
  options: { actor: AuthenticatedUser; email: string },
  ended: string[],
): Promise<{ message: string; assigned: DeletedAccountTasks }> {
  const target = await findUserByEmail(db, tables, options.email);
  if (target.id === options.actor.id) {
    throw new AppError('SELF_CHANGE', 'You cannot delete your own account. Ask another administrator.');
  }
  if (target.role === 'admin' && (await countAdmins(db, tables)) <= 1) {
    throw new AppError('LAST_ADMIN', 'The last administrator cannot be deleted.');
  }
  const { syncTasks } = tables;
  const assigned = await db
    .select({ uid: syncTasks.uid, version: syncTasks.version })
    .from(syncTasks)
    .where(eq(syncTasks.assigneeId, target.id));
  const deleted = await db
    .delete(tables.users)
    .where(eq(tables.users.id, target.id))
    .returning({ id: tables.users.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  ended.push(target.id);
  return { message: `User ${target.email} deleted.`, assigned };
}
