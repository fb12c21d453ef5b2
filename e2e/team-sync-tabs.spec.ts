/**
 * Several tabs of one browser in team mode (docs/product.md#team-modes-store): one tab syncs, the
 * others store their edits and tell it; every tab shows the same status, and when the syncing tab
 * closes another takes over, sending what was left.
 */
import { expect as baseExpect, test } from './fixtures';
import { readTeamRecords, readTeamTasks } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
  drag,
  openDeviceAt,
  pullAll,
  registerAccount,
  submitTask,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppProcess;
let member: Account;

test.beforeAll(async ({ teamServer }) => {
  server = teamServer;
  member = await registerAccount(server.base, 'Tara Tabs', uniqueEmail('tara'), 'user');
});

test('@one-width an edit in a second tab is sent by the first, shows in both, and survives the first tab closing', async ({
  browser,
}) => {
  const { context, page: first } = await openDeviceAt(server.base, browser, member);
  await addTask(first, 'From the first tab', 'Synced by it');
  await expect(syncStatus(first)).toHaveText('Synced');

  const second = await context.newPage();
  await second.goto('/user/userpage');
  await expect(second.getByRole('article', { name: 'From the first tab' })).toBeVisible();
  await expect(syncStatus(second)).toHaveText('Synced');

  // Made in the second tab: shown in the first at once, sent by the first.
  await submitTask(second, 'From the second tab', 'Sent by the first');
  await expect(first.getByRole('article', { name: 'From the second tab' })).toBeVisible();
  await expect
    .poll(async () => (await pullAll(server.base, member)).map((task) => task.data.title).sort())
    .toEqual(['From the first tab', 'From the second tab']);
  await expect(syncStatus(second)).toHaveText('Synced');

  // Offline, the second tab edits; the first closes before sending. The second takes over.
  await context.setOffline(true);
  await submitTask(second, 'While offline', 'Left for the next tab');
  await expect(first.getByRole('article', { name: 'While offline' })).toBeVisible();
  await first.close();
  await context.setOffline(false);
  await expect
    .poll(async () => (await pullAll(server.base, member)).map((task) => task.data.title).sort())
    .toEqual(['From the first tab', 'From the second tab', 'While offline']);
  await expect(syncStatus(second)).toHaveText('Synced');
  // Recorded by the tab that syncs: no mark is left.
  await expect.poll(() => readTeamRecords(second, 'marks')).toBeNull();
  await context.close();
});

test('@one-width edits of an existing task in the tab that does not sync are sent, also after the tabs swap roles', async ({
  browser,
}) => {
  // Three edits, each awaited on the server, and a change of the tab that syncs: ~20 s alone, ~60 s on a busy machine.
  test.setTimeout(150_000);
  const title = 'Edited in another tab';
  const { context, page: first } = await openDeviceAt(server.base, browser, member);
  await addTask(first, title, 'Made by the tab that syncs');
  await expect(syncStatus(first)).toHaveText('Synced');
  const onServer = async () => {
    const task = (await pullAll(server.base, member)).find((change) => change.data.title === title);
    return { progress: task?.data.progress, column: task?.data.column ?? null };
  };

  // The second tab does not sync (the first holds the lock): a drop keeps the progress and sets the column.
  const second = await context.newPage();
  await second.goto('/user/dashboard');
  await expect(syncStatus(second)).toHaveText('Synced');
  await drag(second, title, 'To Do', 'Completed');
  await expect.poll(onServer).toEqual({ progress: 0, column: 'Completed' });
  const stored = async () => (await readTeamTasks(second))?.find((task) => task.title === title);
  expect(await stored()).toMatchObject({ progress: 0, column: 'Completed' });
  // Recorded by the tab that syncs: no mark is left.
  await expect.poll(() => readTeamRecords(second, 'marks')).toBeNull();

  // Its view's slider: progress 100 (the column follows it again).
  const uid = String((await stored())!.uid);
  await second.goto(`/user/dashboard?task=${uid}`);
  await second.getByRole('dialog', { name: title }).getByRole('slider', { name: 'Progress' }).fill('100');
  await expect.poll(onServer).toEqual({ progress: 100, column: null });
  await expect(syncStatus(second)).toHaveText('Synced');

  // The first tab leaves and comes back: the second syncs now, and the first's drop is sent by it.
  await first.goto('about:blank');
  await first.goto('/user/dashboard');
  await expect(syncStatus(first)).toHaveText('Synced');
  await drag(first, title, 'Completed', 'In Progress');
  await expect.poll(onServer).toEqual({ progress: 100, column: 'In Progress' });
  await expect(syncStatus(first)).toHaveText('Synced');
  await context.close();
});
