/**
 * The live stream's `labels` event (docs/product.md#labels): an admin changed the team's label set,
 * so every open page reads it again. The tab that syncs holds the stream and announces each event
 * here (and when its stream opens, since an event may have been missed while it was closed); the
 * label hook (features/tasks/ui/use-labels.ts) listens. Each announcement is passed on to this
 * browser's other tabs too, so a tab whose leader shows no labels still refreshes its own.
 */

const CHANNEL = 'tasklane.liveLabels';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function tell(): void {
  for (const listener of [...listeners]) listener();
}

/** Opened once a listener (or the stream) needs it, then kept for the page's life. */
function openChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => tell();
  }
  return channel;
}

/** The label set may have changed: this tab's listeners and the other tabs' read it again. */
export function announceLabels(): void {
  tell();
  try {
    openChannel()?.postMessage('labels');
  } catch {
    // The page is going away: the other tabs read the set when they regain focus.
  }
}

/** Calls `listener` at every announcement from now on (this tab's or another's); returns the unsubscribe. */
export function onLabelsChanged(listener: () => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
