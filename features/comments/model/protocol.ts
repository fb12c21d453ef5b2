/**
 * The wire format of /api/sync/comments (docs/product.md#comments-endpoints). Types only, so the
 * browser can import it for nothing.
 */

/** A person as a comment names them: the author or someone mentioned. */
export interface CommentPerson {
  id: string;
  /** Their current full name, or `Former member` once the account is deleted. */
  name: string;
}

export interface TaskComment {
  id: string;
  /** The synced task's uid. */
  task: string;
  /** null once the author's account is deleted. */
  authorId: string | null;
  authorName: string;
  /** The text as written (trimmed); '' once deleted. Plain text: the browser escapes it. */
  body: string;
  mentions: CommentPerson[];
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null until edited. */
  editedAt: string | null;
  /** ISO 8601; null unless deleted (the thread shows `Comment deleted` in its place). */
  deletedAt: string | null;
}

/** GET /api/sync/comments?task=… : a page of the thread, or what changed since a poll. */
export interface CommentsPage {
  comments: TaskComment[];
  /** `after` for the thread's next page; null on the last page (and always with `since`). */
  next: string | null;
  /** `since` for the next check of this thread for changes. */
  since: string;
  /** With `since`: more changes wait (ask again with the `since` answered). */
  more: boolean;
  /**
   * On the thread's first page only: the ids of the people who may see the task (owner, assignee,
   * admins), the only ones a comment may mention. Absent from older servers' answers.
   */
  readers?: string[];
}

/** GET /api/sync/comments/counts: comments (not deleted) per task the caller sees, tasks with none left out. */
export interface CommentCounts {
  counts: Record<string, number>;
}
