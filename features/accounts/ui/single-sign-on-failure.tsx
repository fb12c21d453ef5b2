'use client';

import { useSearchParams } from 'next/navigation';
import { FormAlert } from '@/shared/ui/form-alert';
import {
  DEFAULT_PROVIDER_NAME,
  isSsoFailure,
  SSO_ERROR_PARAM,
  ssoFailureMessage,
  type SingleSignOnSettings,
} from '@/shared/auth/single-sign-on';

/** Why the last sign-in through the provider failed (`?sso_error=` on /login), or nothing. */
export function SingleSignOnFailure({ settings }: { settings: SingleSignOnSettings | null }) {
  const failure = useSearchParams()?.get(SSO_ERROR_PARAM);
  if (!isSsoFailure(failure)) return null;
  return (
    <FormAlert tone="error">{ssoFailureMessage(failure, settings?.name ?? DEFAULT_PROVIDER_NAME)}</FormAlert>
  );
}
