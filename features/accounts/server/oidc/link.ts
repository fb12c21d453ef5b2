import 'server-only';
import { ssoLinkMessage } from '@/shared/auth/single-sign-on';
import { authenticateRequest } from '../auth-service';
import { AppError } from '@/server/errors';
import { getClientIp, json } from '@/server/http';
import { logger } from '@/server/logger';
import { consumeRateLimit } from '@/server/rate-limit';
import { hasLinkedIdentity } from './accounts';
import { isProviderUnreachable, providerConfiguration, singleSignOnSettings } from './provider';
import { beginFlow } from './sign-in';

/**
 * Linking the team's provider from the profile (docs/product.md#single-sign-on, ADR 0042): a
 * signed-in person whose account the provider cannot open by email (its address unproved, or another
 * address at the provider) binds their provider identity to it themselves.
 *
 *   GET  /api/auth/oidc/link → { provider: { name } | null, linked }
 *   POST /api/auth/oidc/link → { url }: the provider's authorization URL, and the flow cookie (the
 *        account and its session version go in the signed cookie, never in a URL); the browser goes
 *        there, and the callback binds the identity and returns to the profile with `sso_link=…`.
 */
export async function linkStatus(request: Request): Promise<Response> {
  const actor = await authenticateRequest(request);
  const settings = singleSignOnSettings();
  if (!settings) return json({ provider: null, linked: false });
  return json({ provider: { name: settings.name }, linked: await hasLinkedIdentity(actor.id) });
}

export async function startLink(request: Request): Promise<Response> {
  const actor = await authenticateRequest(request);
  const settings = singleSignOnSettings();
  if (!settings) throw new AppError('NOT_FOUND', 'Single sign-on is not set up on this server.');
  await consumeRateLimit('oidc', getClientIp(request));
  let configuration;
  try {
    configuration = await providerConfiguration({ fresh: true });
  } catch (error) {
    logger.warn('Single sign-on: the provider’s discovery could not be read (link)', error);
    const outcome = isProviderUnreachable(error) ? 'unreachable' : 'refused';
    throw new AppError('SERVICE_UNAVAILABLE', ssoLinkMessage(outcome, settings.name));
  }
  const { url, cookie } = await beginFlow(configuration, {
    role: actor.role,
    invite: null,
    link: { userId: actor.id, sessionVersion: actor.sessionVersion },
  });
  return json({ url }, { headers: { 'Set-Cookie': cookie } });
}
