import { methodNotAllowed } from '@/server/http';
import { startSignIn } from '@/features/accounts/server/oidc/sign-in';

export const dynamic = 'force-dynamic';

/** A link from /login and /signup: redirects to the provider (docs/product.md#single-sign-on). */
export const GET = startSignIn;

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
