import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/components/auth/auth-form-fallback';
import { LoginForm } from '@/components/auth/login-form';
import { PRODUCT_NAME } from '@/lib/constants';
import { singleSignOnSettings } from '@/lib/server/oidc/provider';

export const metadata: Metadata = {
  title: 'Log in',
  description: `Log in to ${PRODUCT_NAME}.`,
};

export default async function LoginPage() {
  // Read at request time, not at build: one image serves deployments with and without single sign-on.
  await connection();
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <LoginForm sso={singleSignOnSettings()} />
    </Suspense>
  );
}
