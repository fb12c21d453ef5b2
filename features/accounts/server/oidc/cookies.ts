import 'server-only';

/**
 * The two short-lived cookies of a sign-in through the provider. Sessions themselves are bearer
 * tokens kept by the browser (docs/decisions/0003-auth-tokens.md), so these are the app's only
 * cookies: HttpOnly, sent back only to /api/auth/oidc, SameSite=Lax (the provider's redirect back is
 * a top-level navigation from another site, which Lax allows and Strict would not).
 */
const COOKIE_PATH = '/api/auth/oidc';

export function setCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearCookie(name: string, secure: boolean): string {
  return setCookie(name, '', 0, secure);
}

/** A cookie's value from the request's Cookie header, or null. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}
