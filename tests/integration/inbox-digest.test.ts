import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import { claimDigest, digestTaskUrl, runDigestTick } from '@/features/inbox/server/inbox-digest-service';
import { getDigestSettings, setDigestEnabled } from '@/features/inbox/server/inbox-digest-settings';
import { getReminderSettings, saveReminderSettings } from '@/features/reminders/server/reminder-service';
import { startReminderScheduler, stopReminderScheduler } from '@/server/entry/reminder-scheduler';
import { verifyUnsubscribeToken } from '@/server/unsubscribe-link';
import { call } from '@/tests/helpers/api';
import { createUserWithToken } from '@/tests/helpers/factories';
import { setUpMailSink } from '@/tests/helpers/mail-sink-setup';
import { parseAlternativeMail } from '@/tests/helpers/smtp-sink';
import { push, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE as deleteComment, PUT as putComment } from '@/app/api/sync/comments/[id]/route';
import { POST as markRead } from '@/app/api/sync/inbox/read/route';
import { POST as unsubscribe } from '@/app/api/reminders/unsubscribe/route';

/**
 * The inbox's email digest end to end on the server (docs/product.md#email-of-what-you-miss): real
 * inbox entries made by comments and pushes, the tick at the instants each test gives, and the mail
 * as a real SMTP server receives it.
 */

const { received, failNext, url: sinkUrl } = setUpMailSink();

const MINUTE = 60_000;
/** The comments `comment` made, in order. */
const ids: string[] = [];
/** An instant `ms` after now: entries are stamped with the real clock when they are made. */
const inAbout = (ms: number) => new Date(Date.now() + ms);

function task(title: string, extra: Record<string, string | number> = {}) {
  return { title, description: 'd', priority: 'Medium', deadline: '2099-01-01', progress: 0, ...extra };
}

async function comment(token: string, taskUid: string, body: string, mentions: string[] = []) {
  const id = randomUUID();
  ids.push(id);
  const res = await call(putComment, `/api/sync/comments/${id}`, {
    token,
    method: 'PUT',
    body: { task: taskUid, body, mentions },
    params: { id },
  });
  expect(res.status, res.text).toBe(201);
}

/** Olive owns a task assigned to Ash (which tells Ash once, `assigned`), read by Ash at once. */
async function team(title = 'Report') {
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({
    fullName: 'Ash Assignee',
    email: `ash-${randomUUID()}@example.com`,
  });
  const uid = `t-${randomUUID()}`;
  const created = await push(olive.token, 'olive-pc', [
    upsertOp(`o1-${uid}`, uid, task(title, { assignedTo: 'Ash Assignee', assigneeId: ash.user.id })),
  ]);
  expect(created.status, created.text).toBe(200);
  const read = await call(markRead, '/api/sync/inbox/read', { token: ash.token, body: { all: true } });
  expect(read.status).toBe(200);
  return { olive, ash, uid };
}

function mailsTo(email: string) {
  return received.filter((mail) => mail.to.includes(email)).map((mail) => parseAlternativeMail(mail.raw));
}

