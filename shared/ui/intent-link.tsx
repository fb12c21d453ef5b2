'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';

type IntentLinkProps = Omit<
  ComponentProps<typeof Link>,
  'href' | 'prefetch' | 'onPointerEnter' | 'onFocus' | 'onTouchStart'
> & { href: string };

/**
 * A link whose page is prefetched on intent (pointer over it, focus, touch) rather than on sight. A
 * `<Link>` in view fetches its page's RSC payload and code as soon as the page has hydrated, and
 * processing them is main-thread work the page pays for at load whether or not the link is used
 * (on the account pages, the longest tasks after hydration: docs/benchmarks.md). On intent, the page
 * still arrives before most clicks end.
 */
export function IntentLink({ href, ...props }: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      href={href}
      prefetch={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      {...props}
    />
  );
}
