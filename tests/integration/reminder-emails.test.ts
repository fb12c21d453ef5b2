import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/server/db';
import {
  claimReminderSend,
  getReminderSettings,
  runReminderTick,
  saveReminderSettings,
} from '@/features/reminders/server/reminder-service';
import { verifyUnsubscribeToken } from '@/server/unsubscribe-link';
import { call } from '@/tests/helpers/api';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { assignTo, push, upsertOp } from '@/tests/helpers/sync';
import { setUpMailSink } from '@/tests/helpers/mail-sink-setup';
import { parseMail } from '@/tests/helpers/smtp-sink';
import { POST as unsubscribe } from '@/app/api/reminders/unsubscribe/route';

/**
 * The morning email end to end on the server: settings, the claim, the tasks each user sees, the
 * text and headers as an SMTP server receives them. The clock is the `now` each tick is given.
 */

const { received, failNext } = setUpMailSink();

/** 08:30 in Paris on 2026-11-25 (07:30 UTC). */
const MORNING = new Date('2026-11-25T07:30:00Z');

async function optIn(userId: string, time = '08:00', timeZone = 'Europe/Paris') {
  await saveReminderSettings(userId, { email: true, time, timeZone });
}

let opSequence = 0;
async function pushTask(token: string, values: Record<string, string | number>) {
  opSequence++;
  const res = await push(token, `client-${opSequence}`, [
    upsertOp(`op-${opSequence}`, `uid-${opSequence}-${Date.now()}`, {
      description: 'd',
      progress: 0,
      ...values,
    }),
  ]);
  expect(res.status, res.text).toBe(200);
}

async function sendRows(userId: string) {
  const { db, tables } = await getDatabase();
  return db.select().from(tables.reminderSends).where(eq(tables.reminderSends.userId, userId));
}

