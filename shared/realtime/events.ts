/** The live stream's event names and data (server/realtime writes them, the browser's stream reads them). */

/** The live stream's event for comments: `event: comments`, `data: {"task":"<uid>"}`. */
export const COMMENTS_EVENT = 'comments';

/** Its data; `task: null`: any thread may have changed (the server may have missed some). */
export interface CommentsEventData {
  task: string | null;
}

/** The event's name on the wire: `event: labels` `data: {}`. */
export const LABELS_EVENT = 'labels';

/**
 * The event's name on the wire: `event: projects` `data: {}`: a project changed (its settings,
 * columns, archive or people), or one was deleted; the browser reads GET /api/projects again.
 */
export const PROJECTS_EVENT = 'projects';
