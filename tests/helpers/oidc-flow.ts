import { GET as callbackRoute } from '@/app/api/auth/oidc/callback/route';
import { POST as sessionRoute } from '@/app/api/auth/oidc/session/route';
import { GET as startRoute } from '@/app/api/auth/oidc/start/route';
import { call, type CallResult } from './api';
import { applyTestEnv } from '../setup/integration';
import type { TestAccount, TestProvider } from './oidc-provider';

/** The app's address in integration tests (APP_URL), and the callback registered with the provider. */
export const TEST_APP_URL = 'http://tasklane.test';
export const TEST_CALLBACK = `${TEST_APP_URL}/api/auth/oidc/callback`;

/** `name=value` of a Set-Cookie line for `name`, or null. */
export function cookieFrom(result: { headers: Headers }, name: string): string | null {
  for (const line of result.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** The Set-Cookie line for `name` (attributes included), or null. */
export function setCookieLine(result: { headers: Headers }, name: string): string | null {
  return result.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? null;
}

/** Where a redirect goes, relative to the app when it stays on it ('/login?sso_error=state'). */
export function locationOf(result: { headers: Headers }): string {
  const location = result.headers.get('location') ?? '';
  return location.startsWith(TEST_APP_URL) ? location.slice(TEST_APP_URL.length) : location;
}

/** GET /api/auth/oidc/start?{query}. */
export function startSignIn(query = '', ip?: string): Promise<CallResult> {
  return call(startRoute, `/api/auth/oidc/start${query ? `?${query}` : ''}`, { ip });
}

/**
 * Follows the provider's redirects (with its cookies) from the authorization URL until it sends the
 * browser back to the app's callback; returns that callback's path and query.
 */
export async function throughProvider(authorizationUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.toString().startsWith(TEST_CALLBACK)) return url.toString().slice(TEST_APP_URL.length);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`The provider stopped at ${url} (${response.status}): ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('The provider redirected too many times');
}

/** GET the callback with the flow cookie the start set. */
export function callBack(path: string, flowCookie: string | null): Promise<CallResult> {
  return call(callbackRoute, path, { headers: flowCookie ? { cookie: flowCookie } : {} });
}

/** POST /api/auth/oidc/session with the cookie the callback set. */
export function takeSession(sessionCookie: string | null): Promise<CallResult> {
  return call(sessionRoute, '/api/auth/oidc/session', {
    method: 'POST',
    headers: sessionCookie ? { cookie: sessionCookie } : {},
  });
}

/** The whole flow as `account`: the callback's answer, and the session taken when it opened one. */
export async function signInThrough(
  provider: TestProvider,
  account: TestAccount,
  query = '',
): Promise<{ callback: CallResult; session: CallResult | null }> {
  provider.signInAs(account);
  const start = await startSignIn(query);
  if (start.status !== 303) throw new Error(`start answered ${start.status}: ${start.text}`);
  const back = await throughProvider(start.headers.get('location') ?? '');
  const callback = await callBack(back, cookieFrom(start, 'tasklane_oidc_flow'));
  const sessionCookie = cookieFrom(callback, 'tasklane_oidc_session');
  return { callback, session: sessionCookie ? await takeSession(sessionCookie) : null };
}

/** The test environment naming `provider` as the team's provider ("Acme SSO"), plus `extra`. */
export function oidcTestEnv(provider: TestProvider, extra: Record<string, string> = {}) {
  return applyTestEnv({
    APP_URL: TEST_APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Acme SSO',
    ...extra,
  });
}
