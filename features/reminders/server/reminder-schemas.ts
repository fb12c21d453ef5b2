import { z } from 'zod';
import { isValidTimeZone, REMINDER_TIME_PATTERN } from '@/features/reminders/model/schedule';

/** Server only (zod): the browser checks the same rules by hand (components/reminders). */
export const REMINDER_MESSAGES = {
  email: 'email must be true or false.',
  time: 'Choose a time as HH:MM, from 00:00 to 23:59.',
  timeZone: 'Choose a valid time zone, such as Europe/Paris.',
} as const;

/** PUT /api/reminders/settings (docs/product.md#endpoint-reminder-settings). */
export const reminderSettingsSchema = z.object({
  email: z.boolean({ error: REMINDER_MESSAGES.email }),
  time: z.string({ error: REMINDER_MESSAGES.time }).regex(REMINDER_TIME_PATTERN, REMINDER_MESSAGES.time),
  timeZone: z
    .string({ error: REMINDER_MESSAGES.timeZone })
    .max(100, REMINDER_MESSAGES.timeZone)
    .refine(isValidTimeZone, REMINDER_MESSAGES.timeZone),
});
export type ReminderSettingsInput = z.infer<typeof reminderSettingsSchema>;

/** PUT /api/reminders/digest (docs/product.md#endpoint-email-of-what-you-miss). */
export const DIGEST_SETTING_MESSAGE = 'digest must be true or false.';
export const digestSettingSchema = z.object({ digest: z.boolean({ error: DIGEST_SETTING_MESSAGE }) });
