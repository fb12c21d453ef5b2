import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { isInAdminGroup, type SsoFailure, type SsoLinkOutcome } from '@/shared/auth/single-sign-on';
import { FULL_NAME_MAX_LENGTH, type Role } from '@/features/accounts/server/auth-schemas';
import { createAccount, hasAdmin, type UserRow } from '../auth-service';
import { getDatabase, isUniqueViolation, type Executor, type Tables } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { hashPassword } from '@/server/password';
import { closeLiveSessions } from '../session-service';

/** Who the provider says signed in, once their email is known to be verified. */
export interface ProviderIdentity {
  /** The provider's issuer and its `sub` for the person: what the account is bound to. */
  issuer: string;
  subject: string;
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
 * The account a sign-in through the provider opens (docs/product.md#single-sign-on,
 * docs/decisions/0042-who-owns-an-address.md): the one bound to the provider's issuer and subject;
 * else the one with the verified email, bound now, but only when its address is proved (otherwise
 * whoever signed up with that address first, without proving it, would get the owner's identity);
 * else a new one made as sign-up makes it (the sign-up policy applies; an invitation link's role;
 * the first admin of an install). With OIDC_ADMIN_GROUPS set, the groups then decide the role: in
 * one → admin, in none → member, except the break-glass admin and the last admin, who stay.
 */
export async function accountForIdentity(
  identity: ProviderIdentity,
  wanted: { role: Role; invite: string | null },
): Promise<UserRow> {
  const { db, tables } = await getDatabase();
  const { users, userIdentities } = tables;
  const [bound] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  if (bound) return applyAdminGroups(bound.user, identity.groups);
  const [found] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  const row = found ? await linkExisting(found, identity) : await createFromProvider(identity, wanted);
  return applyAdminGroups(row, identity.groups);
}

type StoredUser = UserRow & { emailConfirmedAt: Date | null; passwordHash: string };

/**
 * Binds the identity to an account found by its email. Refused when the account already has another
 * identity at this provider, or when its address was never proved, except with OIDC_ONLY=on (no
 * password works then, so whoever set one gains nothing): the account's password is then replaced
 * by one nobody knows, so that turning OIDC_ONLY off later does not bring it back. Either way, the
 * account's other sessions end (the session version goes up), so nobody signed in before the link
 * stays signed in beside its owner.
 */
async function linkExisting(found: StoredUser, identity: ProviderIdentity): Promise<UserRow> {
  const env = getEnv();
  const handle = await getDatabase();
  const { users, userIdentities } = handle.tables;
  const providerOnly = env.OIDC_ONLY === 'on' && found.email !== env.OIDC_BREAK_GLASS_EMAIL;
  const proved = found.emailConfirmedAt !== null;
  if (!proved && !providerOnly) throw new SsoRefusal('unconfirmed');
  const passwordHash = proved
    ? found.passwordHash
    : await hashPassword(randomBytes(32).toString('base64url'));
  const now = new Date();
  const linked = await handle.exclusive(async (executor) => {
    const [other] = await executor
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, found.id), eq(userIdentities.issuer, identity.issuer)))
      .limit(1);
    if (other) throw new SsoRefusal('linked-elsewhere');
    try {
      await handle.writeAll([
        bindStatement(executor, handle.tables, found.id, identity, now),
        executor
          .update(users)
          .set({
            sessionVersion: sql`${users.sessionVersion} + 1`,
            emailConfirmedAt: found.emailConfirmedAt ?? now,
            awaitingConfirmation: false,
            passwordHash,
            updatedAt: now,
          })
          .where(eq(users.id, found.id)),
      ]);
    } catch (error) {
      // The same identity linked a moment ago by another tab, or this account by another identity.
      if (isUniqueViolation(error)) throw new SsoRefusal('linked-elsewhere');
      throw error;
    }
    const [row] = await executor.select().from(users).where(eq(users.id, found.id)).limit(1);
    return row;
  }, 'users');
  if (!linked) throw new Error('The linked account is gone');
  logger.info(`Single sign-on: linked a provider identity to an existing account (${linked.id})`);
  await closeLiveSessions([linked.id]);
  return linked;
}

/**
 * A signed-in person links the provider from their profile (docs/product.md#single-sign-on): the
 * identity is bound to their account, whatever its address, since they proved both sides (a live
 * session and the provider's sign-in). Refused when the identity already opens another account, or
 * this account has another identity at this provider; 'ended' when the account is gone or its
 * sessions ended since the link started. The provider's verified email proves the account's address
 * when they are the same. The account's sessions stay: nobody gains a way in they did not have.
 */
