import { methodNotAllowed, withErrorHandling } from '@/server/http';
import { takeSession } from '@/features/accounts/server/oidc/sign-in';

export const dynamic = 'force-dynamic';

/** /login/sso takes the session the callback opened (answered as a login is). */
export const POST = withErrorHandling(takeSession);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST');
