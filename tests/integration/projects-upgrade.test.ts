import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { numberStoredTasks } from '@/features/sync/server/task-numbers';
import { getDatabase } from '@/server/db';
import { hashPassword } from '@/server/password';
import { loginAs } from '@/tests/helpers/factories';
import {
  BEFORE_PROJECTS_PEOPLE,
  BEFORE_PROJECTS_TASKS,
  beforeProjectsEmail,
  seedBeforeProjects,
} from '@/tests/helpers/before-projects';
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
const people = BEFORE_PROJECTS_PEOPLE;
const tasks = BEFORE_PROJECTS_TASKS;

afterAll(async () => {
  await applyTestEnv();
  rmSync(dir, { recursive: true, force: true });
});

describe('the upgrade to projects', () => {
  it('changes nothing anyone sees, and numbers the tasks GEN-1… in stored order', async () => {
    seedBeforeProjects(file, dir);
    await applyTestEnv({ TEAM_SYNC: 'on', DATABASE_URL: `file:${file}` });
    // Opening the database applies 0017 and 0018; the start-up pass numbers the tasks.
    const { db, tables } = await getDatabase();
    const passwordHash = await hashPassword(PASSWORD);
    const now = new Date();
    for (const person of Object.values(people)) {
      await db.insert(tables.users).values({
        ...person,
        email: beforeProjectsEmail(person.id),
        passwordHash,
        createdAt: now,
        updatedAt: now,
        sessionVersion: 0,
      });
    }
    expect(await numberStoredTasks()).toBe(tasks.length);

    const seen = async (id: string) => {
      const { changes } = await pullAll(await loginAs(beforeProjectsEmail(id), PASSWORD));
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
