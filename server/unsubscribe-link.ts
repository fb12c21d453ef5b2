import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { getEnv } from '@/server/env';

/**
 * The one-click unsubscribe links of the emails Tasklane sends (the morning reminder, the inbox digest):
 * a signed token per purpose, the page a person opens and the URL mail clients POST to (RFC 8058).
 */

const ALGORITHM = 'HS256';
const ISSUER = 'tasklane';
/**
 * Scopes the token to one purpose: a session token (same secret, no audience) is refused here, and
 * this token is refused as a session (verifyToken requires `role` and `sv`; jose rejects an
 * unexpected audience only when one is asked for, so the claims check is what keeps it out there).
 */
const AUDIENCES = {
  reminders: 'tasklane:reminder-unsubscribe',
  digest: 'tasklane:digest-unsubscribe',
} as const;
/**
 * Which email a token stops: the morning reminder or the inbox digest. Each has its own audience, so
 * one email's link never turns the other off (docs/decisions/0033-inbox-email-digest.md).
 */
export type UnsubscribeWhat = keyof typeof AUDIENCES;
/** Long enough for an email read weeks later; each morning's email carries a fresh one. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;

function secretKey(): Uint8Array {
  return new TextEncoder().encode(getEnv().AUTH_SECRET);
}

/** The signed token of an email's one-click unsubscribe link, for `userId`. */
export function signUnsubscribeToken(
  userId: string,
  now: Date = new Date(),
  what: UnsubscribeWhat = 'reminders',
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCES[what])
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_TTL_SECONDS)
    .sign(secretKey());
}

/** The user id of a valid unsubscribe token; `null` for anything else (bad signature, other purpose, expired). */
export async function verifyUnsubscribeToken(
  token: string,
  what: UnsubscribeWhat = 'reminders',
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCES[what],
    });
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The page the email's visible link opens (a button there confirms: link scanners prefetch GETs). */
export function unsubscribeUrl(appUrl: string, token: string, what: UnsubscribeWhat = 'reminders'): string {
  const page = `${appUrl.replace(/\/+$/, '')}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
  return what === 'digest' ? `${page}&email=digest` : page;
}

/** The URL of the List-Unsubscribe header: mail clients POST `List-Unsubscribe=One-Click` to it. */
export function oneClickUnsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}
