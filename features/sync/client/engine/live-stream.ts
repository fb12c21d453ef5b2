/**
 * The live "pull now" stream of the tab that syncs (docs/decisions/0013-team-sync.md, "One tab does
 * the network work"), and the polling pace it sets: each poke makes a pull within 150 ms; while the
 * stream delivers, polling drops to once a minute; when it goes down, polling returns to every 4 s
 * (30 s hidden). Its `comments` events and health go on to shared/realtime/live-comments.ts, its `labels` events
 * (and each opening) to shared/realtime/live-labels.ts, its `projects` events (and each opening) to
 * shared/realtime/live-projects.ts.
 */
import { announceComments, announcePoke, setCommentsStreamUp } from '@/shared/realtime/live-comments';
import { announceLabels } from '@/shared/realtime/live-labels';
import { announceProjects } from '@/shared/realtime/live-projects';
import type { SyncEnvironment } from './ports';
import type { SyncLoop } from './sync-loop';

const POLL_VISIBLE_MS = 4_000;
const POLL_HIDDEN_MS = 30_000;
/** While the live stream works, polling is only a safety net. */
const POLL_WITH_STREAM_MS = 60_000;
/** Pokes arriving close together (a burst of pushes) make one pull. */
const POKE_DEBOUNCE_MS = 150;

export interface LiveStream {
  /** Opens the stream, where the environment has one (this tab now syncs). */
  open(): void;
  /** Closes it, and tells the comments it is down. */
  close(): void;
  /** How long until the next poll after a cycle that succeeded. */
  pollMs(): number;
}

export function createLiveStream(ports: {
  env: Pick<SyncEnvironment, 'openStream' | 'isVisible'>;
  getToken: () => string | null;
  loop: Pick<SyncLoop, 'kick' | 'schedule' | 'isRunning' | 'failures'>;
}): LiveStream {
  const { env, getToken, loop } = ports;
  let closeStream: (() => void) | null = null;
  /** The live stream is delivering pokes: polling can slow down. */
  let streamUp = false;

  function pollMs(): number {
    if (streamUp) return POLL_WITH_STREAM_MS;
    return env.isVisible() ? POLL_VISIBLE_MS : POLL_HIDDEN_MS;
  }

  function open(): void {
    closeStream =
      env.openStream?.({
        getToken,
        onPoke: () => {
          loop.kick(POKE_DEBOUNCE_MS);
          announcePoke();
        },
        onComments: announceComments,
        onLabels: announceLabels,
        onProjects: announceProjects,
        onHealth: (up) => {
          const wasUp = streamUp;
          streamUp = up;
          setCommentsStreamUp(up);
          // The next poll was set a minute away while the stream was up: bring it back to the
          // pace without one (pokes may be missed from now on). A cycle running or failing sets its own.
          if (wasUp && !up && !loop.isRunning() && loop.failures() === 0) loop.schedule(pollMs());
        },
      }) ?? null;
  }

  return {
    open,
    close() {
      closeStream?.();
      setCommentsStreamUp(false);
    },
    pollMs,
  };
}
