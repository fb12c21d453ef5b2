/**
 * Team sync limits end to end (docs/product.md#team-sync-limits): a task grown past what one synced
 * task may hold is refused by the server; the browser keeps the change in `tasks`, says why in the
 * sync status, and the device's other changes still sync.
 */
import { expect as baseExpect, test } from './fixtures';
import { readStoredJson, type StoredTask } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  addTask,
  openDeviceAt,
  pullAll,
  registerAccount,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

// A fresh page reaches its first `Synced` after its load, the engine's chunk and a pull: room for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const TOO_LARGE =
  'This task is too large to sync (at most 32 kB): shorten its description. The change stays in this browser.';

let server: AppProcess;
let member: Account;

test.beforeAll(async () => {
  server = await startAppServer({ TEAM_SYNC: 'on' });
  member = await registerAccount(server.base, 'Lee Limits', 'lee@example.com', 'user');
});

test.afterAll(async () => {
  await server?.stop();
});

test('@one-width a task grown past 32 kB is refused: the change stays in the browser, the status says why, other changes sync', async ({
  browser,
}) => {
  const { context, page } = await openDeviceAt(server.base, browser, member);
  await addTask(page, 'Quarterly plan', 'A short plan');
  const status = syncStatus(page);
  await expect(status).toHaveText('Synced');

  // 12,000 three-byte characters: 36 kB of UTF-8, more than the form takes, written as another
  // app version or a script would, straight into `tasks`; the engine finds it at the next load.
  // Written from the landing page, which runs no script: no engine can write `tasks` meanwhile.
  const huge = '€'.repeat(12_000);
  await page.goto('/');
  await page.evaluate((description) => {
    const tasks = JSON.parse(localStorage.getItem('tasks') ?? '[]') as { title: string }[];
    const edited = tasks.map((task) => (task.title === 'Quarterly plan' ? { ...task, description } : task));
    localStorage.setItem('tasks', JSON.stringify(edited));
  }, huge);
  await page.goto('/user/userpage');

  await expect(status).toContainText('Sync failed, 1 change waiting');
  await expect(status).toContainText(TOO_LARGE);
  await expect(status).toHaveAttribute('title', TOO_LARGE);

  // Another change still goes through while the refused one waits.
  await addTask(page, 'Small follow-up', 'Still syncs');
  await expect
    .poll(async () => (await pullAll(server.base, member)).map((task) => task.data.title).sort())
    .toEqual(['Quarterly plan', 'Small follow-up']);
  const onServer = await pullAll(server.base, member);
  expect(onServer.find((task) => task.data.title === 'Quarterly plan')?.data.description).toBe(
    'A short plan',
  );

  // The browser still holds the change after those pulls, and still says why.
  await page.reload();
  await expect(status).toContainText(TOO_LARGE);
  const stored = (await readStoredJson<StoredTask[]>(page, 'tasks')) ?? [];
  expect(stored.find((task) => task.title === 'Quarterly plan')?.description).toBe(huge);
  await context.close();
});
