/** Who acts, as every access rule sees them: an account's id and its role. */

export type SyncRole = 'user' | 'admin';

export interface SyncActor {
  id: string;
  role: SyncRole;
}
