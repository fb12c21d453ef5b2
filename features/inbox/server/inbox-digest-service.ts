import 'server-only';
import { loadProjectRoles } from '@/features/projects/server/roles';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  buildDigestEmail,
  commentExcerpt,
  DIGEST_INTERVAL_MS,
  DIGEST_MAX_AGE_MS,
  isDigestDue,
  isDigestIntervalOver,
} from '@/features/inbox/model/digest';
import type { InboxKind } from '@/features/inbox/model/rules';
import type { SyncActor } from '@/shared/auth/actor';
import { REVIEW_PARAM, REVIEW_REPLACED, TASK_PARAM } from '@/features/tasks/model/task-link';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { inboxColumns, shown, toInboxItems } from './inbox-service';
import { logger } from '@/server/logger';
import { sendMail } from '@/server/mailer';
import { oneClickUnsubscribeUrl, signUnsubscribeToken, unsubscribeUrl } from '@/server/unsubscribe-link';

/**
 * The inbox's email digest (docs/product.md#email-of-what-you-miss, docs/decisions/0033-inbox-email-digest.md):
 * the tick the reminder scheduler runs when SMTP_URL is set. Per person with the digest on: the
 * unread entries they still see, not emailed yet and at most a day old, go in one email once the
 * newest is 2 minutes old (or the oldest 10), at most one email per 10 minutes. The person's row in
 * `inbox_digests` is claimed (compare-and-set of `last_sent_at`) and the entries marked `emailed_at`
 * BEFORE the mail goes out; a refused send puts both back, so a later tick retries, never twice.
 */

export type DigestTickResult = { sent: number; failed: number };

/**
 * The task's own address for a person: the page of their area where the task view opens; a `replaced`
 * entry's opens it at the replaced values (features/tasks/model/task-link.ts REVIEW_PARAM).
 */
export function digestTaskUrl(
  appUrl: string,
  role: SyncActor['role'],
  taskUid: string,
  kind?: InboxKind,
): string {
  const page = role === 'admin' ? '/admin/manage-tasks' : '/user/dashboard';
  const review = kind === 'replaced' ? `&${REVIEW_PARAM}=${REVIEW_REPLACED}` : '';
  return `${appUrl.replace(/\/+$/, '')}${page}?${TASK_PARAM}=${encodeURIComponent(taskUid)}${review}`;
}

/** Where a person's notifications are listed. */
export function digestInboxUrl(appUrl: string, role: SyncActor['role']): string {
  return `${appUrl.replace(/\/+$/, '')}${role === 'admin' ? '/admin/dashboard' : '/user/notifications'}`;
}

type Person = SyncActor & { email: string; fullName: string };

