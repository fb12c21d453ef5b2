import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { CARD } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { PRODUCT_NAME } from '@/lib/constants';

export const metadata: Metadata = {
  title: 'Reset password',
  description: `Choose a new ${PRODUCT_NAME} password.`,
};

/**
 * The form reads the query string (useSearchParams), so the page is prerendered with this frame and the
 * form appears once it runs in the browser: no half-working form can be submitted before hydration.
 */
function FormFallback() {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
      <div className={cn(CARD, 'h-96 w-full max-w-md motion-safe:animate-pulse')} aria-busy="true">
        <span className="sr-only">Loading…</span>
      </div>
    </main>
  );
}

export default function ResetPasswordPage() {
  return (
    <Suspense fallback={<FormFallback />}>
      <ResetPasswordForm />
    </Suspense>
  );
}
