import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { ResetPasswordForm } from '@/features/accounts/ui/reset-password-form';
import { PRODUCT_NAME } from '@/shared/constants';

export const metadata: Metadata = {
  title: 'Reset password',
  description: `Choose a new ${PRODUCT_NAME} password.`,
};

export default function ResetPasswordPage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <ResetPasswordForm />
    </Suspense>
  );
}
