'use client';

import { useReducer, type ReactNode } from 'react';
import { TwoFactorSection } from '@/features/accounts/ui/profile/two-factor-section';
import { readTokenTwoFactorSetup } from '@/shared/auth/token-claims';
import { getStoredToken } from '@/shared/session/session';

export const TWO_FACTOR_REQUIRED_HEADING = 'Two-factor authentication required';

/**
 * REQUIRE_2FA=admins (docs/product.md#two-factor-sign-in): an admin who logged in with a password
 * and has no two-factor sign-in gets a session marked for set-up, which the admin API refuses. Until
 * it is on, every admin page shows the set-up instead; once the recovery codes are saved (`Done`),
 * the fresh token opens the page that was asked for.
 */
export function TwoFactorSetupGate({ children }: { children: ReactNode }) {
  const [, recheck] = useReducer((count: number) => count + 1, 0);
  if (!readTokenTwoFactorSetup(getStoredToken())) return <>{children}</>;
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-900">{TWO_FACTOR_REQUIRED_HEADING}</h1>
      <p className="mt-2 mb-6 text-slate-600">
        This server requires two-factor authentication for admins. Set it up to use the admin area.
      </p>
      <TwoFactorSection onFinished={recheck} />
    </main>
  );
}
