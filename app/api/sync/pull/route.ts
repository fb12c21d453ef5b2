import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { parsePullLimit, pullChanges } from '@/features/sync/server/pull-changes';
import { syncCaller } from '@/features/sync/server/caller';
import { START_CURSOR } from '@/features/sync/model/protocol';

export const dynamic = 'force-dynamic';

/**
 * The changes after `cursor` the caller may see: `?cursor=<version>:<uid>&limit=<1..500>`, plus
 * `&walk=1` while the browser pulls from the start (never answered with `reset`), `&recent=1` to leave
 * out archived tasks (the answer then carries `archivedBefore`).
 */
export const GET = withErrorHandling(async (request) => {
  const actor = await syncCaller(request);
  const params = new URL(request.url).searchParams;
  const limit = parsePullLimit(params.get('limit'));
  const walk = params.get('walk') === '1';
  const recent = params.get('recent') === '1';
  return json(await pullChanges(actor, params.get('cursor') ?? START_CURSOR, limit, { walk, recent }));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
