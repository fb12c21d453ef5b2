import { authenticateRequest } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import {
  DIGEST_SAVED_MESSAGE,
  getDigestSettings,
  setDigestEnabled,
} from '@/features/inbox/server/inbox-digest-settings';
import { consumeRateLimit } from '@/server/rate-limit';
import { syncCaller } from '@/features/sync/server/caller';
import { assertSyncEnabled } from '@/features/sync/server/state';
import { digestSettingSchema } from '@/features/reminders/server/reminder-schemas';

export const dynamic = 'force-dynamic';

/** The caller's "Email me what I miss" choice: `{ digest, sending }` (docs/product.md#endpoint-email-of-what-you-miss). */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  return json(await getDigestSettings(actor.id));
});

/** Saves `{ digest: boolean }` for the caller. */
export const PUT = withErrorHandling(async (request) => {
  assertSyncEnabled();
  const actor = await authenticateRequest(request);
  await consumeRateLimit('sync', actor.id);
  const { digest } = await readJson(request, digestSettingSchema);
  await setDigestEnabled(actor.id, digest);
  const settings = await getDigestSettings(actor.id);
  return json({ message: digest ? DIGEST_SAVED_MESSAGE.on : DIGEST_SAVED_MESSAGE.off, ...settings });
});

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT');