describe('morning reminder emails', () => {
  it('sends one email with the member’s own and assigned tasks, exact text and one-click headers', async () => {
    const mira = await createUserWithToken({ fullName: 'Mira Member', email: 'mira.reminders@example.com' });
    const sam = await createUserWithToken({ fullName: 'Sam Other' });
    await pushTask(mira.token, { title: 'Write report', deadline: '2026-11-25', assignedTo: 'Mira Member' });
    await pushTask(mira.token, { title: 'Call bank', deadline: '2026-11-26', assignedTo: 'Mira Member' });
    await pushTask(mira.token, { title: 'Old invoice', deadline: '2026-11-20', assignedTo: 'Mira Member' });
    await pushTask(mira.token, {
      title: 'Finished',
      deadline: '2026-11-25',
      progress: 100,
      assignedTo: 'Mira Member',
    });
    await pushTask(mira.token, { title: 'Next week', deadline: '2026-12-02', assignedTo: 'Mira Member' });
    await pushTask(sam.token, { title: 'Given to Mira', deadline: '2026-11-25', ...assignTo(mira.user) });
    await pushTask(sam.token, { title: 'Sam only', deadline: '2026-11-25', assignedTo: 'Sam Other' });
    await optIn(mira.user.id);

    expect(await runReminderTick(MORNING)).toEqual({ sent: 1, empty: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['mira.reminders@example.com']);
    const { headers, text } = parseMail(mail.raw);
    expect(headers.get('subject')).toBe('Tasklane reminder: 4 tasks need your attention');
    const link = /http:\/\/tasklane\.test\/reminders\/unsubscribe\?token=([\w.-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    const token = link![1]!;
    expect(text).toBe(
      [
        'Hello Mira Member,',
        '',
        'Your Tasklane tasks for 2026-11-25:',
        '',
        'Due today (2):',
        '- Given to Mira',
        '- Write report',
        '',
        'Due tomorrow (1):',
        '- Call bank',
        '',
        'Overdue (1):',
        '- Old invoice (due 2026-11-20)',
        '',
        'Open Tasklane: http://tasklane.test/user/dashboard',
        '',
        'You get this email because you turned on email reminders in Tasklane (every day at 08:00, Europe/Paris).',
        `To stop them, open: http://tasklane.test/reminders/unsubscribe?token=${token}`,
      ].join('\n'),
    );
    expect(headers.get('list-unsubscribe')).toBe(
      `<http://tasklane.test/api/reminders/unsubscribe?token=${token}>`,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await verifyUnsubscribeToken(token)).toBe(mira.user.id);

    const [row] = await sendRows(mira.user.id);
    expect(row).toMatchObject({ day: '2026-11-25', taskCount: 4 });
    expect(row?.sentAt).toBeInstanceOf(Date);

    // Later the same day: nothing more. The next morning: the next email.
    expect(await runReminderTick(new Date('2026-11-25T20:00:00Z'))).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(await runReminderTick(new Date('2026-11-26T07:05:00Z'))).toEqual({ sent: 1, empty: 0, failed: 0 });
    expect(received).toHaveLength(2);
    expect(parseMail(received[1]!.raw).text).toContain('Your Tasklane tasks for 2026-11-26:');

    // The email's one-click link turns them off: no email on the third morning.
    const res = await call(unsubscribe, `/api/reminders/unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await runReminderTick(new Date('2026-11-27T07:05:00Z'))).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('waits for the time in the user’s own zone', async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Lee West' });
    await pushTask(token, { title: 'West task', deadline: '2026-11-25', assignedTo: 'Lee West' });
    await optIn(user.id, '07:00', 'America/Los_Angeles');
    // 15:30 UTC on the 24th is 07:30 in Los Angeles: the 24th's email, where the task is due tomorrow.
    await runReminderTick(new Date('2026-11-24T15:30:00Z'));
    expect(received).toHaveLength(1);
    expect(parseMail(received[0]!.raw).text).toContain('Due tomorrow (1):\n- West task');
    // 06:59 in Los Angeles on the 25th: not yet; 07:00: the 25th's.
    await runReminderTick(new Date('2026-11-25T14:59:00Z'));
    expect(received).toHaveLength(1);
    await runReminderTick(new Date('2026-11-25T15:00:00Z'));
    expect(received).toHaveLength(2);
    expect(parseMail(received[1]!.raw).text).toContain('Due today (1):\n- West task');
  });

  it('gives an admin every synced task, and sends nothing when the list is empty', async () => {
    const admin = await createAdminWithToken({ fullName: 'Ada Admin' });
    const idle = await createUserWithToken({ fullName: 'Idle Member' });
    const member = await createUserWithToken({ fullName: 'Busy Member' });
    await pushTask(member.token, { title: 'Team task', deadline: '2026-11-25', assignedTo: 'Busy Member' });
    await optIn(admin.user.id);
    await optIn(idle.user.id);
    expect(await runReminderTick(MORNING)).toEqual({ sent: 1, empty: 1, failed: 0 });
    expect(received.map((mail) => mail.to)).toEqual([[admin.user.email]]);
    expect(parseMail(received[0]!.raw).text).toContain('- Team task');
    // The empty day is claimed too: a task due today added later does not bring a second look.
    expect(await sendRows(idle.user.id)).toMatchObject([{ day: '2026-11-25', taskCount: 0 }]);
  });

  it('leaves out users who turned the email off or were deleted', async () => {
    const off = await createUserWithToken({ fullName: 'Off Member' });
    await pushTask(off.token, { title: 'Due', deadline: '2026-11-25', assignedTo: 'Off Member' });
    await saveReminderSettings(off.user.id, { email: false, time: '08:00', timeZone: 'Europe/Paris' });
    const gone = await createUserWithToken({ fullName: 'Gone Member' });
    await optIn(gone.user.id);
    const { db, tables } = await getDatabase();
    await db.delete(tables.users).where(eq(tables.users.id, gone.user.id));
    expect(await runReminderTick(MORNING)).toEqual({ sent: 0, empty: 0, failed: 0 });
    expect(await getReminderSettings(gone.user.id)).toEqual({ email: false, time: '08:00', timeZone: null });
  });

  it('the claim is exclusive: concurrent ticks for the same user and day send one email', async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Race Member' });
    await pushTask(token, { title: 'Raced', deadline: '2026-11-25', assignedTo: 'Race Member' });
    await optIn(user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => runReminderTick(MORNING)));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(received).toHaveLength(1);
    expect(await sendRows(user.id)).toHaveLength(1);

    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimReminderSend(user.id, '2026-12-01', MORNING)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('a refused send releases the claim, so a later tick sends it (once)', async () => {
    const { user, token } = await createUserWithToken({ fullName: 'Retry Member' });
    await pushTask(token, { title: 'Retried', deadline: '2026-11-25', assignedTo: 'Retry Member' });
    await optIn(user.id);
    failNext();
    expect(await runReminderTick(MORNING)).toEqual({ sent: 0, empty: 0, failed: 1 });
    expect(await sendRows(user.id)).toEqual([]);
    expect(await runReminderTick(new Date(MORNING.getTime() + 60_000))).toEqual({
      sent: 1,
      empty: 0,
      failed: 0,
    });
    expect(await runReminderTick(new Date(MORNING.getTime() + 120_000))).toEqual({
      sent: 0,
      empty: 0,
      failed: 0,
    });
    expect(received).toHaveLength(1);
  });
});
