import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import {
  buildReminderEmail,
  countReminderTasks,
  getDueReminderDay,
  pickReminderTasks,
} from '@/features/reminders/model/schedule';
import type { ReminderSettingsInput } from '@/features/reminders/server/reminder-schemas';
import { getDatabase, isUniqueViolation } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mailer';
import { setDigestEnabled } from '@/features/inbox/server/inbox-digest-settings';
import {
  oneClickUnsubscribeUrl,
  signUnsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  type UnsubscribeWhat,
} from '@/server/unsubscribe-link';
import { listVisibleTaskValues } from '@/features/sync/server/store/visibility';

/**
 * Morning reminder emails (docs/product.md#reminders, docs/decisions/0017-reminder-emails.md): the
 * settings behind GET/PUT /api/reminders/settings, the one-click unsubscribe, and the tick the
 * scheduler runs. A send is claimed in `reminder_sends` (unique per user and local day) BEFORE the
 * mail goes out, so restarts and several instances never send one day's email twice.
 */

export const DEFAULT_REMINDER_TIME = '08:00';

export type ReminderSettings = { email: boolean; time: string; timeZone: string | null };

export const REMINDER_SAVED_MESSAGE = 'Email reminders saved.';
export const UNSUBSCRIBED_MESSAGE =
  'You are unsubscribed. Tasklane will not send you reminder emails any more.';
/** The digest's link turned it off (docs/product.md#email-of-what-you-miss). */
export const DIGEST_UNSUBSCRIBED_MESSAGE =
  'You are unsubscribed. Tasklane will not email you what you miss any more.';
export const INVALID_UNSUBSCRIBE_MESSAGE =
  'This unsubscribe link is invalid or has expired. You can turn reminder emails off on the Notifications page.';

/** A user's choice; with no row yet: email off, 08:00, no zone (the browser offers its own). */
export async function getReminderSettings(userId: string): Promise<ReminderSettings> {
  const { db, tables } = await getDatabase();
  const [row] = await db
    .select()
    .from(tables.reminderSettings)
    .where(eq(tables.reminderSettings.userId, userId))
    .limit(1);
  if (!row) return { email: false, time: DEFAULT_REMINDER_TIME, timeZone: null };
  return { email: row.emailEnabled, time: row.time, timeZone: row.timeZone };
}

export async function saveReminderSettings(
  userId: string,
  input: ReminderSettingsInput,
  now: Date = new Date(),
): Promise<ReminderSettings> {
  const { db, tables } = await getDatabase();
  const values = { emailEnabled: input.email, time: input.time, timeZone: input.timeZone, updatedAt: now };
  await db
    .insert(tables.reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tables.reminderSettings.userId, set: values });
  return { email: input.email, time: input.time, timeZone: input.timeZone };
}

/**
 * The one-click unsubscribe (RFC 8058): turns off the email the token was made for (the morning
 * reminder or the inbox digest) for the token's user, and says which; 400 for a bad token.
 */
export async function unsubscribeWithToken(
  token: string,
  now: Date = new Date(),
): Promise<{ email: UnsubscribeWhat; message: string }> {
  const reminderUser = token ? await verifyUnsubscribeToken(token, 'reminders') : null;
  const digestUser = token && !reminderUser ? await verifyUnsubscribeToken(token, 'digest') : null;
  const { db, tables } = await getDatabase();
  if (reminderUser) {
    // A deleted account (no row) has nothing to stop: the answer is the same.
    await db
      .update(tables.reminderSettings)
      .set({ emailEnabled: false, updatedAt: now })
      .where(eq(tables.reminderSettings.userId, reminderUser));
    return { email: 'reminders', message: UNSUBSCRIBED_MESSAGE };
  }
  if (digestUser) {
    const [user] = await db
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(eq(tables.users.id, digestUser))
      .limit(1);
    if (user) await setDigestEnabled(digestUser, false, now);
    return { email: 'digest', message: DIGEST_UNSUBSCRIBED_MESSAGE };
  }
  throw new AppError('INVALID_UNSUBSCRIBE_TOKEN', INVALID_UNSUBSCRIBE_MESSAGE);
}

/**
 * Claims (user, day): true for the one caller whose insert made the row. The unique index decides, so
 * two ticks (two instances, or one restarted) racing for the same email cannot both win.
 */
