import 'server-only';
import { eq, isNull } from 'drizzle-orm';
import type { SyncedTask } from '@/features/sync/model/merge';
import { taskValues } from '@/features/sync/model/merge';
import { PROJECT_ID_FIELD, taskProjectId } from '@/features/projects/model/project-key';
import { taskCompletedAtMs } from '@/features/tasks/model/archive';
import { getBoardColumn } from '@/features/tasks/model/board';
import { foldSearchText } from '@/features/tasks/model/task-filter';
import { syncedTaskSchema } from '@/features/tasks/model/task-read';
import type { BoardColumn } from '@/features/tasks/model/task-types';
import { getDatabase, type DatabaseHandle, type WriteStatement } from '@/server/db';
import { logger } from '@/server/logger';

/**
 * The columns of sync_tasks derived from a task's fields, so that the dashboard's counts, the
 * archive and its search are SQL over plain columns rather than a JSON parse per row. They follow
 * the browser's reading of a synced task (features/tasks/model/task-read.ts syncedTaskSchema: a field of the wrong
 * kind reads as its default): a task the browser could not read (no title yet) has no board column
 * and is counted nowhere.
 */
export interface TaskColumns {
  /** Progress as the screens show it (a checklist's when it follows one); null when unreadable. */
  progress: number | null;
  /** When it was completed, in ms (features/tasks/model/archive.ts); null unless progress is 100. */
  completedAt: number | null;
  /** The board column (features/tasks/model/board.ts getBoardColumn); null for a deleted or unreadable task. */
  boardColumn: BoardColumn | null;
  /** Title and description folded as the task finder folds them (features/tasks/model/task-filter.ts). */
  searchText: string;
  /** The task's project: its `projectId` field, else General (features/projects/model/project-key.ts). */
  projectId: string;
}

/** The derived columns of a stored task; `updatedAtMs` (the row's time) is the completion fallback. */
export function deriveTaskColumns(task: SyncedTask, updatedAtMs: number): TaskColumns {
  const values = taskValues(task);
  const title = typeof values.title === 'string' ? values.title : '';
  const description = typeof values.description === 'string' ? values.description : '';
  const searchText = foldSearchText(`${title}\n${description}`);
  const projectId = taskProjectId(values[PROJECT_ID_FIELD]);
  const read = task.life?.deleted ? null : syncedTaskSchema.safeParse({ ...values, id: task.uid });
  if (!read?.success) return { progress: null, completedAt: null, boardColumn: null, searchText, projectId };
  return {
    progress: read.data.progress,
    completedAt: taskCompletedAtMs(read.data, updatedAtMs),
    boardColumn: getBoardColumn(read.data),
    searchText,
    projectId,
  };
}

/** Rows read and written per step of the start-up pass. */
const FILL_CHUNK = 500;

/**
 * Derives the columns of every row stored before they existed (search_text still null), in steps
 * of FILL_CHUNK rows; pushes keep them from then on. Safe to run at every start and to interrupt: a
 * filled row is never read again. Returns how many rows it filled.
 */
export async function fillTaskColumns(handle?: DatabaseHandle): Promise<number> {
  const database = handle ?? (await getDatabase());
  const { syncTasks } = database.tables;
  let filled = 0;
  for (;;) {
    const step = await database.exclusive(async (db) => {
      const rows = await db
        .select({
          uid: syncTasks.uid,
          fields: syncTasks.fields,
          life: syncTasks.life,
          version: syncTasks.version,
          updatedAt: syncTasks.updatedAt,
        })
        .from(syncTasks)
        .where(isNull(syncTasks.searchText))
        .limit(FILL_CHUNK);
      const statements: WriteStatement[] = rows.map((row) => {
        const task: SyncedTask = {
          uid: row.uid,
          fields: JSON.parse(row.fields) as SyncedTask['fields'],
          life: row.life === null ? null : (JSON.parse(row.life) as SyncedTask['life']),
          version: row.version,
        };
        return db
          .update(syncTasks)
          .set(deriveTaskColumns(task, row.updatedAt.getTime()))
          .where(eq(syncTasks.uid, row.uid));
      });
      await database.writeAll(statements);
      return rows.length;
    }, 'sync');
    filled += step;
    if (step < FILL_CHUNK) break;
  }
  if (filled > 0) logger.info(`Team sync: derived the archive and count columns of ${filled} stored tasks`);
  return filled;
}
