'use client';

import type { ComponentProps } from 'react';
import { buttonClasses } from '@/shared/ui/button';
import type { Role } from '@/shared/auth/role';
import { signInWithLabel, type SingleSignOnSettings } from '@/shared/auth/single-sign-on';

// Only with single sign-on set up (/sso/login and /sso/signup, which proxy.ts serves for /login and
// /signup then): the forms load this module on demand (next/dynamic), so the plain pages never do.

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

/** The provider's button, after the line "or" when the password form comes first. */
export function SingleSignOnChoice({
  divider,
  ...button
}: { divider: boolean } & ComponentProps<typeof SingleSignOnButton>) {
  return (
    <>
      {divider ? <OrDivider /> : null}
      <SingleSignOnButton {...button} />
    </>
  );
}
