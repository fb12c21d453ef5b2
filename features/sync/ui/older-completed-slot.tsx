'use client';

import dynamic from 'next/dynamic';

/**
 * "Show older completed tasks" in a chunk of its own, fetched only where team sync is on (the board
 * and Manage Tasks render this slot then only): a deployment without sync downloads none of it.
 */
const OlderCompletedTasks = dynamic(
  () =>
    import('./older-completed-tasks').then(
      (module) => module.OlderCompletedTasks,
      // Not fetched (offline): the board goes on without the control until the next load.
      () => () => null,
    ),
  { ssr: false },
);

export function OlderCompletedSlot({ className }: { className?: string }) {
  return <OlderCompletedTasks className={className} />;
}
