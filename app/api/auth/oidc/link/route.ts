import { methodNotAllowed, withErrorHandling } from '@/server/http';
import { linkStatus, startLink } from '@/features/accounts/server/oidc/link';

export const dynamic = 'force-dynamic';

/** The profile's Single Sign-On: whether the account is linked to the team's provider. */
export const GET = withErrorHandling(linkStatus);

/** Starts linking the provider to the signed-in account (features/accounts/server/oidc/link.ts). */
export const POST = withErrorHandling(startLink);

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST');
