import { connection } from 'next/server';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { LoginForm } from '@/features/accounts/ui/login-form';
import { singleSignOnSettings } from '@/features/accounts/server/oidc/provider';

// The same title and description as the page it stands in for.
export { metadata } from '@/app/(auth)/login/page';

/**
 * `/login` when single sign-on is set up: proxy.ts rewrites to this page when OIDC_ISSUER is set, so
 * the screen (rendered at request time, as it reads the environment) offers the provider. Without
 * it `/login` stays the static page it always was.
 */
export default async function LoginPageWithProvider() {
  // Read at request time, not at build: one image serves deployments with and without single sign-on.
  await connection();
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <LoginForm sso={singleSignOnSettings()} />
    </Suspense>
  );
}
