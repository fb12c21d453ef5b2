'use client';

import { useEffect, useRef, useState } from 'react';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { fetchArchivePage } from '@/features/sync/client/archive-page';
import type { PulledTask } from '@/features/sync/model/protocol';

export const OLDER_FAILURE = 'Could not load older completed tasks';
export const OLDER_OFFLINE = 'You are offline. Older completed tasks need a connection.';

export type Listing =
  | { status: 'closed' }
  | { status: 'loading'; q: string; rows: PulledTask[]; next: string | null }
  | { status: 'ready'; q: string; rows: PulledTask[]; next: string | null }
  | { status: 'failed'; q: string; rows: PulledTask[]; next: string | null; message: string };

const CLOSED: Listing = { status: 'closed' };

/**
 * The archived tasks that match the search `q`, paged from the server: `load(rows, before)` asks for
 * the page after `rows` (a new request aborts the one in flight; offline, it fails at once). A listing
 * made for another search reads as closed.
 */
export function useOlderCompleted(q: string): {
  listing: Listing;
  load: (rows: PulledTask[], before: string | null) => void;
} {
  const [stored, setListing] = useState<Listing>(CLOSED);
  // A listing made for another search is closed: what shows always matches the search above it.
  const listing = stored.status !== 'closed' && stored.q === q ? stored : CLOSED;
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  function load(rows: PulledTask[], before: string | null) {
    controller.current?.abort();
    if (!navigator.onLine) {
      setListing({ status: 'failed', q, rows, next: before, message: OLDER_OFFLINE });
      return;
    }
    const mine = new AbortController();
    controller.current = mine;
    setListing({ status: 'loading', q, rows, next: before });
    fetchArchivePage(q, before, mine.signal).then(
      (page) => {
        if (!mine.signal.aborted)
          setListing({ status: 'ready', q, rows: [...rows, ...page.tasks], next: page.next });
      },
      (error: unknown) => {
        if (mine.signal.aborted) return;
        console.error(OLDER_FAILURE, error);
        setListing({
          status: 'failed',
          q,
          rows,
          next: before,
          message: describeRequestFailure(error, OLDER_FAILURE),
        });
      },
    );
  }

  return { listing, load };
}
