/**
 * The synced-task rows the server benchmarks insert straight into the database (bench:team-server,
 * bench:backup): every field written by one push `seq`, stamped at `createdMs`, with the columns the
 * server derives from them, exactly as a push stores them.
 */
import { deriveTaskColumns } from '@/features/sync/server/store/task-columns';

/** Words for generated descriptions. */
export const BENCH_WORDS = Array.from({ length: 200 }, (_, index) => `word${index.toString(36)}`);

export function benchTaskRow(options: {
  index: number;
  seq: number;
  ownerId: string;
  assigneeId: string;
  values: Record<string, unknown>;
  createdMs: number;
  /** When the task last changed (its derived columns read it). */
  updatedMs: number;
}) {
  const { index, seq, createdMs, updatedMs } = options;
  const hlc = `${String(createdMs).padStart(15, '0')}-000000-bench`;
  const fields = Object.fromEntries(
    Object.entries(options.values).map(([field, value]) => [field, { value, hlc, seq }]),
  ) as never;
  const uid = `task-${String(index).padStart(6, '0')}`;
  return {
    uid,
    ownerId: options.ownerId,
    assigneeId: options.assigneeId,
    fields: JSON.stringify(fields),
    life: null,
    deleted: false,
    version: seq,
    createdAt: new Date(createdMs),
    updatedAt: new Date(updatedMs),
    ...deriveTaskColumns({ uid, fields, life: null, version: seq }, updatedMs),
  };
}
