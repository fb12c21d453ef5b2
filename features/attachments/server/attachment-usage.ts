import 'server-only';
import { count, sum } from 'drizzle-orm';
import type { SyncActor } from '@/shared/auth/actor';
import { getDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { getFileStore } from '@/server/storage';
import type { FilesUsage } from '../model/protocol';

/**
 * GET /api/admin/files: what the team's files take and the limits they are kept to, for Admin
 * Settings (docs/product.md#files-on-tasks). Deleted files still waiting for their Undo count: their
 * bytes are still stored, as MAX_FILES_TOTAL counts them.
 */
export async function filesUsage(actor: SyncActor): Promise<FilesUsage> {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only an admin can see what the files take.');
  const { db, tables } = await getDatabase();
  const [row] = await db
    .select({ files: count(), bytes: sum(tables.taskAttachments.size) })
    .from(tables.taskAttachments);
  const env = getEnv();
  return {
    files: row?.files ?? 0,
    bytes: Number(row?.bytes ?? 0),
    totalLimit: env.MAX_FILES_TOTAL ?? null,
    maxUploadSize: env.MAX_UPLOAD_SIZE,
    perTask: env.MAX_ATTACHMENTS_PER_TASK,
    storage: getFileStore().driver,
  };
}
