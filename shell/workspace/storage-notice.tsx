'use client';

import { useSyncExternalStore } from 'react';
import { storageProblemsStore, type StorageProblem } from '@/shared/browser-storage/storage-problems';
import { Button } from '@/shared/ui/button';

function describe(problem: StorageProblem): string {
  const what =
    problem.kept === 'some'
      ? `Some saved "${problem.key}" entries could not be read and are hidden; the rest are shown.`
      : `The saved "${problem.key}" data could not be read, so it is not shown.`;
  const where = problem.copyKey
    ? ` The original was kept in this browser's storage as "${problem.copyKey}".`
    : ' The original is still stored but could not be copied aside (storage may be full): avoid editing until you have freed some space.';
  return what + where;
}

/** Says when stored data was unreadable (never silently dropped) and where the original was kept. */
export function StorageNotice() {
  const problems = useSyncExternalStore(
    storageProblemsStore.subscribe,
    storageProblemsStore.getSnapshot,
    storageProblemsStore.getServerSnapshot,
  );
  if (problems.length === 0) return null;
  return (
    <div className="mx-4 mt-4 space-y-2 sm:mx-6" role="status">
      {problems.map((problem) => (
        <div
          key={problem.key}
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{describe(problem)}</p>
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            onClick={() => storageProblemsStore.dismiss(problem.key)}
          >
            Dismiss
          </Button>
        </div>
      ))}
    </div>
  );
}
