'use client';

import { useSearchParams } from 'next/navigation';
import { useId } from 'react';
import { toast } from 'sonner';
import { useOnline } from '@/shared/hooks/use-online';
import { archiveRowText } from '@/features/sync/client/archive-page';
import { bringBackArchivedTask, SYNC_STARTING_MESSAGE } from '@/features/sync/client/archive-controls';
import type { PulledTask } from '@/features/sync/model/protocol';
import { Button } from '@/shared/ui/button';
import { openTaskByKey } from '@/features/tasks/ui/task-view/open-task';
import { TASK_LINK } from '@/features/tasks/ui/task-view/task-link';
import { useOlderCompleted } from './use-older-completed';

/**
 * "Show older completed tasks" at the end of a completed list, team sync on only
 * (docs/product.md#archived-tasks): archived tasks paged from the server with the finder's search
 * (the address's `q`, which the finder writes; none on Manage Tasks, which has no finder); a row
 * opens its task, which the sync engine brings back into this browser for the session. Reading the
 * search from the address, rather than a prop, keeps typing from redrawing the board around it.
 */
export function OlderCompletedTasks({ className }: { className?: string }) {
  const q = useSearchParams()?.get('q') ?? '';
  const { listing, load } = useOlderCompleted(q);
  const online = useOnline();
  const headingId = useId();

  function open(row: PulledTask) {
    const key = bringBackArchivedTask(row);
    if (key === null) toast.error(SYNC_STARTING_MESSAGE);
    else openTaskByKey(key);
  }

  if (listing.status === 'closed') {
    return (
      <Button variant="secondary" size="sm" className={className} onClick={() => load([], null)}>
        Show older completed tasks
      </Button>
    );
  }
  const { rows } = listing;
  const firstPage = rows.length === 0;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="pb-2 text-sm font-semibold text-slate-800">
        Older completed tasks
      </h3>
      {rows.length > 0 ? (
        <ul className="divide-y divide-slate-200 text-sm" aria-labelledby={headingId}>
          {rows.map((row) => (
            <ArchiveRow key={row.uid} row={row} onOpen={() => open(row)} />
          ))}
        </ul>
      ) : null}
      <div role="status" className="text-sm text-slate-600">
        {listing.status === 'loading' ? 'Loading older completed tasks…' : null}
        {listing.status === 'ready' && firstPage ? 'No older completed tasks.' : null}
        {listing.status === 'failed' ? listing.message : null}
      </div>
      {listing.status === 'failed' ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={!online}
          onClick={() => load(rows, listing.next)}
        >
          Retry
        </Button>
      ) : null}
      {listing.status === 'ready' && listing.next !== null ? (
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => load(rows, listing.next)}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}

/** One archived task: its title opens it; who had it and when it was completed. */
function ArchiveRow({ row, onOpen }: { row: PulledTask; onOpen: () => void }) {
  const text = archiveRowText(row);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
      <button
        type="button"
        onClick={onOpen}
        className={`${TASK_LINK} min-w-0 text-left font-medium break-words text-slate-900`}
      >
        {text.title}
      </button>
      <span className="text-slate-600">
        {text.assignee} · Completed <span className="tabular-nums">{text.completed}</span>
      </span>
    </li>
  );
}
