import { json, methodNotAllowed, withErrorHandling } from '@/server/http';
import { describeInvitation } from '@/features/accounts/server/signup-service';

export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ token: string }>;
}

/**
 * GET /api/invitations/{token}: the role and bound email the sign-up screen fills in, or 403 saying
 * why the link no longer works (docs/product.md#endpoint-invitation). Public: the token is the secret.
 */
export const GET = withErrorHandling<Context>(async (_request, context) => {
  return json(await describeInvitation((await context.params).token));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
