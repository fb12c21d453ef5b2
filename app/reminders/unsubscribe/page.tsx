import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthFormFallback } from '@/features/accounts/ui/auth-form-fallback';
import { UnsubscribeForm } from '@/features/reminders/ui/unsubscribe-form';

export const metadata: Metadata = {
  title: 'Unsubscribe',
  robots: { index: false, follow: false },
};

/** Where a reminder email's unsubscribe link leads (docs/product.md#reminders). */
export default function UnsubscribePage() {
  return (
    <Suspense fallback={<AuthFormFallback />}>
      <UnsubscribeForm />
    </Suspense>
  );
}
