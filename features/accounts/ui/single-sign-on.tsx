'use client';

import { useSearchParams } from 'next/navigation';
import { buttonClasses } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import type { Role } from '@/shared/auth/role';
import {
  DEFAULT_PROVIDER_NAME,
  isSsoFailure,
  signInWithLabel,
  SSO_ERROR_PARAM,
  ssoFailureMessage,
  type SingleSignOnSettings,
} from '@/shared/auth/single-sign-on';

/**
 * "Sign in with {OIDC_NAME}" on /login and /signup (docs/product.md#single-sign-on): a plain link to
 * the server, which sends the browser on to the team's provider. An invitation link's token goes
 * along, so a first sign-in through the provider can use it.
 */
export function SingleSignOnButton({
  settings,
  role,
  invite,
}: {
  settings: SingleSignOnSettings;
  role: Role;
  invite?: string;
}) {
  const query = new URLSearchParams({ role, ...(invite ? { invite } : {}) });
  return (
    // The screen's main action when the provider is the only way in; beside the password form, the second.
    <a
      href={`/api/auth/oidc/start?${query}`}
      className={buttonClasses({ variant: settings.only ? 'primary' : 'secondary' }, 'w-full')}
    >
      {signInWithLabel(settings.name)}
    </a>
  );
}

/** The line between the password form and the provider's button. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      <span aria-hidden="true">or</span>
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

/** Why the last sign-in through the provider failed (`?sso_error=` on /login), or nothing. */
export function SingleSignOnFailure({ settings }: { settings: SingleSignOnSettings | null }) {
  const failure = useSearchParams()?.get(SSO_ERROR_PARAM);
  if (!isSsoFailure(failure)) return null;
  return (
    <FormAlert tone="error">{ssoFailureMessage(failure, settings?.name ?? DEFAULT_PROVIDER_NAME)}</FormAlert>
  );
}
