/**
 * Team sync under a crash (docs/product.md#team-sync): the production server is killed with SIGKILL
 * right after it committed a browser's push and before the browser got the answer, then restarted on
 * the same database. The browser retries the same operations; the server must apply each exactly
 * once, and nothing the browser held may be lost.
 */
import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { readTeamTasks } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { registerViaApi, signIn } from './session-helpers';

test.describe.configure({ mode: 'serial' });

const ENV = { TEAM_SYNC: 'on' };
let server: AppProcess;

test.afterAll(async () => {
  await server?.stop();
});

test('@one-width a push whose server is killed after commit is retried and applied exactly once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  server = await startAppServer(ENV);
  const api = await request.newContext({ baseURL: server.base });
  const token = await registerViaApi(api, { fullName: 'Kim Crash', email: 'kim@example.com' });
  await api.dispose();

  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await signIn(page, { token, email: 'kim@example.com', name: 'Kim Crash' });
  await page.goto('/user/userpage');
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toHaveText('Synced');

  // The first push goes through to the server, which commits it; then the server dies before the
  // browser hears back.
  let crashed = false;
  let restart: Promise<void> | undefined;
  const opIds = (body: string | null) =>
    (JSON.parse(body ?? '{}') as { ops?: { opId: string }[] }).ops?.map((op) => op.opId) ?? [];
  let lostAnswer: string[] = [];
  const resent: string[] = [];
  await page.route('**/api/sync/push', async (route) => {
    if (crashed) {
      resent.push(...opIds(route.request().postData()));
      return route.continue();
    }
    crashed = true;
    lostAnswer = opIds(route.request().postData());
    await route.fetch();
    await server.kill();
    restart = startAppServer(ENV, { port: server.port, dataDir: server.dataDir }).then((next) => {
      server = next;
    });
    await route.abort('connectionreset');
  });

  const form = page.getByRole('form', { name: 'Create a New Task' });
  for (const title of ['Crash one', 'Crash two', 'Crash three']) {
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Survives a crash');
    await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill('2099-01-01');
    await form.getByRole('button', { name: 'Add Task' }).click();
  }
  await expect.poll(() => crashed).toBe(true);
  await expect(status).toContainText(/Sync failed|Syncing|Offline/);
  await restart;
  await expect(status).toHaveText('Synced', { timeout: 45_000 });
  // The operations whose answer was lost were sent again, under the same ids.
  expect(lostAnswer.length).toBeGreaterThan(0);
  expect(resent).toEqual(expect.arrayContaining(lostAnswer));

  // Nothing lost in the browser: three tasks, each with its sync identity.
  const local = (await readTeamTasks(page)) ?? [];
  expect(local.map((task) => task.title).sort()).toEqual(['Crash one', 'Crash three', 'Crash two']);
  expect(new Set(local.map((task) => task.uid)).size).toBe(3);

  // Exactly once on the server: one task row and one creating change per task, no operation twice.
  const db = new BetterSqlite3(path.join(server.dataDir, 'tasklane.db'), { readonly: true });
  try {
    const tasks = db.prepare('select uid from sync_tasks').all() as { uid: string }[];
    expect(tasks.map((row) => row.uid).sort()).toEqual(local.map((task) => task.uid).sort());
    const duplicates = db
      .prepare(
        'select client_id, op_id, count(*) as n from sync_changes group by client_id, op_id having n > 1',
      )
      .all();
    expect(duplicates).toEqual([]);
    const perTask = db
      .prepare('select task_uid, count(*) as n from sync_changes group by task_uid order by task_uid')
      .all() as { task_uid: string; n: number }[];
    expect(perTask.map((row) => row.n)).toEqual([1, 1, 1]);
  } finally {
    db.close();
  }
  await context.close();
});
