import 'server-only';
import { getEnv } from '@/server/env';
import { runDigestTick } from '@/features/inbox/server/inbox-digest-service';
import { logger } from '@/server/logger';
import { runReminderTick } from '@/features/reminders/server/reminder-service';
import { sweepDeletedAttachments } from '@/features/attachments/server/attachment-changes';

/**
 * Runs the reminder tick inside the app process (no extra worker), every `intervalMs`, then the sweep
 * of deleted files, and after it the inbox digest's when SMTP_URL is set (docs/decisions/0033-inbox-email-digest.md): started by
 * start-up with TEAM_SYNC=on only, unref'd (it never keeps the process alive) and stopped on shutdown.
 * Ticks never overlap: one still running when the next is due makes that one a no-op. The clock is
 * the real one; tests call runReminderTick(now) and runDigestTick(now) with the instants they need.
 */
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | undefined;

async function runTicks(now: Date): Promise<void> {
  try {
    const result = await runReminderTick(now);
    if (result.sent + result.failed > 0) logger.info('Reminder emails', result);
  } catch (error) {
    logger.error('Reminder tick failed; the next one tries again', error);
  }
  try {
    // Files deleted more than a day ago (their Undo is over): bytes and rows (docs/decisions/0051).
    const swept = await sweepDeletedAttachments(now);
    if (swept > 0) logger.info(`Removed ${swept} deleted files`);
  } catch (error) {
    logger.error('Removing deleted files failed; the next tick tries again', error);
  }
  // Without a mail server the digest would only fill data/outbox.log: it is not sent at all.
  if (!getEnv().SMTP_URL) return;
  try {
    const result = await runDigestTick(now);
    if (result.sent + result.failed > 0) logger.info('Digest emails', result);
  } catch (error) {
    logger.error('Digest tick failed; the next one tries again', error);
  }
}

function tick(): void {
  if (running) return;
  running = runTicks(new Date()).finally(() => {
    running = undefined;
  });
}

export function startReminderScheduler(intervalMs: number): void {
  if (timer) return;
  timer = setInterval(tick, intervalMs);
  timer.unref();
  // The first look soon after start-up, not one whole interval later.
  setTimeout(tick, Math.min(intervalMs, 1_000)).unref();
}

/** Stops the timer and waits for a tick in progress, so shutdown closes the database after it. */
export async function stopReminderScheduler(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
