/**
 * The upgrade to projects (docs/decisions/0049-projects.md) seen in the browser: a database of the
 * release before projects (tests/helpers/before-projects.ts: migrations to 0016, its team tasks in
 * that release's stored shape, its accounts) is opened by this version's production server, which
 * migrates it at start. Nothing anyone sees changes: each member's board holds exactly their own and
 * their assigned tasks, as before, now numbered GEN-1… in stored order; the admin sees every task;
 * the sidebar lists General alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import {
  BEFORE_PROJECTS_PEOPLE,
  BEFORE_PROJECTS_TASKS,
  beforeProjectsEmail,
  seedBeforeProjects,
} from '@/tests/helpers/before-projects';
import { expect, test } from './fixtures';
import { freePort, startAppServer, type AppProcess } from './process-helpers';
import { E2E_PASSWORD } from './session-helpers';
import { boardColumn, logInAgain, openDeviceAt, type Account } from './team-sync-helpers';

let server: AppProcess;

type Person = keyof typeof BEFORE_PROJECTS_PEOPLE;

async function accountOf(person: Person): Promise<Account> {
  const { id, fullName, role } = BEFORE_PROJECTS_PEOPLE[person];
  return logInAgain(server.base, { fullName, email: beforeProjectsEmail(id), role, token: '' });
}

/** `GEN-{n}`: the tasks are numbered in the order the release before stored them. */
function keyOf(title: string): string {
  return `GEN-${BEFORE_PROJECTS_TASKS.findIndex((task) => task.title === title) + 1}`;
}

test.describe('@one-width the upgrade to projects', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tasklane-e2e-before-projects-'));
    seedBeforeProjects(path.join(dataDir, 'tasklane.db'), dataDir, bcrypt.hashSync(E2E_PASSWORD, 4));
    server = await startAppServer({ TEAM_SYNC: 'on' }, { port: await freePort(), dataDir });
  });

  test.afterAll(async () => {
    await server.stop();
  });

  const boards: [Person, string[]][] = [
    ['mo', ['Mo’s own', 'Mo gives Lee', 'Ada gives Mo']],
    ['lee', ['Mo gives Lee', 'Lee’s own']],
  ];
  for (const [person, titles] of boards) {
    test(`${BEFORE_PROJECTS_PEOPLE[person].fullName} sees exactly the tasks of before, with their keys`, async ({
      browser,
    }) => {
      const { page, context } = await openDeviceAt(server.base, browser, await accountOf(person));
      await page.goto('/user/dashboard');
      const todo = boardColumn(page, 'To Do');
      for (const title of titles) {
        const card = todo.locator('li').filter({ hasText: title });
        await expect(card.getByText(keyOf(title), { exact: true })).toBeVisible({ timeout: 15_000 });
      }
      for (const task of BEFORE_PROJECTS_TASKS.filter((item) => !titles.includes(item.title)))
        await expect(page.getByText(task.title, { exact: true })).toHaveCount(0);
      await expect(todo.getByRole('heading', { level: 3 })).toHaveCount(titles.length);
      // Projects: General alone, and nothing else changed on the board.
      const projects = page.getByRole('navigation', { name: 'Projects' });
      await expect(projects.getByRole('link')).toHaveText([/GEN\s*General/]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
      await context.close();
    });
  }

  test('the admin sees every task of before in Manage Tasks', async ({ browser }) => {
    const { page, context } = await openDeviceAt(server.base, browser, await accountOf('ada'));
    await page.goto('/admin/manage-tasks');
    for (const task of BEFORE_PROJECTS_TASKS)
      await expect(page.getByRole('rowheader', { name: new RegExp(task.title) })).toBeVisible({
        timeout: 15_000,
      });
    await context.close();
  });
});
