'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '@/features/accounts/ui/auth-card';
import { keepSession } from '@/features/accounts/ui/auth-form';
import { FormAlert } from '@/shared/ui/form-alert';
import { TEXT_LINK } from '@/shared/ui/styles';
import { takeSingleSignOnSession } from '@/features/accounts/client/auth-api';
import { FAILURE_WORDING, describeFailure } from '@/shared/http/failure-message';
import { dashboardPathFor, parseRole } from '@/shared/auth/role';

/** The name kept when the answer carries none (ours always does). */
const FALLBACK_NAME = 'User';

/**
 * /login/sso: takes the session the provider's sign-in opened (POST /api/auth/oidc/session, once),
 * keeps it as a password login does, and opens the dashboard of the account's role.
 */
export function SingleSignOnFinish() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // The cookie is cleared by the first answer: a second request (React's double effect in
  // development) would only fail.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    takeSingleSignOnSession()
      .then((grant) => {
        keepSession(grant, { email: grant.user?.email ?? '', name: FALLBACK_NAME });
        router.replace(dashboardPathFor(parseRole(grant.role ?? grant.user?.role)));
      })
      .catch((caught: unknown) => setError(describeFailure(caught, FAILURE_WORDING.singleSignOn)));
  }, [router]);

  return (
    <AuthCard title="Signing in">
      {error ? (
        <div className="space-y-4">
          <FormAlert tone="error">{error}</FormAlert>
          <p className="text-center text-sm">
            <Link href="/login" className={TEXT_LINK}>
              Back to login
            </Link>
          </p>
        </div>
      ) : (
        <p role="status" className="text-center text-slate-700">
          Signing you in…
        </p>
      )}
    </AuthCard>
  );
}
