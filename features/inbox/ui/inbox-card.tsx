'use client';

import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { CARD } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { InboxList, markReadOrSay, useInbox } from './inbox-list';
import { INBOX_TEXTS } from './inbox-texts';

/** The inbox as a section of the Notifications page: the same list as the bell's. */
export function InboxCard() {
  const state = useInbox();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(CARD, 'mt-8 space-y-3 p-4 sm:p-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-brand-900">
          {INBOX_TEXTS.heading}
        </h2>
        {state.unread > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => markReadOrSay('all')}>
            {INBOX_TEXTS.markAll}
          </Button>
        ) : null}
      </div>
      <InboxList state={state} />
    </section>
  );
}
