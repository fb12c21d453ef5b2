import type { Metadata } from 'next';
import { SingleSignOnFinish } from '@/features/accounts/ui/single-sign-on-finish';

export const metadata: Metadata = {
  title: 'Signing in',
  robots: { index: false },
};

/** Where the provider's sign-in ends: the session is taken and kept, then the dashboard opens. */
export default function SingleSignOnPage() {
  return <SingleSignOnFinish />;
}
