import 'server-only';
import * as client from 'openid-client';
import type { SingleSignOnSettings } from '@/shared/auth/single-sign-on';
import { getEnv } from '@/server/env';

/**
 * The team's OpenID Connect provider, through `openid-client` (certified; ADR 0034): its discovery
 * document read once and kept, every request to it bounded in time.
 */

/** A provider that does not answer within this long counts as down (the sign-in says so). */
export const PROVIDER_TIMEOUT_MS = 8_000;
/** Discovery is read again after this long, so a provider's new endpoints or keys are picked up. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** The login and sign-up screens' view of single sign-on; null when OIDC_ISSUER is not set. */
export function singleSignOnSettings(): SingleSignOnSettings | null {
  const env = getEnv();
  if (!env.OIDC_ISSUER) return null;
  return { name: env.OIDC_NAME, only: env.OIDC_ONLY === 'on' };
}

/** `{APP_URL}/api/auth/oidc/callback`: the address to register with the provider. */
export function callbackUrl(): string {
  return new URL('/api/auth/oidc/callback', getEnv().APP_URL).toString();
}

let cached: { key: string; at: number; configuration: Promise<client.Configuration> } | undefined;

/**
 * The provider's configuration from its discovery document. A failed read is not kept: the next
 * sign-in tries again. Throws when the provider cannot be reached (see isProviderUnreachable).
 * `fresh`: read it again now. A sign-in's start does, so that a provider that is down is told on
 * /login rather than by the browser's own error page at the provider's address (one small request
 * per sign-in); the callback, moments later, uses what the start read.
 */
export function providerConfiguration(
  options: { fresh?: boolean; now?: number } = {},
): Promise<client.Configuration> {
  const { fresh = false, now = Date.now() } = options;
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) throw new Error('Single sign-on is not configured');
  const key = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET ?? ''].join('\n');
  if (!fresh && cached && cached.key === key && now - cached.at < DISCOVERY_TTL_MS) {
    return cached.configuration;
  }
  const issuer = new URL(env.OIDC_ISSUER);
  const secret = env.OIDC_CLIENT_SECRET;
  // The timeout is kept by the configuration: it bounds the token and userinfo requests too.
  const configuration = client.discovery(
    issuer,
    env.OIDC_CLIENT_ID,
    secret,
    // client_secret_basic: the default method of OpenID Connect, which every provider accepts.
    secret ? client.ClientSecretBasic(secret) : client.None(),
    {
      timeout: PROVIDER_TIMEOUT_MS / 1000,
      // Plain http only reaches here for a loopback issuer (OIDC_ISSUER's check).
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    },
  );
  const entry = { key, at: now, configuration };
  cached = entry;
  configuration.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return configuration;
}

/** Tests change the provider between cases. */
export function forgetProviderConfiguration(): void {
  cached = undefined;
}

/**
 * Whether `error` means the provider could not be reached or answered nonsense (down, timed out, a
 * 5xx, a page that is not JSON), rather than refusing this sign-in.
 */
export function isProviderUnreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.ClientError) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof client.ResponseBodyError) return cause.status >= 500;
    // Network failures and timeouts reach us as the fetch's TypeError or AbortError/TimeoutError.
    if (cause instanceof Error && ['TypeError', 'AbortError', 'TimeoutError'].includes(cause.name))
      return true;
    return error.code === 'OAUTH_RESPONSE_IS_NOT_JSON' || error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
  }
  return error instanceof Error && ['TypeError', 'AbortError', 'TimeoutError'].includes(error.name);
}
