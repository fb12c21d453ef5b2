/**
 * Where the live stream's `comments` events (ADR 0030) and pokes meet the screens (the thread,
 * the cards' counts, the inbox). The sync engine
 * (features/sync/client/client.ts) opens the stream and tells this module of each event and of the stream's
 * health; the open thread and the cards' counts subscribe here, so they load no engine code and the
 * engine knows nothing of comments. Kept apart from the engine for the same reason as
 * features/sync/client/status-store.ts.
 */

type Listener = (task: string | null) => void;

const listeners = new Set<Listener>();
const pokeListeners = new Set<() => void>();
let streamUp = false;

/**
 * Only the tab that syncs holds the stream; it passes each event on to this browser's other tabs
 * (same origin), so an open thread or the bell there follows at once rather than at its next poll.
 */
const CHANNEL = 'tasklane.live';
type Relayed = { type: 'comments'; task: string | null } | { type: 'poke' };
let channel: BroadcastChannel | null = null;

function tellComments(task: string | null): void {
  for (const listener of [...listeners]) listener(task);
}

function tellPoke(): void {
  for (const listener of [...pokeListeners]) listener();
}

/** Opened once a listener (or the stream) needs it, then kept for the page's life. */
function openChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<Relayed>) => {
      const message = event.data;
      if (message?.type === 'comments') tellComments(typeof message.task === 'string' ? message.task : null);
      else if (message?.type === 'poke') tellPoke();
    };
  }
  return channel;
}

function relay(message: Relayed): void {
  try {
    openChannel()?.postMessage(message);
  } catch {
    // The page is going away: the other tabs poll.
  }
}

/** A comment of `task` changed (null: any thread may have). Called by the engine for each event. */
export function announceComments(task: string | null): void {
  tellComments(task);
  relay({ type: 'comments', task });
}

/** Calls `listener` for every `comments` event from now on (this tab's or another's); returns the unsubscribe. */
export function onCommentsChanged(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stream poked: the server has a change this person may see (the inbox looks again). */
export function announcePoke(): void {
  tellPoke();
  relay({ type: 'poke' });
}

/** Calls `listener` for every poke from now on (this tab's or another's); returns the unsubscribe. */
export function onPoke(listener: () => void): () => void {
  openChannel();
  pokeListeners.add(listener);
  return () => {
    pokeListeners.delete(listener);
  };
}

/**
 * Whether this tab's live stream works. Only the tab that syncs (the leader) holds a stream: in
 * every other tab, and while the stream is down, the open thread also checks for changes by itself
 * (the relayed events may stop when the leader's tab closes, until another tab takes over).
 */
export function setCommentsStreamUp(up: boolean): void {
  streamUp = up;
}

export function isCommentsStreamUp(): boolean {
  return streamUp;
}
