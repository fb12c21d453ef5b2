import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { SignupForm } from '@/features/accounts/ui/signup-form';
import { PRODUCT_NAME } from '@/shared/constants';

export const metadata: Metadata = {
  title: 'Sign up',
  description: `Create a ${PRODUCT_NAME} account as a team member or an administrator.`,
};

export default function SignupPage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <SignupForm />
    </Suspense>
  );
}
