import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { ConfirmEmailForm } from '@/features/accounts/ui/confirm-email-form';
import { PRODUCT_NAME } from '@/shared/constants';

export const metadata: Metadata = {
  title: 'Confirm your email',
  description: `Confirm the email address of your ${PRODUCT_NAME} account.`,
};

export default function ConfirmEmailPage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <ConfirmEmailForm />
    </Suspense>
  );
}