/** The people who may have a digest due: unread entries waiting, the digest on, and room in the interval. */
async function candidates(now: Date): Promise<Person[]> {
  const { db, tables } = await getDatabase();
  const { inboxItems, inboxDigests, users } = tables;
  const rows = await db
    .selectDistinct({ id: users.id, role: users.role, email: users.email, fullName: users.fullName })
    .from(inboxItems)
    .innerJoin(users, eq(users.id, inboxItems.userId))
    .leftJoin(inboxDigests, eq(inboxDigests.userId, inboxItems.userId))
    .where(
      and(
        isNull(inboxItems.readAt),
        isNull(inboxItems.emailedAt),
        gte(inboxItems.createdAt, new Date(now.getTime() - DIGEST_MAX_AGE_MS)),
        lte(inboxItems.createdAt, now),
        or(isNull(inboxDigests.userId), eq(inboxDigests.enabled, true)),
        or(
          isNull(inboxDigests.lastSentAt),
          lte(inboxDigests.lastSentAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
        ),
      ),
    );
  return rows.map((row) => ({ ...row, role: row.role === 'admin' ? 'admin' : 'user' }));
}

/** The person's entries a digest at `now` would carry, newest first. */
async function pendingEntries(person: Person, now: Date) {
  const { db, tables } = await getDatabase();
  const { inboxItems, syncTasks } = tables;
  const rows = await db
    .select({ ...inboxColumns(tables), commentId: inboxItems.commentId })
    .from(inboxItems)
    .innerJoin(syncTasks, eq(syncTasks.uid, inboxItems.taskUid))
    .where(
      and(
        shown(tables, person, await loadProjectRoles(person)),
        isNull(inboxItems.readAt),
        isNull(inboxItems.emailedAt),
        gte(inboxItems.createdAt, new Date(now.getTime() - DIGEST_MAX_AGE_MS)),
        lte(inboxItems.createdAt, now),
      ),
    )
    .orderBy(asc(inboxItems.createdAt), asc(inboxItems.id));
  return rows.reverse();
}

/**
 * Claims the person's next digest at `now`: true for the one caller whose compare-and-set of
 * `last_sent_at` (from the value it read) made the change. Returns the previous value to put back.
 */
export async function claimDigest(userId: string, now: Date): Promise<{ previous: Date | null } | null> {
  const { db, tables } = await getDatabase();
  const { inboxDigests } = tables;
  await db
    .insert(inboxDigests)
    .values({ userId, enabled: true, lastSentAt: null, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ enabled: inboxDigests.enabled, lastSentAt: inboxDigests.lastSentAt })
    .from(inboxDigests)
    .where(eq(inboxDigests.userId, userId))
    .limit(1);
  if (!row?.enabled) return null;
  const previous = row.lastSentAt;
  if (!isDigestIntervalOver(previous?.getTime() ?? null, now.getTime())) return null;
  const claimed = await db
    .update(inboxDigests)
    .set({ lastSentAt: now })
    .where(
      and(
        eq(inboxDigests.userId, userId),
        eq(inboxDigests.enabled, true),
        previous === null ? isNull(inboxDigests.lastSentAt) : eq(inboxDigests.lastSentAt, previous),
      ),
    )
    .returning({ userId: inboxDigests.userId });
  return claimed.length === 1 ? { previous } : null;
}

/**
 * The comments' texts by id, as the digest quotes them (one line, shortened): a comment deleted
 * since is left out, and so is an entry without a comment (assigned, completed).
 */
async function commentExcerpts(ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const { db, tables } = await getDatabase();
  const { taskComments } = tables;
  const rows = await db
    .select({ id: taskComments.id, body: taskComments.body })
    .from(taskComments)
    .where(and(inArray(taskComments.id, wanted), isNull(taskComments.deletedAt)));
  const excerpts = new Map<string, string>();
  for (const row of rows) {
    const text = commentExcerpt(row.body);
    if (text !== '') excerpts.set(row.id, text);
  }
  return excerpts;
}

/** Undoes a claim that sent nothing: the entries wait for a later tick, and so does the interval. */
async function releaseDigest(userId: string, ids: readonly string[], previous: Date | null, now: Date) {
  const { db, tables } = await getDatabase();
  const { inboxDigests, inboxItems } = tables;
  if (ids.length > 0) {
    await db
      .update(inboxItems)
      .set({ emailedAt: null })
      .where(and(inArray(inboxItems.id, [...ids]), eq(inboxItems.emailedAt, now)));
  }
  await db
    .update(inboxDigests)
    .set({ lastSentAt: previous })
    .where(and(eq(inboxDigests.userId, userId), eq(inboxDigests.lastSentAt, now)));
}

/** One person's digest at `now`: 'sent', 'failed' or null (nothing due, or another tick has it). */
async function digestFor(person: Person, now: Date): Promise<'sent' | 'failed' | null> {
  const pending = await pendingEntries(person, now);
  if (
    !isDigestDue(
      pending.map((row) => row.createdAt.getTime()),
      now.getTime(),
    )
  )
    return null;
  const claim = await claimDigest(person.id, now);
  if (!claim) return null;
  const { db, tables } = await getDatabase();
  const { inboxItems } = tables;
  let ids: string[] = [];
  try {
    // Marked before the send; only rows still unmarked are this digest's.
    const marked = await db
      .update(inboxItems)
      .set({ emailedAt: now })
      .where(
        and(
          inArray(
            inboxItems.id,
            pending.map((row) => row.id),
          ),
          isNull(inboxItems.emailedAt),
          isNull(inboxItems.readAt),
        ),
      )
      .returning({ id: inboxItems.id });
    ids = marked.map((row) => row.id);
    const mine = new Set(ids);
    const taken = pending.filter((row) => mine.has(row.id));
    const items = await toInboxItems(taken);
    const excerpts = await commentExcerpts(taken.map((row) => row.commentId));
    const env = getEnv();
    const token = await signUnsubscribeToken(person.id, now, 'digest');
    const mail = buildDigestEmail({
      name: person.fullName,
      entries: items.map((item, i) => {
        const excerpt = excerpts.get(taken[i]?.commentId ?? '');
        return {
          kind: item.kind,
          actorName: item.actorName,
          title: item.title,
          ...(item.fields ? { fields: item.fields } : {}),
          url: digestTaskUrl(env.APP_URL, person.role, item.task, item.kind),
          ...(excerpt ? { excerpt } : {}),
        };
      }),
      inboxUrl: digestInboxUrl(env.APP_URL, person.role),
      unsubscribeUrl: unsubscribeUrl(env.APP_URL, token, 'digest'),
    });
    if (!mail) {
      await releaseDigest(person.id, ids, claim.previous, now);
      return null;
    }
    await sendMail({
      to: person.email,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${oneClickUnsubscribeUrl(env.APP_URL, token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return 'sent';
  } catch (error) {
    logger.error('Digest email not sent; will try again on a later tick', error);
    await releaseDigest(person.id, ids, claim.previous, now).catch((releaseError: unknown) =>
      logger.error('Could not release a digest claim', releaseError),
    );
    return 'failed';
  }
}

/** One pass at `now` over everyone with something waiting. Needs SMTP_URL (the scheduler checks). */
export async function runDigestTick(now: Date = new Date()): Promise<DigestTickResult> {
  const result: DigestTickResult = { sent: 0, failed: 0 };
  for (const person of await candidates(now)) {
    const outcome = await digestFor(person, now);
    if (outcome) result[outcome]++;
  }
  return result;
}
