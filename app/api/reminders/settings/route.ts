import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { consumeRateLimit } from '@/server/rate-limit';
import {
  getReminderSettings,
  REMINDER_SAVED_MESSAGE,
  saveReminderSettings,
} from '@/features/reminders/server/reminder-service';
import { syncCaller } from '@/features/sync/server/caller';
import { assertSyncEnabled } from '@/features/sync/server/state';
import { reminderSettingsSchema } from '@/features/reminders/server/reminder-schemas';

export const dynamic = 'force-dynamic';

/** The caller's morning email choice: `{ email, time, timeZone }` (timeZone null until first saved). */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await getReminderSettings(actor.id));
});

/** Saves `{ email, time: "HH:MM", timeZone }` for the caller. */
export const PUT = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const input = await readJson(request, reminderSettingsSchema);
  const settings = await saveReminderSettings(actor.id, input);
  return json({ message: REMINDER_SAVED_MESSAGE, ...settings });
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
