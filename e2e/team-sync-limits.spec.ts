/**
 * Team sync limits end to end (docs/product.md#team-sync-limits): a task grown past what one synced
 * task may hold is refused by the server; the browser keeps the change in its store, says why in the
 * sync status, and the device's other changes still sync.
 */
import { expect as baseExpect, test } from './fixtures';
import { readTeamTasks } from './page-helpers';
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

  // 12,000 three-byte characters: 36 kB of UTF-8, more than the form takes, written as a tab that
  // was not syncing would write it: the task in team mode's store (IndexedDB) and a mark, which the
  // tab that syncs records at the next load. Written from the landing page, which runs no script.
  const huge = '€'.repeat(12_000);
  await page.goto('/');
  await page.evaluate(
    (description) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('tasklane-team');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(['tasks', 'marks'], 'readwrite');
          const tasks = tx.objectStore('tasks');
          const all = tasks.getAll();
          all.onsuccess = () => {
            for (const task of all.result as { id: string; uid: string; title: string }[]) {
              if (task.title !== 'Quarterly plan') continue;
              tasks.put({ ...task, description }, task.id);
              tx.objectStore('marks').put(task.uid, task.id);
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    huge,
  );
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
  const stored = (await readTeamTasks(page)) ?? [];
  expect(stored.find((task) => task.title === 'Quarterly plan')?.description).toBe(huge);
  await context.close();
});
