import { requireAdmin } from '@/features/accounts/server/auth-service';
import { json, methodNotAllowed, readJson, withErrorHandling } from '@/server/http';
import { recordSetupMark } from '@/features/admin/server/first-run-service';
import { sendTestMail } from '@/features/admin/server/test-mail-service';
import { testMailSchema } from '@/features/admin/server/test-mail-schemas';

export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/test-mail {to?}: sends a test email (to the admin's own address by default) and
 * says whether the mail server took it, or why not in words (docs/product.md#endpoint-test-mail).
 */
export const POST = withErrorHandling(async (request) => {
  const admin = await requireAdmin(request);
  const { to } = await readJson(request, testMailSchema);
  const result = await sendTestMail(to ?? admin.email, { rateLimitKey: admin.id });
  // The first run's checklist ticks 'Send a test email' once a mail server took one (not the outbox).
  if (result.delivered === 'smtp') await recordSetupMark('test-mail-sent', admin.id);
  return json({ ...result, to: to ?? admin.email });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
