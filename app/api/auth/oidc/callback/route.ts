import { methodNotAllowed } from '@/server/http';
import { finishSignIn } from '@/features/accounts/server/oidc/sign-in';

export const dynamic = 'force-dynamic';

/** The provider redirects here: register `{APP_URL}/api/auth/oidc/callback` with it (README). */
export const GET = finishSignIn;

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
