import { GENERIC_INVALID_RESPONSE_MESSAGE, getJson, postJson, putJson } from '@/shared/http/http';

/** A user's morning email choice (docs/product.md#endpoint-reminder-settings). */
export type EmailReminderSettings = { email: boolean; time: string; timeZone: string | null };

function isSettings(value: unknown): value is EmailReminderSettings {
  if (typeof value !== 'object' || value === null) return false;
  const { email, time, timeZone } = value as Record<string, unknown>;
  return (
    typeof email === 'boolean' &&
    typeof time === 'string' &&
    (timeZone === null || typeof timeZone === 'string')
  );
}

export async function fetchReminderSettings(): Promise<EmailReminderSettings> {
  const body = await getJson<unknown>('/api/reminders/settings');
  if (!isSettings(body)) throw new Error(GENERIC_INVALID_RESPONSE_MESSAGE);
  return { email: body.email, time: body.time, timeZone: body.timeZone };
}

export async function saveEmailReminderSettings(settings: {
  email: boolean;
  time: string;
  timeZone: string;
}): Promise<{ message: string }> {
  const body = await putJson<{ message?: unknown }>('/api/reminders/settings', settings);
  return { message: typeof body?.message === 'string' ? body.message : '' };
}

/** The email's unsubscribe link, confirmed on its page; no session needed (the token is the proof). */
export async function unsubscribeFromReminders(token: string): Promise<{ message: string }> {
  const body = await postJson<{ message?: unknown }>(
    `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
    undefined,
    { auth: false },
  );
  return { message: typeof body?.message === 'string' ? body.message : '' };
}
