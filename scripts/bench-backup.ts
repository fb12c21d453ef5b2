/**
 * `npm run bench:backup [-- --tasks 50000 --only sqlite|postgres]`: backup and restore of a team's
 * worth of synced tasks (docs/decisions/0035-backup-format.md), on a throw-away SQLite file and,
 * when TEST_DATABASE_URL is set, a throw-away PostgreSQL database (dropped afterwards). Seeds
 * `tasks` tasks as pushes store them (fields JSON with 11 fields and a 22-word description, derived
 * columns) with one change row each, then reports for each database:
 *   - the backup in this process: time, file size, resident memory before and at its peak;
 *   - the backup by the real command (`scripts/cli/backup.ts`, a process of its own, its start-up
 *     included), while this process makes small writes (one every 20 ms) through a connection of
 *     its own as the running app would: their latency meanwhile;
 *   - restores of the file into an empty database of each dialect: time, memory before and peak.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { adminQuery, arg, benchEnvironment, percentile } from './bench-databases';

const TASKS = Number(arg('--tasks')) || 50_000;
const only = arg('--only');
const dir = benchEnvironment('backup', { teamSync: false });

const DAY_MS = 24 * 60 * 60_000;
const TASKS_PER_PUSH = 50;

/** Runs `work`, sampling the resident memory every 25 ms: its duration and the peak seen. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; beforeMb: number; peakMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const start = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return { result, seconds: (performance.now() - start) / 1000, beforeMb: mb(before), peakMb: mb(peak) };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `npm run backup -- file` as package.json does, against `config`'s database. */
function runCommand(command: 'backup', file: string, config: Target['config']): Promise<void> {
  const url = config.dialect === 'sqlite' ? config.file : config.url;
  return new Promise((resolve, reject) => {
    execFile(
      path.join('node_modules', '.bin', 'tsx'),
      ['--conditions=react-server', path.join('scripts', 'cli', `${command}.ts`), file],
      { env: { ...process.env, DATABASE_URL: url } },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve()),
    );
  });
}

interface Target {
  name: 'SQLite' | 'PostgreSQL';
  config: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  drop(): Promise<void>;
}

let created = 0;
async function emptyTarget(name: Target['name']): Promise<Target> {
  created += 1;
  if (name === 'SQLite') {
    const file = path.join(dir, `bench-${created}.db`);
    return { name, config: { dialect: 'sqlite', file }, drop: async () => undefined };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const database = `tasklane_bench_backup_${process.pid}_${created}`;
  const admin = (query: string) => adminQuery(base, query);
  await admin(`create database "${database}"`);
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    name,
    config: { dialect: 'postgres', url: url.toString() },
    drop: () => admin(`drop database if exists "${database}" with (force)`),
  };
}

