/**
 * Undo of a delete with team sync on (docs/product.md#undo-a-delete): deleted on one device, the task
 * leaves the other; Undo brings it back on both, as the same task (same uid), without a replaced value.
 * The worker's TEAM_SYNC=on server (the `teamServer` fixture); two browser contexts are one member's
 * two devices.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { readTeamTasks } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
  openDeviceAt,
  registerAccount,
  storedTask,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
let member: Account;
const openDevice = (browser: Browser) => openDeviceAt(server.base, browser, member);

test.describe('team sync: undo a delete', () => {
  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    member = await registerAccount(server.base, 'Una Undo', uniqueEmail('una-undo'), 'user');
  });

  test('@one-width deleted on the phone, gone from the laptop; Undo brings it back on both', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const title = 'Plan the offsite';
    const phone = await openDevice(browser);
    await addTask(phone.page, title, 'Venue and dates');
    // The first page of a freshly started server can be slow on a busy machine: a wait, not a bar.
    await expect(syncStatus(phone.page)).toHaveText('Synced', { timeout: 15_000 });
    // Its key's number is the server's: it arrives with the pull after the push (docs/product.md#projects).
    await expect.poll(async () => (await storedTask(phone.page, title)).number).toEqual(expect.any(Number));
    const before = await storedTask(phone.page, title);

    const laptop = await openDevice(browser);
    await laptop.page.goto('/user/userpage');
    const laptopCard = laptop.page.getByRole('main').getByRole('article', { name: title, exact: true });
    await expect(laptopCard).toBeVisible({ timeout: 15_000 });

    const phoneCard = phone.page.getByRole('main').getByRole('article', { name: title, exact: true });
    await phoneCard.getByRole('button', { name: 'Delete Task' }).click();
    const toast = phone.page.locator('[data-sonner-toast]').filter({ hasText: 'Task removed successfully!' });
    // Hovered, the toast (and its Undo) stays while the delete travels.
    await toast.hover();
    await expect(phoneCard).toHaveCount(0);
    await expect(syncStatus(phone.page)).toHaveText('Synced');
    await expect(laptopCard).toHaveCount(0);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(phoneCard).toBeVisible();
    await expect(laptopCard).toBeVisible();
    await expect(syncStatus(phone.page)).toHaveText('Synced');
    // The same task on the phone: same id, same uid, same fields.
    expect(await storedTask(phone.page, title)).toEqual(before);
    const onLaptop = await readTeamTasks(laptop.page);
    expect(onLaptop?.map((task) => [task.title, task.uid])).toEqual([[title, before.uid]]);
    // Nothing was taken for an edit made after the delete: no replaced value to show.
    const conflicts = await fetch(`${server.base}/api/sync/conflicts?all=1`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(conflicts.status).toBe(200);
    expect(((await conflicts.json()) as { conflicts: unknown[] }).conflicts).toEqual([]);
    await expect(laptop.page.getByRole('button', { name: /replaced value/i })).toHaveCount(0);

    await phone.context.close();
    await laptop.context.close();
  });
});
