import { connection } from 'next/server';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { SignupForm } from '@/features/accounts/ui/signup-form';
import { singleSignOnSettings } from '@/features/accounts/server/oidc/provider';

// The same title and description as the page it stands in for.
export { metadata } from '@/app/(auth)/signup/page';

/**
 * `/signup` when single sign-on is set up: proxy.ts rewrites to this page when OIDC_ISSUER is set, so
 * the screen (rendered at request time, as it reads the environment) offers the provider. Without
 * it `/signup` stays the static page it always was.
 */
export default async function SignupPageWithProvider() {
  // Read at request time, not at build: one image serves deployments with and without single sign-on.
  await connection();
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <SignupForm sso={singleSignOnSettings()} />
    </Suspense>
  );
}
