import { NextResponse, type NextRequest } from 'next/server';
import { providerPageFor } from '@/shared/auth/single-sign-on';
import { strictTransportHeader } from '@/shared/security/strict-transport';

/**
 * What depends on the running server's environment, which next.config.mjs cannot see (its headers
 * are fixed at build, and one image serves every deployment): HSTS when APP_URL is https
 * (docs/decisions/0005-security-headers.md), and `/login` and `/signup` served by their single
 * sign-on versions when OIDC_ISSUER is set (docs/decisions/0034-single-sign-on.md).
 */
export function proxy(request: NextRequest): NextResponse {
  const providerPage = providerPageFor(request.nextUrl.pathname, process.env.OIDC_ISSUER);
  const response = providerPage
    ? NextResponse.rewrite(new URL(`${providerPage}${request.nextUrl.search}`, request.url))
    : NextResponse.next();
  const hsts = strictTransportHeader(process.env.APP_URL);
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  return response;
}

export const config = {
  // Pages and API responses; build assets are fetched by pages that already carried it. Not the file
  // routes (/api/files/…): Next.js cuts a proxied request's body at 10 MB, and an upload is up to
  // MAX_UPLOAD_SIZE (their responses set HSTS themselves, features/attachments/server/download.ts).
  matcher: ['/((?!_next/static|_next/image|api/files/).*)'],
};
