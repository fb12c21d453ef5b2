import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import {
  claimAt,
  profileAfterLink,
  SSO_ERROR_PARAM,
  type SsoFailure,
  type SsoLinkOutcome,
} from '@/shared/auth/single-sign-on';
import { parseRole, type Role } from '@/shared/auth/role';
import { authenticateToken, LOGIN_SUCCESS_MESSAGE, openSession, type AuthResult } from '../auth-service';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { getClientIp } from '@/server/http';
import { logger } from '@/server/logger';
import { consumeRateLimit } from '@/server/rate-limit';
import { verifyToken } from '@/server/token';
import { accountForIdentity, linkIdentity, SsoRefusal, type ProviderIdentity } from './accounts';
import { clearCookie, readCookie, setCookie } from './cookies';
import { callbackUrl, isProviderUnreachable, providerConfiguration, singleSignOnSettings } from './provider';

/**
 * The authorization-code flow with PKCE, state and nonce (docs/decisions/0034-single-sign-on.md):
 *   GET /api/auth/oidc/start → the provider → GET /api/auth/oidc/callback → /login/sso, whose page
 *   POSTs /api/auth/oidc/session for the session token (never in a URL) and keeps it as a login does.
 * A signed-in person links the provider from their profile the same way (./link.ts): the flow starts
 * with POST /api/auth/oidc/link and the callback ends on their profile.
 * Every failure ends on /login?sso_error=… with a sentence there (shared/auth/single-sign-on.ts).
 */

/** Holds the flow's secrets between start and callback (signed, HttpOnly, only sent to /api/auth/oidc). */
const FLOW_COOKIE = 'tasklane_oidc_flow';
/** Holds the new session token between the callback and /login/sso's request (seconds). */
const SESSION_COOKIE = 'tasklane_oidc_session';
const FLOW_TTL_SECONDS = 10 * 60;
const SESSION_HANDOFF_SECONDS = 60;
const FLOW_AUDIENCE = 'tasklane:oidc-flow';

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  role: z.enum(['user', 'admin']),
  invite: z.string().min(1).nullable(),
  /**
   * A signed-in person linking the provider from their profile: their account and the session
   * version it had (a flow cookie of an earlier version has neither: a plain sign-in).
   */
  link: z.object({ userId: z.string().min(1), sessionVersion: z.number().int() }).nullish(),
});
export type Flow = z.infer<typeof flowSchema>;

function secretKey(): Uint8Array {
  return new TextEncoder().encode(getEnv().AUTH_SECRET);
}

function secureCookies(): boolean {
  return new URL(getEnv().APP_URL).protocol === 'https:';
}

function redirect(path: string, cookies: string[] = []): Response {
  const headers = new Headers({
    Location: new URL(path, getEnv().APP_URL).toString(),
    'Cache-Control': 'no-store',
  });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** Back to /login with the failure (and the role the sign-in was started with). */
function fail(failure: SsoFailure, role: string = 'user', cookies: string[] = []): Response {
  const query = new URLSearchParams({ ...(role === 'admin' ? { role } : {}), [SSO_ERROR_PARAM]: failure });
  return redirect(`/login?${query}`, [...cookies, clearCookie(FLOW_COOKIE, secureCookies())]);
}

/** A link started from the profile ends there, with what happened (docs/product.md#single-sign-on). */
function backToProfile(role: Role, outcome: SsoLinkOutcome): Response {
  return redirect(profileAfterLink(role, outcome), [clearCookie(FLOW_COOKIE, secureCookies())]);
}

/**
 * A browser navigation must end on a page, never on a JSON error: anything unexpected (the database
 * down, say) is logged and becomes /login's general failure.
 */
function onPage(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (error) {
      logger.error(`Single sign-on: ${new URL(request.url).pathname} failed`, error);
      return fail('failed');
    }
  };
}

