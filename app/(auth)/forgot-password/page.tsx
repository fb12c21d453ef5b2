import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { ForgotPasswordForm } from '@/features/accounts/ui/forgot-password-form';
import { PRODUCT_NAME } from '@/shared/constants';

export const metadata: Metadata = {
  title: 'Forgot password',
  description: `Get a link to reset your ${PRODUCT_NAME} password.`,
};

export default function ForgotPasswordPage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <ForgotPasswordForm />
    </Suspense>
  );
}
