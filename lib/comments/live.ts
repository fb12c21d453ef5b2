/**
 * Where the live stream's `comments` events (ADR 0030) and pokes meet the screens (the thread,
 * the cards' counts, the inbox). The sync engine
 * (lib/sync/client.ts) opens the stream and tells this module of each event and of the stream's
 * health; the open thread and the cards' counts subscribe here, so they load no engine code and the
 * engine knows nothing of comments. Kept apart from the engine for the same reason as
 * lib/sync/status-store.ts.
 */

type Listener = (task: string | null) => void;

const listeners = new Set<Listener>();
const pokeListeners = new Set<() => void>();
let streamUp = false;

/** A comment of `task` changed (null: any thread may have). Called by the engine for each event. */
export function announceComments(task: string | null): void {
  for (const listener of [...listeners]) listener(task);
}

/** Calls `listener` for every `comments` event from now on; returns the unsubscribe. */
export function onCommentsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stream poked: the server has a change this person may see (the inbox looks again). */
export function announcePoke(): void {
  for (const listener of [...pokeListeners]) listener();
}

/** Calls `listener` for every poke from now on; returns the unsubscribe. */
export function onPoke(listener: () => void): () => void {
  pokeListeners.add(listener);
  return () => {
    pokeListeners.delete(listener);
  };
}

/**
 * Whether this tab's live stream works. Only the tab that syncs (the leader) holds a stream: in
 * every other tab, and while the stream is down, the open thread checks for changes by itself.
 */
export function setCommentsStreamUp(up: boolean): void {
  streamUp = up;
}

export function isCommentsStreamUp(): boolean {
  return streamUp;
}