/** GET /api/auth/oidc/start?role=user|admin[&invite=…]: off to the provider. */
export const startSignIn = onPage(async (request) => {
  const params = new URL(request.url).searchParams;
  const role = parseRole(params.get('role'));
  if (!singleSignOnSettings()) return fail('disabled', role);
  try {
    await consumeRateLimit('oidc', getClientIp(request));
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return fail('too-many', role);
    throw error;
  }
  let configuration: client.Configuration;
  try {
    configuration = await providerConfiguration({ fresh: true });
  } catch (error) {
    logger.warn('Single sign-on: the provider’s discovery could not be read', error);
    return fail(isProviderUnreachable(error) ? 'unreachable' : 'refused', role);
  }
  const invite = params.get('invite');
  const { url, cookie } = await beginFlow(configuration, {
    role,
    invite: invite && invite.length <= 200 ? invite : null,
  });
  const headers = new Headers({ Location: url, 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
});

/**
 * A new flow: the provider's authorization URL (state, nonce, PKCE challenge) and the signed cookie
 * that keeps the flow's secrets until the callback.
 */
export async function beginFlow(
  configuration: client.Configuration,
  fields: Pick<Flow, 'role' | 'invite' | 'link'>,
): Promise<{ url: string; cookie: string }> {
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    ...fields,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(),
    scope: getEnv().OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  const token = await new SignJWT(flow)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(FLOW_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(secretKey());
  return { url: url.toString(), cookie: setCookie(FLOW_COOKIE, token, FLOW_TTL_SECONDS, secureCookies()) };
}

async function readFlow(request: Request): Promise<Flow | null> {
  const token = readCookie(request, FLOW_COOKIE);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: ['HS256'],
      audience: FLOW_AUDIENCE,
    });
    const parsed = flowSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET /api/auth/oidc/callback?code=…&state=…: the provider sends the browser back here. */
export const finishSignIn = onPage(async (request) => {
  const flow = await readFlow(request);
  const role = flow?.role ?? 'user';
  // A link from the profile ends on the profile, whatever happened (the sentence is shown there).
  const end = (failure: SsoFailure) => (flow?.link ? backToProfile(flow.role, failure) : fail(failure, role));
  if (!singleSignOnSettings()) return end('disabled');
  const params = new URL(request.url).searchParams;
  const error = params.get('error');
  if (error !== null) return end(error === 'access_denied' ? 'denied' : 'refused');
  // Our own check first, so that a mismatch gets its own sentence; the library checks it again.
  if (!flow || params.get('state') !== flow.state) return end('state');

  const outcome = await exchangeCode(params, flow);
  if ('failure' in outcome) return end(outcome.failure);
  if (flow.link) return backToProfile(flow.role, await linkIdentity(flow.link, outcome.identity));
  let result: AuthResult;
  try {
    result = await openSession(
      await accountForIdentity(outcome.identity, { role: flow.role, invite: flow.invite }),
      LOGIN_SUCCESS_MESSAGE,
    );
  } catch (caught) {
    if (caught instanceof SsoRefusal) return fail(caught.failure, role);
    logger.error('Single sign-on: the account could not be opened', caught);
    return fail('failed', role);
  }
  const query = result.role === 'admin' ? '?role=admin' : '';
  return redirect(`/login/sso${query}`, [
    clearCookie(FLOW_COOKIE, secureCookies()),
    setCookie(SESSION_COOKIE, result.token, SESSION_HANDOFF_SECONDS, secureCookies()),
  ]);
});

type Exchange = { identity: ProviderIdentity } | { failure: SsoFailure };

/** The code for tokens, and the verified email, name and groups they carry. */
async function exchangeCode(params: URLSearchParams, flow: Flow): Promise<Exchange> {
  const env = getEnv();
  try {
    const configuration = await providerConfiguration();
    // The address the provider redirected to, as registered (behind a proxy, request.url may differ).
    const current = new URL(callbackUrl());
    current.search = params.toString();
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...tokens.claims() };
    // Some providers put the email or the groups only in userinfo.
    if (claims.email === undefined || claimAt(claims, env.OIDC_GROUPS_CLAIM) === undefined) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
    if (typeof claims.email !== 'string' || claims.email === '') return { failure: 'no-email' };
    // Linking by email is only safe when the provider vouches for it (absent counts as unverified).
    if (claims.email_verified !== true && claims.email_verified !== 'true') return { failure: 'unverified' };
    // The ID token's issuer and subject, which the library checked (iss against discovery).
    if (typeof claims.iss !== 'string' || typeof claims.sub !== 'string' || claims.sub === '')
      return { failure: 'failed' };
    return {
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email.trim().toLowerCase(),
        name: typeof claims.name === 'string' ? claims.name : null,
        groups: claimAt(claims, env.OIDC_GROUPS_CLAIM),
      },
    };
  } catch (error) {
    if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant')
      return { failure: 'expired' };
    if (isProviderUnreachable(error)) {
      logger.warn('Single sign-on: the provider could not be reached', error);
      return { failure: 'unreachable' };
    }
    logger.warn('Single sign-on: the provider’s answer was refused', error);
    return { failure: 'failed' };
  }
}

/**
 * POST /api/auth/oidc/session: the session the callback opened, once (the cookie is cleared), as
 * POST /api/auth/login answers. 401 without a valid one (expired after a minute, or already taken).
 */
export async function takeSession(request: Request): Promise<Response> {
  const token = readCookie(request, SESSION_COOKIE);
  const claims = token ? await verifyToken(token) : null;
  const clear = clearCookie(SESSION_COOKIE, secureCookies());
  if (!token || !claims) {
    const body = { message: 'The sign-in has expired. Try again.', code: 'UNAUTHORIZED' };
    return Response.json(body, {
      status: 401,
      headers: { 'Cache-Control': 'no-store', 'Set-Cookie': clear },
    });
  }
  const result = await sessionFor(token);
  return Response.json(result, { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': clear } });
}

async function sessionFor(token: string): Promise<AuthResult> {
  const user = await authenticateToken(token);
  return {
    token,
    role: user.role,
    user: { fullName: user.fullName, email: user.email, role: user.role },
    message: LOGIN_SUCCESS_MESSAGE,
  };
}
