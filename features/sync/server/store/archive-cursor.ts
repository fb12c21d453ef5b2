/** The cursor of the pages of older completed tasks, comments and inbox entries (by time, then uid). */

/**
 * The cursor after a row: its completion time and uid, as base64url, so that callers treat it as
 * opaque and never build one.
 */
export function formatArchiveCursor(completedAtMs: number, uid: string): string {
  return Buffer.from(`${completedAtMs}:${uid}`, 'utf8').toString('base64url');
}

/** Reads a cursor of formatArchiveCursor; null when it is not one. */
export function parseArchiveCursor(cursor: string): { completedAtMs: number; uid: string } | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return null;
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  return { completedAtMs: Number(match[1]), uid: match[2]! };
}
