import { filesUsage } from '@/features/attachments/server/attachment-usage';
import { syncCaller } from '@/features/sync/server/caller';
import { json, methodNotAllowed, withErrorHandling } from '@/server/http';

export const dynamic = 'force-dynamic';

/** GET /api/admin/files (admins, team sync on): what the team's files take and their limits. */
export const GET = withErrorHandling(async (request) => {
  return json(await filesUsage(await syncCaller(request)));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
