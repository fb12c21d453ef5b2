/**
 * What the server benchmarks insert straight into the database (bench:team-server, bench:history,
 * bench:backup): people, and synced-task rows with every field written by one push `seq`, stamped at
 * `createdMs`, with the columns the server derives from them, exactly as a push stores them. Imported
 * once the benchmark has set its environment (the database it opens).
 */
import { randomUUID } from 'node:crypto';
import { POST as login } from '@/app/api/auth/login/route';
import { deriveTaskColumns } from '@/features/sync/server/store/task-columns';
import { getDatabase } from '@/server/db';
import { hashPassword } from '@/server/password';

/** The password of every benchmark account. */
const BENCH_PASSWORD = 'bench-password';

/** Stores `people` as accounts at `now`, and signs in `people[signIn]` (the first by default): its session token. */
export async function seedBenchPeople(
  people: readonly { id: string; fullName: string; email: string; role: 'user' | 'admin' }[],
  now: Date,
  signIn = 0,
): Promise<string> {
  const { db, tables } = await getDatabase();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db
    .insert(tables.users)
    .values(
      people.map((user) => ({ ...user, passwordHash, createdAt: now, updatedAt: now, sessionVersion: 0 })),
    );
  const response = await login(
    new Request('http://bench.local/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: people[signIn]!.email, password: BENCH_PASSWORD }),
    }),
    {} as never,
  );
  return ((await response.json()) as { token: string }).token;
}

/** The benchmarks' six accounts: an admin, then five members. */
export function benchPeople() {
  return Array.from({ length: 6 }, (_, index) => ({
    id: randomUUID(),
    fullName: index === 0 ? 'Bench Admin' : `Member ${index}`,
    email: `bench${index}@example.com`,
    role: index === 0 ? ('admin' as const) : ('user' as const),
  }));
}

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

/** A description of 22 words drawn by `next` (a seeded random number in [0, 1)). */
export function benchDescription(next: () => number): string {
  return Array.from({ length: 22 }, () => BENCH_WORDS[Math.floor(next() * BENCH_WORDS.length)]).join(' ');
}

/**
 * The row of generated task `index`, pushed by push `seq`: owned by `owner`, assigned to `assignee`,
 * completed at `completedMs` (null: open), and its fields as the app writes them.
 */
export function benchTask(options: {
  index: number;
  seq: number;
  description: string;
  progress: number;
  owner: { id: string; email: string };
  assignee: { id: string; fullName: string };
  createdMs: number;
  completedMs: number | null;
  /** More fields (a project and its number). */
  extra?: Record<string, unknown>;
}) {
  const { index, createdMs, completedMs, owner, assignee } = options;
  const updatedMs = completedMs ?? createdMs;
  const values = {
    title: `Task ${index}`,
    description: options.description,
    priority: ['High', 'Medium', 'Low'][index % 3],
    deadline: '2026-12-31',
    progress: options.progress,
    assignedTo: assignee.fullName,
    assigneeId: assignee.id,
    email: owner.email,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(updatedMs).toISOString(),
    ...(completedMs === null
      ? {}
      : { completedAt: new Date(completedMs).toISOString(), status: 'Completed' }),
    ...options.extra,
  };
  const row = benchTaskRow({
    index,
    seq: options.seq,
    ownerId: owner.id,
    assigneeId: assignee.id,
    values,
    createdMs,
    updatedMs,
  });
  return { row, values };
}
