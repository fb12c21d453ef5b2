/**
 * A live announcement that carries nothing but "read it again" (the stream's `labels` and `projects`
 * events): the tab that syncs holds the stream and announces each event (and each time its stream
 * opens, since an event may have been missed while it was closed); the screens listen. Each
 * announcement is passed on to this browser's other tabs over a BroadcastChannel of its own, so a tab
 * that holds no stream still refreshes what it shows. One announcer per channel name, per page.
 */

export interface LiveAnnouncer {
  /** Tells this tab's listeners, and the other tabs' through the channel. */
  announce: () => void;
  /** Calls `listener` at every announcement from now on (this tab's or another's); returns the unsubscribe. */
  listen: (listener: () => void) => () => void;
}

export function createLiveAnnouncer(channelName: string): LiveAnnouncer {
  const listeners = new Set<() => void>();
  let channel: BroadcastChannel | null = null;

  function tell(): void {
    for (const listener of [...listeners]) listener();
  }

  /** Opened once a listener (or the stream) needs it, then kept for the page's life. */
  function openChannel(): BroadcastChannel | null {
    if (channel === null && typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(channelName);
      // What a message holds does not matter: every one means "read it again".
      channel.onmessage = () => tell();
    }
    return channel;
  }

  return {
    announce() {
      tell();
      try {
        openChannel()?.postMessage(channelName);
      } catch {
        // The page is going away: the other tabs read it again when they regain focus.
      }
    },
    listen(listener) {
      openChannel();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
