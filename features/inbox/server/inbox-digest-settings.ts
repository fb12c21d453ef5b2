import 'server-only';
import { eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';

/**
 * The inbox digest's setting (docs/product.md#email-of-what-you-miss), behind GET/PUT
 * /api/reminders/digest and the digest's unsubscribe link. No row: on (ADR 0033 says why).
 */

export type DigestSettings = {
  /** The person's choice. */
  digest: boolean;
  /** Whether this server sends it at all (SMTP_URL is set): without, nothing is sent whatever the choice. */
  sending: boolean;
};

export const DIGEST_SAVED_MESSAGE = {
  on: 'You will get an email of what you miss.',
  off: 'You will not get emails of what you miss.',
} as const;

export async function getDigestSettings(userId: string): Promise<DigestSettings> {
  const { db, tables } = await getDatabase();
  const [row] = await db
    .select({ enabled: tables.inboxDigests.enabled })
    .from(tables.inboxDigests)
    .where(eq(tables.inboxDigests.userId, userId))
    .limit(1);
  return { digest: row?.enabled ?? true, sending: Boolean(getEnv().SMTP_URL) };
}

/** Turns the digest on or off for `userId` (the time of the last digest stays: the 10 minutes hold). */
export async function setDigestEnabled(
  userId: string,
  enabled: boolean,
  now: Date = new Date(),
): Promise<void> {
  const { db, tables } = await getDatabase();
  await db
    .insert(tables.inboxDigests)
    .values({ userId, enabled, lastSentAt: null, updatedAt: now })
    .onConflictDoUpdate({ target: tables.inboxDigests.userId, set: { enabled, updatedAt: now } });
}
