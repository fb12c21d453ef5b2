import 'server-only';
import { randomUUID } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ROLES, type Role } from '@/shared/auth/role';
import { getEnv } from './env';

const ALGORITHM = 'HS256';
const ISSUER = 'tasklane';
/**
 * The audience of a session token: no other token signed with AUTH_SECRET (an unsubscribe link's)
 * is accepted as one. Tokens issued before tokens had an audience carry none, and are accepted
 * until they expire (docs/decisions/0022-sessions.md).
 */
export const SESSION_AUDIENCE = 'session';

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(ROLES),
  // Session version: a password reset bumps the user's, and older tokens stop working.
  sv: z.number().int().min(0),
  // REQUIRE_2FA=admins: an admin's password login without two-factor; the admin API refuses it
  // until two-factor is on (docs/decisions/0047-two-factor-sign-in.md).
  tfs: z.literal(true).optional(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

function secretKey(): Uint8Array {
  return new TextEncoder().encode(getEnv().AUTH_SECRET);
}

/**
 * The session token: a signed JWT carrying no personal data, only the user id, role and session version
 * (docs/product.md#authentication).
 */
export async function signToken(claims: {
  userId: string;
  role: Role;
  sessionVersion: number;
  /** A session that must set up two-factor before using the admin area (REQUIRE_2FA=admins). */
  twoFactorSetup?: boolean;
}): Promise<string> {
  // The `jti` makes each token unique: two logins in the same second differ, and a logout ends one.
  return new SignJWT({
    role: claims.role,
    sv: claims.sessionVersion,
    ...(claims.twoFactorSetup ? { tfs: true } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(getEnv().AUTH_TOKEN_TTL)
    .sign(secretKey());
}

/**
 * The claims of a valid session token, or null for anything else (bad signature, `alg: none`,
 * expired, malformed, another audience). It may still have been revoked: authenticateSession checks.
 */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: [ALGORITHM], issuer: ISSUER });
    // jose checks an audience only when one is required, and requiring one would refuse the
    // previous version's tokens (none): so no audience, or exactly the session's.
    if (payload.aud !== undefined && payload.aud !== SESSION_AUDIENCE) return null;
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** When a token verified by verifyToken expires, in ms since the epoch (null: it has no expiry). */
export function tokenExpiresAtMs(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : null;
}

/**
 * The audience of a two-factor challenge: what login answers, instead of a session token, for an
 * account with two-factor sign-in on (docs/decisions/0047-two-factor-sign-in.md). It is no session
 * (verifyToken refuses its audience), only proof that the password was right a moment ago.
 */
export const TWO_FACTOR_AUDIENCE = 'two-factor';
export const TWO_FACTOR_CHALLENGE_TTL = '5m';

const challengeSchema = z.object({ sub: z.string().min(1), sv: z.number().int().min(0) });

/** A challenge bound to the account and its session version: a change to the account voids it. */
export async function signTwoFactorChallenge(claims: { userId: string; sessionVersion: number }) {
  return new SignJWT({ sv: claims.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(TWO_FACTOR_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(TWO_FACTOR_CHALLENGE_TTL)
    .sign(secretKey());
}

/** The account and session version of a valid, unexpired challenge; null for anything else. */
export async function verifyTwoFactorChallenge(token: string): Promise<{ sub: string; sv: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: TWO_FACTOR_AUDIENCE,
    });
    const parsed = challengeSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
