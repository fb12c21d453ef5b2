import { getEnv } from '@/server/env';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { consumeRateLimit } from '@/server/rate-limit';
import { pushChanges } from '@/features/sync/server/push-changes';
import { syncCaller } from '@/features/sync/server/caller';
import { pushBudgetMessage } from '@/features/sync/server/push-limits';
import { pushRequestSchema } from '@/features/sync/server/push-schema';
import { SYNC_LIMITS } from '@/features/sync/model/protocol';

export const dynamic = 'force-dynamic';

/** A browser sends the operations waiting in its outbox (docs/decisions/0013-team-sync.md). */
export const POST = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const bytesPerMinute = getEnv().SYNC_PUSH_BYTES_PER_MINUTE;
  const input = await readJson(request, pushRequestSchema, {
    maxBytes: SYNC_LIMITS.maxPushBytes,
    // Every byte read counts, valid or not: the budget bounds what one account makes the server store.
    onBody: (bytes) =>
      consumeRateLimit('syncBytes', actor.id, {
        points: bytes,
        message: (wait) => pushBudgetMessage(bytesPerMinute, wait),
      }),
  });
  return json(await pushChanges(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