describe('the inbox email digest', () => {
  it('links each entry to its task in the person’s area; a replaced entry’s opens the replaced values', () => {
    expect(digestTaskUrl('http://tasklane.test/', 'user', 'a b', 'mentioned')).toBe(
      'http://tasklane.test/user/dashboard?task=a%20b',
    );
    expect(digestTaskUrl('http://tasklane.test', 'admin', 't1', 'replaced')).toBe(
      'http://tasklane.test/admin/manage-tasks?task=t1&review=replaced',
    );
  });

  it('quotes a comment only while it exists: one deleted before the email is not quoted', async () => {
    const { olive, ash, uid } = await team();
    await comment(olive.token, uid, 'Kept', [ash.user.id]);
    await comment(olive.token, uid, 'Regretted', [ash.user.id]);
    const gone = ids.at(-1)!;
    const res = await call(deleteComment, `/api/sync/comments/${gone}`, {
      token: olive.token,
      method: 'DELETE',
      params: { id: gone },
    });
    expect(res.status, res.text).toBe(200);
    expect(await runDigestTick(inAbout(3 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    const { text } = mailsTo(ash.user.email)[0]!;
    expect(text).toContain('“Kept”');
    expect(text).not.toContain('Regretted');
  });

  it('three mentions make exactly one email with the three lines, links and one-click headers', async () => {
    const { olive, ash, uid } = await team('Report <script>alert("x")</script>');
    const bodies = ['One', 'Two\n<b>bold</b> & "quoted"', 'Three'];
    for (const body of bodies) await comment(olive.token, uid, body, [ash.user.id]);

    // Not while the newest is under 2 minutes old: someone reading in the app is not emailed.
    expect(await runDigestTick(inAbout(MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(await runDigestTick(inAbout(3 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    const mails = mailsTo(ash.user.email);
    expect(received).toHaveLength(1);
    const { headers, text, html } = mails[0]!;
    expect(headers.get('subject')).toBe('3 new notifications on Tasklane');
    const token = /\/reminders\/unsubscribe\?token=([\w.-]+)&email=digest/.exec(text)?.[1];
    expect(token, text).toBeDefined();
    const sentence = 'Olive Owner mentioned you on "Report <script>alert("x")</script>"';
    const link = `http://tasklane.test/user/dashboard?task=${uid}`;
    expect(text).toBe(
      [
        'Hello Ash Assignee,',
        '',
        'These 3 things happened on Tasklane while you were away:',
        '',
        // Newest first, each with the comment's text on one line.
        ...['“Three”', '“Two <b>bold</b> & "quoted"”', '“One”'].flatMap((quote) => [
          `- ${sentence}`,
          `  ${quote}`,
          `  ${link}`,
        ]),
        '',
        'See all your notifications: http://tasklane.test/user/notifications',
        '',
        'You get this email because "Email me what I miss" is on in Tasklane: at most one email every 10 minutes, with what you have not read.',
        `To stop these emails, open: http://tasklane.test/reminders/unsubscribe?token=${token}&email=digest`,
      ].join('\n'),
    );
    expect(html).not.toContain('<script>');
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).toContain(
      `<li><a href="${link}">Olive Owner mentioned you on &quot;Report &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;</a><br><span style="color: #475569;">“Two &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;”</span></li>`,
    );
    expect(html).not.toContain('<b>');
    expect(headers.get('list-unsubscribe')).toBe(
      `<http://tasklane.test/api/reminders/unsubscribe?token=${token}>`,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await verifyUnsubscribeToken(token!, 'digest')).toBe(ash.user.id);
    expect(await verifyUnsubscribeToken(token!, 'reminders')).toBeNull();

    // A fourth mention: not within 10 minutes of the first email, then alone in the next one.
    await comment(olive.token, uid, 'Four', [ash.user.id]);
    expect(await runDigestTick(inAbout(6 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(await runDigestTick(inAbout(12 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(await runDigestTick(inAbout(13 * MINUTE + 1_000))).toEqual({ sent: 1, failed: 0 });
    const next = mailsTo(ash.user.email)[1]!;
    expect(next.headers.get('subject')).toBe('1 new notification on Tasklane');
    expect(next.text).toContain(
      `This happened on Tasklane while you were away:\n\n- ${sentence}\n  “Four”\n  ${link}\n\n`,
    );
    // Nothing is left: later ticks send nothing.
    expect(await runDigestTick(inAbout(40 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('leaves out what was read, what is a day old, and tasks the person no longer sees', async () => {
    const { olive, ash, uid } = await team();
    await comment(olive.token, uid, 'Read this', [ash.user.id]);
    expect(
      (await call(markRead, '/api/sync/inbox/read', { token: ash.token, body: { all: true } })).status,
    ).toBe(200);
    expect(await runDigestTick(inAbout(5 * MINUTE))).toEqual({ sent: 0, failed: 0 });

    // A mention, then the task is reassigned to Max: Ash no longer sees it, and is not emailed it.
    await comment(olive.token, uid, 'Before the move', [ash.user.id]);
    const max = await createUserWithToken({ fullName: 'Max Member' });
    const moved = await push(olive.token, 'olive-pc', [
      upsertOp(`o2-${uid}`, uid, task('Report', { assignedTo: 'Max Member', assigneeId: max.user.id }), {
        baseV: 1,
      }),
    ]);
    expect(moved.status, moved.text).toBe(200);
    expect(await runDigestTick(inAbout(5 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(ash.user.email)).toHaveLength(0);
    expect(mailsTo(max.user.email)[0]!.text).toContain('- Olive Owner assigned "Report" to you');

    // An entry more than a day old is never emailed.
    const other = await team('Old news');
    await comment(other.olive.token, other.uid, 'Old', [other.ash.user.id]);
    expect(await runDigestTick(inAbout(24 * 60 * MINUTE + MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(other.ash.user.email)).toHaveLength(0);
  });

  it('a refused send is retried by a later tick, and sent once', async () => {
    const { olive, ash, uid } = await team();
    await comment(olive.token, uid, 'Retry me', [ash.user.id]);
    failNext();
    expect(await runDigestTick(inAbout(3 * MINUTE))).toEqual({ sent: 0, failed: 1 });
    expect(received).toHaveLength(0);
    // The failure took neither the entry nor the 10 minutes.
    expect(await runDigestTick(inAbout(4 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    expect(await runDigestTick(inAbout(30 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(ash.user.email)).toHaveLength(1);
    expect(mailsTo(ash.user.email)[0]!.text).toContain('- Olive Owner mentioned you on "Report"');
  });

  it('ticks racing (two instances, or a restart) send one email', async () => {
    const { olive, ash, uid } = await team();
    for (const body of ['A', 'B', 'C']) await comment(olive.token, uid, body, [ash.user.id]);
    const at = inAbout(3 * MINUTE);
    const results = await Promise.all(Array.from({ length: 5 }, () => runDigestTick(at)));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    // Racing at slightly different instants too.
    await comment(olive.token, uid, 'D', [ash.user.id]);
    const later = Array.from({ length: 4 }, (_, index) => runDigestTick(inAbout(14 * MINUTE + index)));
    expect((await Promise.all(later)).reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(mailsTo(ash.user.email).map((mail) => mail.headers.get('subject'))).toEqual([
      '3 new notifications on Tasklane',
      '1 new notification on Tasklane',
    ]);

    // The claim alone: one winner per interval, whoever races.
    const next = inAbout(30 * MINUTE);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimDigest(ash.user.id, next)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDigest(ash.user.id, new Date(next.getTime() + MINUTE))).toBeNull();
  });

  it('is off for whoever turned it off; its link turns off the digest and not the morning email', async () => {
    const { olive, ash, uid } = await team();
    await saveReminderSettings(ash.user.id, { email: true, time: '08:00', timeZone: 'UTC' });
    await setDigestEnabled(ash.user.id, false);
    await comment(olive.token, uid, 'Quiet', [ash.user.id]);
    expect(await runDigestTick(inAbout(5 * MINUTE))).toEqual({ sent: 0, failed: 0 });
    await setDigestEnabled(ash.user.id, true);
    // Turned back on: what is unread and under a day old is still sent.
    expect(await runDigestTick(inAbout(5 * MINUTE))).toEqual({ sent: 1, failed: 0 });
    const { headers } = mailsTo(ash.user.email)[0]!;
    const oneClick = /<([^>]+)>/.exec(headers.get('list-unsubscribe') ?? '')![1]!;
    const res = await call(unsubscribe, oneClick.replace('http://tasklane.test', ''), {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'You are unsubscribed. Tasklane will not email you what you miss any more.',
      email: 'digest',
    });
    expect((await getDigestSettings(ash.user.id)).digest).toBe(false);
    expect((await getReminderSettings(ash.user.id)).email).toBe(true);
    await comment(olive.token, uid, 'After', [ash.user.id]);
    expect(await runDigestTick(inAbout(30 * MINUTE))).toEqual({ sent: 0, failed: 0 });

    // The deleted account's link answers the same and changes nothing.
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, ash.user.id));
    const again = await call(unsubscribe, oneClick.replace('http://tasklane.test', ''), { rawBody: '' });
    expect(again.status).toBe(200);
  });

  it('the app’s timer sends it when SMTP_URL is set, and not without', async () => {
    const { olive, ash, uid } = await team();
    for (const body of ['X', 'Y', 'Z']) await comment(olive.token, uid, body, [ash.user.id]);
    // Three minutes ago, so the real clock's tick finds them due.
    // The database is opened again by each applyTestEnv: asked for at each use.
    const backdate = async () => {
      const { db, tables } = await getDatabase();
      await db
        .update(tables.inboxItems)
        .set({ createdAt: new Date(Date.now() - 3 * MINUTE) })
        .where(eq(tables.inboxItems.userId, ash.user.id));
    };
    await backdate();
    const unmailed = async () => {
      const { db, tables } = await getDatabase();
      const rows = await db.select().from(tables.inboxItems).where(eq(tables.inboxItems.userId, ash.user.id));
      return rows.filter((row) => row.emailedAt === null).length;
    };

    await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: undefined, APP_URL: 'http://tasklane.test' });
    try {
      startReminderScheduler(50);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await stopReminderScheduler();
      expect(received).toHaveLength(0);
      expect(await unmailed()).toBe(4);
    } finally {
      await stopReminderScheduler();
      await applyTestEnv({ TEAM_SYNC: 'on', SMTP_URL: sinkUrl(), APP_URL: 'http://tasklane.test' });
    }

    await backdate();
    startReminderScheduler(50);
    try {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await stopReminderScheduler();
    }
    expect(received).toHaveLength(1);
    expect(mailsTo(ash.user.email)[0]!.headers.get('subject')).toBe('3 new notifications on Tasklane');
  });
});
