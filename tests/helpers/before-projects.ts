import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/**
 * A SQLite database of the release before projects (docs/decisions/0049-projects.md): migrations up
 * to 0016 and team tasks in that release's stored shape (owner, assignee, fields; no project). The
 * integration test of the upgrade and its e2e open it with this version.
 */

export const BEFORE_PROJECTS_PEOPLE = {
  ada: { id: 'u-ada', fullName: 'Ada Admin', role: 'admin' },
  mo: { id: 'u-mo', fullName: 'Mo Member', role: 'user' },
  lee: { id: 'u-lee', fullName: 'Lee Member', role: 'user' },
} as const;

/** The tasks as the release before stored them, in the order it first stored them. */
export const BEFORE_PROJECTS_TASKS = [
  { uid: 't-mo-own', owner: 'u-mo', assignee: 'u-mo', title: 'Mo’s own', at: 1 },
  { uid: 't-mo-to-lee', owner: 'u-mo', assignee: 'u-lee', title: 'Mo gives Lee', at: 2 },
  { uid: 't-lee-own', owner: 'u-lee', assignee: 'u-lee', title: 'Lee’s own', at: 3 },
  { uid: 't-ada-to-mo', owner: 'u-ada', assignee: 'u-mo', title: 'Ada gives Mo', at: 4 },
  { uid: 't-ada-own', owner: 'u-ada', assignee: 'u-ada', title: 'Ada’s own', at: 5 },
] as const;

/** The email of a person above: `{id}@example.com`. */
export function beforeProjectsEmail(id: string): string {
  return `${id}@example.com`;
}

/** The migrations of the release before projects (0000 to 0016), copied under `workDir`. */
function migrationsBeforeProjects(workDir: string): string {
  const folder = path.join(workDir, 'migrations-before-projects');
  cpSync(path.join(process.cwd(), 'drizzle', 'sqlite'), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 16);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Writes the database to `file`. With `passwordHash`, the people's accounts too (the users table of
 * that release: no address confirmation yet); without, the caller adds them after the upgrade.
 */
export function seedBeforeProjects(file: string, workDir: string, passwordHash?: string): void {
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBeforeProjects(workDir) });
  const base = Date.UTC(2026, 10, 1);
  if (passwordHash) {
    const user = sqlite.prepare(
      `insert into users (id, full_name, email, password_hash, role, created_at, updated_at, session_version)
       values (?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    for (const person of Object.values(BEFORE_PROJECTS_PEOPLE))
      user.run(
        person.id,
        person.fullName,
        beforeProjectsEmail(person.id),
        passwordHash,
        person.role,
        base,
        base,
      );
  } else {
    sqlite.pragma('foreign_keys = OFF');
  }
  const insert = sqlite.prepare(
    `insert into sync_tasks (uid, owner_id, assignee_id, fields, life, deleted, version, created_at, updated_at, progress, board_column)
     values (?, ?, ?, ?, null, 0, 1, ?, ?, 0, 'To Do')`,
  );
  for (const task of BEFORE_PROJECTS_TASKS) {
    const hlc = `${String(base + task.at).padStart(15, '0')}-000000-old`;
    const assignee = Object.values(BEFORE_PROJECTS_PEOPLE).find((person) => person.id === task.assignee)!;
    // Every field the spec gives a task: that release's browsers always wrote them all.
    const fields = {
      title: { value: task.title, hlc, seq: 1 },
      description: { value: `Written before projects (${task.uid})`, hlc, seq: 1 },
      priority: { value: 'Medium', hlc, seq: 1 },
      deadline: { value: '2026-12-15', hlc, seq: 1 },
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
