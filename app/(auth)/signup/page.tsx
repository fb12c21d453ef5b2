import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/components/auth/auth-form-fallback';
import { SignupForm } from '@/components/auth/signup-form';
import { PRODUCT_NAME } from '@/lib/constants';
import { singleSignOnSettings } from '@/lib/server/oidc/provider';

export const metadata: Metadata = {
  title: 'Sign up',
  description: `Create a ${PRODUCT_NAME} account as a team member or an administrator.`,
};

export default async function SignupPage() {
  // Read at request time, not at build: one image serves deployments with and without single sign-on.
  await connection();
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <SignupForm sso={singleSignOnSettings()} />
    </Suspense>
  );
}
