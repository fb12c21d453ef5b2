import type { PulledTask } from '../model/protocol';

/**
 * How a screen listing archived tasks (docs/product.md#archived-tasks) brings one back into this
 * browser for the session, without importing the sync engine: the engine registers its side here
 * when it starts and removes it when it stops, as it does its status (./status-store.ts).
 */
export interface ArchiveControls {
  /**
   * Puts the archived task into this browser's tasks for the session and returns the key to open
   * it with (features/tasks/ui/task-view/open-task.ts openTaskByKey).
   */
  bringBack(row: PulledTask): string;
}

/** What the screen says when no engine has registered yet (the page is still starting sync). */
export const SYNC_STARTING_MESSAGE = 'Sync is starting: try again in a moment.';

let controls: ArchiveControls | null = null;

/** The engine registers itself (null when it stops). */
export function setArchiveControls(next: ArchiveControls | null): void {
  controls = next;
}

/**
 * Brings an archived task back for this session: the task key to open, or null when no engine is
 * registered (the screen then shows SYNC_STARTING_MESSAGE).
 */
export function bringBackArchivedTask(row: PulledTask): string | null {
  return controls ? controls.bringBack(row) : null;
}