export async function claimReminderSend(userId: string, day: string, now: Date): Promise<boolean> {
  const { db, tables } = await getDatabase();
  try {
    const claimed = await db
      .insert(tables.reminderSends)
      .values({ userId, day, claimedAt: now })
      .onConflictDoNothing()
      .returning({ day: tables.reminderSends.day });
    return claimed.length === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The email's visible link: a page that asks first; `email=digest` only picks the page's words. */
export type ReminderTickResult = { sent: number; empty: number; failed: number };

/** Every user with reminder emails on, with what their email and its schedule need. */
async function listReminderCandidates() {
  const { db, tables } = await getDatabase();
  const { reminderSettings, users } = tables;
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      time: reminderSettings.time,
      timeZone: reminderSettings.timeZone,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(eq(reminderSettings.emailEnabled, true));
}

type ReminderCandidate = Awaited<ReturnType<typeof listReminderCandidates>>[number];

/** The local day whose reminder is due for `user` at `now`, or null (not yet, or an unreadable zone). */
function dueDayOf(user: ReminderCandidate, now: Date): string | null {
  try {
    return getDueReminderDay({ time: user.time, timeZone: user.timeZone }, now);
  } catch (error) {
    // A zone this runtime no longer knows (stored by a newer one): skip, do not stop the others.
    logger.warn('Reminder skipped: unreadable schedule', { userId: user.userId, error: String(error) });
    return null;
  }
}

/** Whether this tick claimed `day` for `userId`: a cheap look first, the claim is what decides. */
async function claimDay(userId: string, day: string, now: Date): Promise<boolean> {
  const { db, tables } = await getDatabase();
  const { reminderSends } = tables;
  const [existing] = await db
    .select({ day: reminderSends.day })
    .from(reminderSends)
    .where(and(eq(reminderSends.userId, userId), eq(reminderSends.day, day)))
    .limit(1);
  if (existing) return false;
  return claimReminderSend(userId, day, now);
}

/**
 * Lists `user`'s tasks for the claimed `day` and sends them. An empty list sends nothing and keeps
 * the claim; a send that fails releases it; a record that fails after the mail left keeps it.
 */
async function sendClaimedReminder(
  user: ReminderCandidate,
  day: string,
  now: Date,
): Promise<keyof ReminderTickResult> {
  const { db, tables } = await getDatabase();
  const { reminderSends } = tables;
  const env = getEnv();
  const claimed = and(eq(reminderSends.userId, user.userId), eq(reminderSends.day, day));
  let mailed = false;
  try {
    const lists = pickReminderTasks(
      await listVisibleTaskValues({ id: user.userId, role: user.role }),
      day,
      user.timeZone,
    );
    const token = await signUnsubscribeToken(user.userId, now);
    const mail = buildReminderEmail({
      name: user.fullName,
      day,
      lists,
      schedule: { time: user.time, timeZone: user.timeZone },
      appUrl: env.APP_URL,
      unsubscribeUrl: unsubscribeUrl(env.APP_URL, token),
    });
    if (!mail) {
      await db.update(reminderSends).set({ sentAt: now, taskCount: 0 }).where(claimed);
      return 'empty';
    }
    await sendMail({
      to: user.email,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${oneClickUnsubscribeUrl(env.APP_URL, token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    mailed = true;
    await db
      .update(reminderSends)
      .set({ sentAt: new Date(), taskCount: countReminderTasks(lists) })
      .where(claimed);
    return 'sent';
  } catch (error) {
    if (mailed) {
      // The mail left; only the bookkeeping failed. Keep the claim: never twice.
      logger.error('Reminder email sent, but its record could not be updated', error);
      return 'sent';
    }
    logger.error('Reminder email not sent; will try again on a later tick', error);
    await db
      .delete(reminderSends)
      .where(and(claimed, isNull(reminderSends.sentAt)))
      .catch((releaseError: unknown) => logger.error('Could not release a reminder claim', releaseError));
    return 'failed';
  }
}

/**
 * One pass of the scheduler at `now`: for every user with email on whose time has come in their zone
 * and whose day is not claimed yet, claim it, then list their tasks and send. An empty list sends
 * nothing (the claim stays: one look per day). A send that fails releases the claim, so a later
 * tick tries again; a process that dies between claim and send loses that day's email (at most once).
 */
export async function runReminderTick(now: Date = new Date()): Promise<ReminderTickResult> {
  const result: ReminderTickResult = { sent: 0, empty: 0, failed: 0 };
  for (const user of await listReminderCandidates()) {
    const day = dueDayOf(user, now);
    if (day === null) continue;
    if (!(await claimDay(user.userId, day, now))) continue;
    result[await sendClaimedReminder(user, day, now)]++;
  }
  return result;
}
