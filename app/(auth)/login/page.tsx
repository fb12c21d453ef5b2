import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { LoginForm } from '@/features/accounts/ui/login-form';
import { PRODUCT_NAME } from '@/shared/constants';

export const metadata: Metadata = {
  title: 'Log in',
  description: `Log in to ${PRODUCT_NAME}.`,
};

export default function LoginPage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <LoginForm />
    </Suspense>
  );
}
