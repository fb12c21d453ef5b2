'use client';

import { Bell } from 'lucide-react';
import Link from 'next/link';
import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { FOCUS_RING, TEXT_LINK } from '@/shared/ui/styles';
import { isAdminPath } from '@/shared/auth/role';
import { cn } from '@/shared/cn';
import { InboxList, markReadOrSay, useInbox } from './inbox-list';
import { badgeText, bellLabel, INBOX_TEXTS, unreadAnnouncement } from './inbox-texts';
import { useInboxDesktopNotifications } from './use-inbox-desktop';
import { useInboxPanel } from './use-inbox-panel';

/**
 * The navbar's bell (docs/product.md#the-inbox), with team sync on: the unread count (a badge, and a
 * polite live region that reads out each change), opening the inbox below it. A disclosure, not a
 * menu: the panel holds a list of buttons and links, reached with Tab. Escape or a click outside
 * closes it (focus back on the bell); so does opening an entry (and closing that task's view).
 */
export function InboxBell({ pathname }: { pathname: string }) {
  const state = useInbox();
  useInboxDesktopNotifications(state);
  const { open, setOpen, rootRef, buttonRef, panelRef, closeToBell } = useInboxPanel();
  const panelId = useId();
  const headingId = useId();
  const unread = state.unread;

  return (
    <div ref={rootRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'relative flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
          FOCUS_RING,
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="inbox-badge"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-5 font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      <span aria-live="polite" className="sr-only">
        {state.status === 'ready' ? unreadAnnouncement(unread) : ''}
      </span>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-3 shadow-lg outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 px-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {INBOX_TEXTS.heading}
            </h2>
            {unread > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => markReadOrSay('all')}>
                {INBOX_TEXTS.markAll}
              </Button>
            ) : null}
          </div>
          <InboxList state={state} onOpen={closeToBell} />
          {isAdminPath(pathname) ? null : (
            <p className="mt-2 border-t border-slate-200 px-2 pt-2 text-sm">
              <Link href="/user/notifications" className={TEXT_LINK} onClick={() => setOpen(false)}>
                {INBOX_TEXTS.openPage}
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
