'use client';

import { ListChecks } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useRouter } from 'next/navigation';
import { dashboardPathFor, isAdminPath } from '@/shared/auth/role';
import { cn } from '@/shared/cn';
import { LOGO_NAVIGATION_DELAY_MS, PRODUCT_NAME } from '@/shared/constants';
import { FOCUS_RING } from '@/shared/ui/styles';

/**
 * The logo goes, after a 0.5 s delay, to the admin or user dashboard (by path prefix;
 * docs/product.md#navbar), and reloads when already there. A real link, so it also works without JavaScript.
 */
export function LogoLink({ pathname }: { pathname: string }) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const target = dashboardPathFor(isAdminPath(pathname) ? 'admin' : 'user');

  useEffect(() => () => clearTimeout(timer.current), []);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (window.location.pathname === target) window.location.reload();
      else router.push(target);
    }, LOGO_NAVIGATION_DELAY_MS);
  }

  return (
    <a
      href={target}
      onClick={onClick}
      className={cn('flex items-center gap-2 rounded-lg text-lg font-bold text-brand-900', FOCUS_RING)}
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white"
      >
        <ListChecks className="size-5" />
      </span>
      {PRODUCT_NAME}
    </a>
  );
}
