/**
 * Several tabs of one browser in team mode (docs/product.md#team-modes-store): one tab syncs, the
 * others store their edits and tell it; every tab shows the same status, and when the syncing tab
 * closes another takes over, sending what was left.
 */
import { expect as baseExpect, test } from './fixtures';
import { readTeamRecords } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
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