async function main(): Promise<void> {
  const { openDatabase } = await import('@/server/db');
  const { writeBackupFile } = await import('@/server/backup/write');
  const { openBackup, restoreBackup } = await import('@/server/backup/restore');
  const { benchDescription, benchTask } = await import('./bench-task-rows');

  const names: Target['name'][] = [];
  if (only !== 'postgres') names.push('SQLite');
  if (only !== 'sqlite' && process.env.TEST_DATABASE_URL) names.push('PostgreSQL');
  const targets: Target[] = [];
  console.log(
    `Backup and restore with ${TASKS.toLocaleString('en-US')} synced tasks, Node ${process.version}`,
  );
  console.log(
    '| from | to | step | time s | file MB | RSS before → peak MB | app writes meanwhile p50 / p99 / max ms |',
  );
  console.log('| --- | --- | --- | ---: | ---: | ---: | --- |');
  try {
    for (const name of names) {
      const source = await emptyTarget(name);
      targets.push(source);
      const handle = await openDatabase(source.config);
      await seed(handle);

      const file = path.join(dir, `${name}.tlbak`);
      const backup = await measured(() => writeBackupFile(handle, file));
      await handle.close();
      const megabytes = statSync(file).size / 1024 / 1024;
      console.log(
        `| ${name} | file | backup in this process | ${backup.seconds.toFixed(1)} | ${megabytes.toFixed(1)} | ${backup.beforeMb.toFixed(0)} → ${backup.peakMb.toFixed(0)} | |`,
      );

      // The real command beside "the app": this process writing through a connection of its own.
      const app = await openDatabase(source.config);
      const latencies: number[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const start = performance.now();
          await app.db.insert(app.tables.contactMessages).values({
            id: randomUUID(),
            name: 'Bench',
            email: 'bench@example.com',
            message: 'A write while the backup runs.',
            createdAt: new Date(),
          });
          latencies.push(performance.now() - start);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      await runCommand('backup', path.join(dir, `${name}-command.tlbak`), source.config);
      const commandSeconds = (performance.now() - started) / 1000;
      writing = false;
      await writer;
      await app.close();
      console.log(
        `| ${name} | file | backup command (start-up included) | ${commandSeconds.toFixed(1)} | | | ${percentile(latencies, 0.5).toFixed(1)} / ${percentile(latencies, 0.99).toFixed(1)} / ${Math.max(...latencies).toFixed(1)} (${latencies.length} writes) |`,
      );

      for (const into of names) {
        const target = await emptyTarget(into);
        targets.push(target);
        const restore = await measured(async () => {
          const database = await openDatabase(target.config);
          try {
            return await restoreBackup(database, await openBackup(createReadStream(file), database.dialect));
          } finally {
            await database.close();
          }
        });
        if (restore.result.sync_tasks !== TASKS)
          throw new Error(`restored ${restore.result.sync_tasks} tasks`);
        console.log(
          `| ${name} | ${into} | restore in this process | ${restore.seconds.toFixed(1)} | | ${restore.beforeMb.toFixed(0)} → ${restore.peakMb.toFixed(0)} | |`,
        );
      }
    }
  } finally {
    for (const target of targets) await target.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }

  /** Users, then TASKS tasks as pushes of TASKS_PER_PUSH stored them, with a change row each. */
  async function seed(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
    const { db, tables } = handle;
    const now = Date.now();
    const users = Array.from({ length: 20 }, (_, index) => ({
      id: randomUUID(),
      fullName: `Member ${index}`,
      email: `member${index}@example.com`,
      passwordHash: '$2b$12$abcdefghijklmnopqrstuuJ3a0h7Vb1mXlC0b3Yx8n9bq4uCZp1dW',
      role: index === 0 ? ('admin' as const) : ('user' as const),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      sessionVersion: 0,
    }));
    await db.insert(tables.users).values(users);
    let state = 1;
    const next = () => (state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
    for (let from = 0; from < TASKS; from += 500) {
      const tasks = [];
      const changes = [];
      for (let index = from; index < Math.min(TASKS, from + 500); index++) {
        const seq = Math.floor(index / TASKS_PER_PUSH) + 1;
        const open = next() < 0.2;
        const createdMs = now - 400 * DAY_MS + index * 1000;
        const owner = users[index % users.length]!;
        const assignee = users[(index + 1) % users.length]!;
        const { row, values } = benchTask({
          index,
          seq,
          description: benchDescription(next),
          progress: open ? Math.floor(next() * 100) : 100,
          owner,
          assignee,
          createdMs,
          completedMs: open ? null : createdMs,
        });
        const { uid } = row;
        tasks.push(row);
        changes.push({
          id: randomUUID(),
          seq,
          taskUid: uid,
          userId: owner.id,
          clientId: `device-${owner.id}`,
          opId: `op-${index}`,
          kind: 'upsert' as const,
          outcome: 'applied' as const,
          payload: JSON.stringify({ kind: 'upsert', uid, fields: values }),
          createdAt: new Date(createdMs),
        });
      }
      await db.insert(tables.syncTasks).values(tasks);
      await db.insert(tables.syncChanges).values(changes);
    }
    await db
      .insert(tables.syncState)
      .values({ id: 1, lastSeq: Math.ceil(TASKS / TASKS_PER_PUSH), gcFloorSeq: 0, assigneesBound: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
