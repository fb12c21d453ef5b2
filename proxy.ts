import { NextResponse } from 'next/server';
import { strictTransportHeader } from '@/lib/security/strict-transport';

/**
 * Response headers that depend on the running server's environment, which next.config.mjs cannot
 * see (its headers are fixed at build, and one image serves every deployment): HSTS when APP_URL is
 * https (docs/decisions/0005-security-headers.md).
 */
export function proxy(): NextResponse {
  const response = NextResponse.next();
  const hsts = strictTransportHeader(process.env.APP_URL);
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  return response;
}

export const config = {
  // Pages and API responses; build assets are fetched by pages that already carried it.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
