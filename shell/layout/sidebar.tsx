'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Menu, X } from 'lucide-react';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { readTokenRole } from '@/shared/auth/token-claims';
import { cn } from '@/shared/cn';
import type { SidebarLink } from '@/shell/workspace/workspace-content';
import { getStoredToken } from '@/shared/session/session';
import { FOCUS_RING } from '@/shared/ui/styles';

/** A sidebar's title and links. */
export type SidebarPanel = { title: string; links: readonly SidebarLink[] };

/** The session's role changes only with a new page (log in, log out): read once per render. */
function subscribeToNothing(): () => void {
  return () => undefined;
}

/** Whether the stored session is an admin's (false on the server). */
function useAdminSession(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => readTokenRole(getStoredToken()) === 'admin',
    () => false,
  );
}

/**
 * The area sidebars ('User Panel', 'Admin Panel'; docs/product.md#sidebars): the area's links with the
 * current one highlighted (aria-current="page"). Below the md breakpoint the links fold into a menu button.
 * Links prefetch on intent (pointer over, focus, touch) rather than on sight: prefetching every area page as
 * soon as the sidebar shows doubled the JavaScript a first visit to a dashboard downloads.
 */
export function Sidebar({
  title: areaTitle,
  links: areaLinks,
  adminPanel,
  extra,
}: {
  title: string;
  links: readonly SidebarLink[];
  /** Shown instead when the session is an admin's (team sync's member pages). */
  adminPanel?: SidebarPanel;
  /** Below the links, folded with them on small screens (team sync: the projects). */
  extra?: ReactNode;
}) {
  const admin = useAdminSession();
  const { title, links } = admin && adminPanel ? adminPanel : { title: areaTitle, links: areaLinks };
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const headingId = useId();

  return (
    <aside
      aria-labelledby={headingId}
      className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0"
    >
      <div className="flex items-center justify-between px-4 py-3 md:px-5 md:pt-6">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h2>
        <button
          type="button"
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 md:hidden',
            FOCUS_RING,
          )}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
          Menu
        </button>
      </div>
      <nav aria-labelledby={headingId}>
        <ul id={listId} className={cn('space-y-1 px-3 pb-3 md:block md:pb-6', open ? 'block' : 'hidden')}>
          {links.map((link) => {
            const current = pathname === link.href;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  prefetch={false}
                  onPointerEnter={() => router.prefetch(link.href)}
                  onFocus={() => router.prefetch(link.href)}
                  onTouchStart={() => router.prefetch(link.href)}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                  className={cn(
                    'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
                    FOCUS_RING,
                    current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {extra ? (
        <SidebarExtra open={open} onFollow={() => setOpen(false)}>
          {extra}
        </SidebarExtra>
      ) : null}
    </aside>
  );
}

/** What goes below the links, folded with them; a link followed inside closes the small screens' menu. */
function SidebarExtra({
  open,
  onFollow,
  children,
}: {
  open: boolean;
  onFollow: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('px-3 pb-3 md:block md:pb-6', open ? 'block' : 'hidden')}
      onClickCapture={(event) => {
        if ((event.target as HTMLElement).closest('a')) onFollow();
      }}
    >
      {children}
    </div>
  );
}