export async function linkIdentity(
  link: { userId: string; sessionVersion: number },
  identity: ProviderIdentity,
): Promise<SsoLinkOutcome> {
  const handle = await getDatabase();
  const { users, userIdentities } = handle.tables;
  const now = new Date();
  const work = async (executor: Executor): Promise<SsoLinkOutcome> => {
    const [account] = await executor.select().from(users).where(eq(users.id, link.userId)).limit(1);
    if (!account || account.sessionVersion !== link.sessionVersion) return 'ended';
    const [bound] = await executor
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    if (bound) return bound.userId === account.id ? 'linked' : 'taken';
    const [other] = await executor
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, account.id), eq(userIdentities.issuer, identity.issuer)))
      .limit(1);
    if (other) return 'other-identity';
    const proves = account.emailConfirmedAt === null && account.email === identity.email;
    await handle.writeAll([
      bindStatement(executor, handle.tables, account.id, identity, now),
      ...(proves
        ? [
            executor
              .update(users)
              .set({ emailConfirmedAt: now, awaitingConfirmation: false, updatedAt: now })
              .where(eq(users.id, account.id)),
          ]
        : []),
    ]);
    logger.info(`Single sign-on: an account linked its provider identity from the profile (${account.id})`);
    return 'linked' as const;
  };
  try {
    return await handle.exclusive(work, 'users');
  } catch (error) {
    // Linked a moment ago by another tab, to this account or another (the transaction rolled back).
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Whether the account has an identity at the configured provider (the profile's Single Sign-On). */
export async function hasLinkedIdentity(userId: string): Promise<boolean> {
  const { db, tables } = await getDatabase();
  const rows = await db
    .select({ issuer: tables.userIdentities.issuer })
    .from(tables.userIdentities)
    .where(eq(tables.userIdentities.userId, userId));
  const configured = sameIssuer(getEnv().OIDC_ISSUER ?? '');
  return rows.some((row) => sameIssuer(row.issuer) === configured);
}

/** Issuers compared without a trailing slash (OIDC_ISSUER is often written either way). */
function sameIssuer(issuer: string): string {
  return issuer.replace(/\/+$/, '');
}

/** The row that binds an account to the provider's issuer and subject. */
function bindStatement(
  executor: Executor,
  tables: Tables,
  userId: string,
  identity: ProviderIdentity,
  now: Date,
) {
  return executor.insert(tables.userIdentities).values({
    id: randomUUID(),
    userId,
    issuer: identity.issuer,
    subject: identity.subject,
    createdAt: now,
  });
}

/** Binds a new account (made from the provider's verified claim) to the identity. */
async function bindNew(row: UserRow, identity: ProviderIdentity): Promise<void> {
  const { db, tables } = await getDatabase();
  await bindStatement(db, tables, row.id, identity, new Date());
}

async function createFromProvider(
  identity: ProviderIdentity,
  wanted: { role: Role; invite: string | null },
): Promise<UserRow> {
  const { db, tables } = await getDatabase();
  // Asking for admin only makes sense for the first admin of an install; anyone else is a member
  // (their groups may still make them an admin).
  const role: Role = wanted.role === 'admin' && !(await hasAdmin(db)) ? 'admin' : 'user';
  let created: UserRow;
  try {
    created = await createAccount(
      {
        fullName: nameFor(identity),
        email: identity.email,
        // Never told to anyone: the account signs in through the provider (or sets a password later
        // through Forgot Password, which a team may allow).
        password: randomBytes(32).toString('base64url'),
        role,
        ...(wanted.invite === null ? {} : { invite: wanted.invite }),
      },
      // The provider vouched for the address (email_verified).
      { confirmed: true },
    );
  } catch (error) {
    if (error instanceof AppError) {
      const failure = REFUSALS[error.code];
      if (failure) throw new SsoRefusal(failure);
      // Someone signed up with this email a moment ago: linked only as any existing account is.
      if (error.code === 'EMAIL_TAKEN') {
        const [row] = await db
          .select()
          .from(tables.users)
          .where(eq(tables.users.email, identity.email))
          .limit(1);
        if (row) return linkExisting(row, identity);
      }
    }
    throw error;
  }
  await bindNew(created, identity);
  return created;
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
