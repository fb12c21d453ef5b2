/**
 * The live stream's `projects` event (docs/product.md#projects): a project was created, changed (its
 * settings, columns, archive or people) or deleted, so every open page reads its projects list again
 * (GET /api/projects, which answers only what its person may see). Announced by the tab that syncs at
 * each event and each time its stream opens; the projects store
 * (features/projects/client/projects-store.ts) listens; passed on to this browser's other tabs as
 * the labels' are (./live-announcer.ts).
 */
import { createLiveAnnouncer } from './live-announcer';

const projects = createLiveAnnouncer('tasklane.liveProjects');

/** The projects may have changed: this tab's listeners and the other tabs' read the list again. */
export const announceProjects = projects.announce;

/** Calls `listener` at every announcement from now on (this tab's or another's); returns the unsubscribe. */
export const onProjectsChanged = projects.listen;
