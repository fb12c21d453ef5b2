/**
 * The live stream's `labels` event (docs/product.md#labels): an admin changed the team's label set,
 * so every open page reads it again. The tab that syncs holds the stream and announces each event
 * here (and when its stream opens, since an event may have been missed while it was closed); the
 * label hook (features/tasks/ui/use-labels.ts) listens. Each announcement is passed on to this
 * browser's other tabs too (./live-announcer.ts), so a tab whose leader shows no labels still
 * refreshes its own.
 */
import { createLiveAnnouncer } from './live-announcer';

const labels = createLiveAnnouncer('tasklane.liveLabels');

/** The label set may have changed: this tab's listeners and the other tabs' read it again. */
export const announceLabels = labels.announce;

/** Calls `listener` at every announcement from now on (this tab's or another's); returns the unsubscribe. */
export const onLabelsChanged = labels.listen;
