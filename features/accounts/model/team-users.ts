/**
 * GET /api/sync/users: who a task can be assigned to. Names and ids only (no email, no role), since
 * every member may call it; `name` is what a task's `assignedTo` holds.
 */
export interface SyncUser {
  id: string;
  name: string;
  /**
   * When the account was made (ISO 8601), sent only for a person whose name looks like someone else's
   * (docs/product.md#assignees): the picker shows it so that the two can be told apart. Older
   * browsers ignore it.
   */
  joinedAt?: string;
}

export interface SyncUsersResponse {
  users: SyncUser[];
}
