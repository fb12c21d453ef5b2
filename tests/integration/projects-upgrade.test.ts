import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { numberStoredTasks } from '@/features/sync/server/task-numbers';
import { getDatabase } from '@/server/db';
import { hashPassword } from '@/server/password';
import { loginAs } from '@/tests/helpers/factories';
import { pullAll } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

/**
 * The upgrade to projects (docs/decisions/0049-projects.md), on SQLite: a database of the release
 * before projects (migrations up to 0016, its tasks in their stored shape) is opened by this version,
 * which migrates it and numbers its tasks. Nothing anyone sees changes: each member pulls exactly
 * their own and their assigned tasks, the admin every task, and the tasks are GEN-1… in the order
 * the server first stored them.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-upgrade-'));
const file = path.join(dir, 'before-projects.db');
const PASSWORD = 'upgrade-password-1';

/** The migrations of the release before projects: 0000 to 0016. */
function migrationsBeforeProjects(): string {
  const folder = path.join(dir, 'migrations');
  cpSync(path.join(process.cwd(), 'drizzle', 'sqlite'), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 16);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const people = {
  ada: { id: 'u-ada', fullName: 'Ada Admin', role: 'admin' },
  mo: { id: 'u-mo', fullName: 'Mo Member', role: 'user' },
  lee: { id: 'u-lee', fullName: 'Lee Member', role: 'user' },
} as const;

/** The tasks as the release before stored them: owner, assignee, fields; no project. */
const tasks = [
  { uid: 't-mo-own', owner: 'u-mo', assignee: 'u-mo', title: 'Mo’s own', at: 1 },
  { uid: 't-mo-to-lee', owner: 'u-mo', assignee: 'u-lee', title: 'Mo gives Lee', at: 2 },
  { uid: 't-lee-own', owner: 'u-lee', assignee: 'u-lee', title: 'Lee’s own', at: 3 },
  { uid: 't-ada-to-mo', owner: 'u-ada', assignee: 'u-mo', title: 'Ada gives Mo', at: 4 },
  { uid: 't-ada-own', owner: 'u-ada', assignee: 'u-ada', title: 'Ada’s own', at: 5 },
];

function seedBeforeProjects(): void {
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBeforeProjects() });
  // The accounts are written after the upgrade (the users table is the same in both releases).
  sqlite.pragma('foreign_keys = OFF');
  const insert = sqlite.prepare(
    `insert into sync_tasks (uid, owner_id, assignee_id, fields, life, deleted, version, created_at, updated_at, progress, board_column)
     values (?, ?, ?, ?, null, 0, 1, ?, ?, 0, 'To Do')`,
  );
  const base = Date.UTC(2026, 10, 1);
  for (const task of tasks) {
    const hlc = `${String(base + task.at).padStart(15, '0')}-000000-old`;
    const assignee = Object.values(people).find((person) => person.id === task.assignee)!;
    const fields = {
      title: { value: task.title, hlc, seq: 1 },
      assignedTo: { value: assignee.fullName, hlc, seq: 1 },
      assigneeId: { value: assignee.id, hlc, seq: 1 },
      progress: { value: 0, hlc, seq: 1 },
    };
    insert.run(task.uid, task.owner, task.assignee, JSON.stringify(fields), base + task.at, base + task.at);
  }
  sqlite
    .prepare(`insert into sync_state (id, last_seq, gc_floor_seq, assignees_bound) values (1, 1, 0, 1)`)
    .run();
  sqlite.close();
}

afterAll(async () => {
  await applyTestEnv();
  rmSync(dir, { recursive: true, force: true });
});

describe('the upgrade to projects', () => {
  it('changes nothing anyone sees, and numbers the tasks GEN-1… in stored order', async () => {
    seedBeforeProjects();
    await applyTestEnv({ TEAM_SYNC: 'on', DATABASE_URL: `file:${file}` });
    // Opening the database applies 0017 and 0018; the start-up pass numbers the tasks.
    const { db, tables } = await getDatabase();
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date();
    for (const person of Object.values(people)) {
      await db.insert(tables.users).values({
        ...person,
        email: `${person.id}@example.com`,
        passwordHash,
        createdAt: now,
        updatedAt: now,
        sessionVersion: 0,
      });
    }
    expect(await numberStoredTasks()).toBe(tasks.length);

    const seen = async (id: string) => {
      const { changes } = await pullAll(await loginAs(`${id}@example.com`, PASSWORD));
      return Object.fromEntries(changes.map((task) => [task.uid, task.data.number]));
    };
    expect(await seen('u-mo')).toEqual({ 't-mo-own': 1, 't-mo-to-lee': 2, 't-ada-to-mo': 4 });
    expect(await seen('u-lee')).toEqual({ 't-mo-to-lee': 2, 't-lee-own': 3 });
    expect(await seen('u-ada')).toEqual({
      't-mo-own': 1,
      't-mo-to-lee': 2,
      't-lee-own': 3,
      't-ada-to-mo': 4,
      't-ada-own': 5,
    });
    const [general] = await db.select().from(tables.projects);
    expect(general).toMatchObject({ id: 'general', key: 'GEN', teamRole: 'assigned', nextNumber: 6 });
  });
});
