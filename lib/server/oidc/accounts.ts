import 'server-only';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { isInAdminGroup, type SsoFailure } from '@/lib/auth/single-sign-on';
import { FULL_NAME_MAX_LENGTH, type Role } from '@/lib/validation/auth';
import { createAccount, hasAdmin, type UserRow } from '../auth-service';
import { getDatabase } from '../db';
import { getEnv } from '../env';
import { AppError } from '../errors';
import { logger } from '../logger';
import { closeLiveSessions } from '../session-service';

/** Who the provider says signed in, once their email is known to be verified. */
export interface ProviderIdentity {
  /** Lower-cased. */
  email: string;
  name: string | null;
  /** The groups claim as the provider sent it (OIDC_GROUPS_CLAIM). */
  groups: unknown;
}

/** A sign-in the provider vouched for but Tasklane refuses (sign-up policy, invitation). */
export class SsoRefusal extends Error {
  constructor(readonly failure: SsoFailure) {
    super(failure);
  }
}

/** The sign-up refusals a first sign-in can meet, as /login's failures. */
const REFUSALS: Partial<Record<string, SsoFailure>> = {
  SIGNUP_CLOSED: 'closed',
  INVITATION_REQUIRED: 'invitation',
  DOMAIN_NOT_ALLOWED: 'domain',
  INVITATION_INVALID: 'invite-invalid',
  INVITEE_MISMATCH: 'invite-mismatch',
};

/**
 * The account a sign-in through the provider opens (docs/product.md#single-sign-on): the one with the
 * verified email, or a new one made as sign-up makes it (the sign-up policy applies; an invitation
 * link's role; the first admin of an install). With OIDC_ADMIN_GROUPS set, the groups then decide the
 * role: in one → admin, in none → member, except the break-glass admin and the last admin, who stay.
 */
export async function accountForIdentity(
  identity: ProviderIdentity,
  wanted: { role: Role; invite: string | null },
): Promise<UserRow> {
  const { db, tables } = await getDatabase();
  const [found] = await db.select().from(tables.users).where(eq(tables.users.email, identity.email)).limit(1);
  const row = found ?? (await createFromProvider(identity, wanted));
  return applyAdminGroups(row, identity.groups);
}

async function createFromProvider(
  identity: ProviderIdentity,
  wanted: { role: Role; invite: string | null },
): Promise<UserRow> {
  const { db, tables } = await getDatabase();
  // Asking for admin only makes sense for the first admin of an install; anyone else is a member
  // (their groups may still make them an admin).
  const role: Role = wanted.role === 'admin' && !(await hasAdmin(db)) ? 'admin' : 'user';
  try {
    return await createAccount({
      fullName: nameFor(identity),
      email: identity.email,
      // Never told to anyone: the account signs in through the provider (or sets a password later
      // through Forgot Password, which a team may allow).
      password: randomBytes(32).toString('base64url'),
      role,
      ...(wanted.invite === null ? {} : { invite: wanted.invite }),
    });
  } catch (error) {
    if (error instanceof AppError) {
      const failure = REFUSALS[error.code];
      if (failure) throw new SsoRefusal(failure);
      // Someone signed up with this email a moment ago: theirs is the account.
      if (error.code === 'EMAIL_TAKEN') {
        const [row] = await db
          .select()
          .from(tables.users)
          .where(eq(tables.users.email, identity.email))
          .limit(1);
        if (row) return row;
      }
    }
    throw error;
  }
}

/** The provider's name for the person, or their email's local part; within the name's limit. */
function nameFor(identity: ProviderIdentity): string {
  const name = (identity.name ?? '').replace(/\s+/g, ' ').trim();
  const chosen = name === '' ? identity.email.slice(0, identity.email.indexOf('@')) : name;
  return chosen.slice(0, FULL_NAME_MAX_LENGTH);
}

async function applyAdminGroups(row: UserRow, groups: unknown): Promise<UserRow> {
  const env = getEnv();
  if (env.OIDC_ADMIN_GROUPS.length === 0) return row;
  const role: Role = isInAdminGroup(groups, env.OIDC_ADMIN_GROUPS) ? 'admin' : 'user';
  if (role === row.role) return row;
  if (role === 'user' && row.email === env.OIDC_BREAK_GLASS_EMAIL) return row;
  const handle = await getDatabase();
  const { users } = handle.tables;
  const updated = await handle.exclusive(async (executor) => {
    if (role === 'user') {
      const [admins] = await executor.select({ value: count() }).from(users).where(eq(users.role, 'admin'));
      if (Number(admins?.value ?? 0) <= 1) {
        logger.warn('Single sign-on: the last administrator is not in OIDC_ADMIN_GROUPS; kept as admin');
        return row;
      }
    }
    const [changed] = await executor
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, row.id))
      .returning();
    return changed ?? row;
  });
  // Their other sessions' live streams end, as after an admin changes someone's role.
  if (updated.role !== row.role) await closeLiveSessions([row.id]);
  return updated;
}
