/**
 * Replaced values end to end (docs/product.md#team-sync, "Replaced values"): a production server with
 * TEAM_SYNC=on on its own SQLite file; two devices of one member set a task's progress offline, the
 * later one wins, and the other value gets a marker on the board and in the admin's Manage Tasks,
 * with Restore and Dismiss.
 */
import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  addTask,
  openDeviceAt,
  registerAccount,
  storedTask,
  syncStatus,
  type Account,
  type Device,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

// Several browser contexts sync with one server at once: waits get room on a loaded machine. No
// assertion here is about speed.
const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppProcess;
let alice: Account;
let admin: Account;

function markerOf(page: Page, title: string) {
  return page.getByRole('button', { name: `Review 1 replaced value of “${title}”`, exact: true });
}

function dialogOf(page: Page) {
  return page.getByRole('dialog', { name: 'Replaced values' });
}

async function progressOn(page: Page, title: string): Promise<unknown> {
  return (await storedTask(page, title)).progress;
}

/**
 * Alice's laptop and phone both set the progress of a new task offline, the laptop to 30 first and
 * the phone to 60 after it; both come back online. The phone's later value wins; 30 is replaced.
 */
async function progressConflict(browser: Browser, title: string): Promise<{ laptop: Device; phone: Device }> {
  const laptop = await openDeviceAt(server.base, browser, alice);
  await addTask(laptop.page, title, 'Two devices');
  await expect(syncStatus(laptop.page)).toHaveText('Synced');
  const phone = await openDeviceAt(server.base, browser, alice);
  await phone.page.goto('/user/userpage');
  const slider = (page: Page) =>
    page
      .getByRole('main')
      .getByRole('article', { name: title, exact: true })
      .getByRole('slider', { name: `Progress of ${title}` });
  await expect(slider(phone.page)).toBeVisible();
  await expect(syncStatus(phone.page)).toHaveText('Synced');

  await laptop.context.setOffline(true);
  await phone.context.setOffline(true);
  await slider(laptop.page).fill('30');
  await expect(syncStatus(laptop.page)).toHaveText('Offline, 1 change waiting');
  await slider(phone.page).fill('60');
  await expect(syncStatus(phone.page)).toHaveText('Offline, 1 change waiting');
  await laptop.context.setOffline(false);
  await expect(syncStatus(laptop.page)).toHaveText('Synced');
  await phone.context.setOffline(false);
  await expect(syncStatus(phone.page)).toHaveText('Synced');
  for (const device of [laptop, phone]) {
    await device.page.goto('/user/dashboard');
    await expect.poll(() => progressOn(device.page, title)).toBe(60);
  }
  return { laptop, phone };
}

test.describe('@one-width replaced values with team sync on', () => {
  // Each test makes a conflict with two devices going offline and back, then settles it.
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    admin = await registerAccount(server.base, 'Tara Admin', 'tara-conflicts@example.com', 'admin');
    alice = await registerAccount(server.base, 'Alice Member', 'alice-conflicts@example.com', 'user');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('the replaced value is marked on both devices; Restore brings it back everywhere and it stays', async ({
    browser,
  }) => {
    const title = 'Plan the launch';
    const { laptop, phone } = await progressConflict(browser, title);
    for (const device of [laptop, phone]) await expect(markerOf(device.page, title)).toBeVisible();

    // The marker opens from the keyboard, beside the card (not a drag).
    await markerOf(laptop.page, title).focus();
    await laptop.page.keyboard.press('Enter');
    const dialog = dialogOf(laptop.page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `“${title}”: these values were replaced by a concurrent edit. Restore one to make it the task’s value again, or dismiss it.`,
    );
    const item = dialog.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('heading', { name: 'Progress' })).toBeVisible();
    await expect(item.getByRole('definition')).toHaveText(['30%', '60%']);
    await expect(item.getByRole('term')).toHaveText(['Replaced value', 'Current value']);
    await expect(item).toContainText('By Alice Member · just now');

    for (const width of [1280, 360]) {
      await laptop.page.setViewportSize({ width, height: 800 });
      expect(await findAxeViolations(laptop.page), `axe at ${width} px`).toEqual([]);
    }
    await laptop.page.setViewportSize({ width: 1280, height: 800 });

    await item.getByRole('button', { name: 'Restore' }).click();
    await expect(laptop.page.getByText('Value restored.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(markerOf(laptop.page, title)).toBeHidden();
    // Focus goes back to the card the marker belonged to.
    await expect(laptop.page.locator('[aria-roledescription="draggable task"]:focus')).toContainText(title);
    expect(await progressOn(laptop.page, title)).toBe(30);

    // The restore is a new edit: it reaches the phone, whose marker goes too.
    await expect.poll(() => progressOn(phone.page, title)).toBe(30);
    await expect(markerOf(phone.page, title)).toBeHidden();
    for (const device of [laptop, phone]) {
      await device.page.reload();
      await expect(syncStatus(device.page)).toHaveText('Synced');
      expect(await progressOn(device.page, title)).toBe(30);
      await expect(device.page.getByRole('main').getByText(title)).toBeVisible();
      await expect(markerOf(device.page, title)).toBeHidden();
    }
    await laptop.context.close();
    await phone.context.close();
  });

  test('the admin sees the marker in Manage Tasks; Dismiss needs a connection and keeps the value', async ({
    browser,
  }) => {
    const title = 'Book the venue';
    const { laptop, phone } = await progressConflict(browser, title);
    // Create Tasks marks the card in its grid too.
    await phone.page.goto('/user/userpage');
    await expect(
      phone.page
        .getByRole('main')
        .getByRole('article', { name: title, exact: true })
        .getByRole('button', {
          name: `Review 1 replaced value of “${title}”`,
          exact: true,
        }),
    ).toBeVisible();
    await phone.context.close();
    const desk = await openDeviceAt(server.base, browser, admin);
    await desk.page.goto('/admin/manage-tasks');
    const row = desk.page.getByRole('row').filter({ hasText: title });
    await expect(markerOf(desk.page, title)).toBeVisible();
    await row.getByRole('button', { name: `Review 1 replaced value of “${title}”` }).click();
    const dialog = dialogOf(desk.page);
    await expect(dialog.getByRole('listitem')).toContainText('By Alice Member');

    await desk.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Restore and Dismiss need a connection. Try again when you are online.',
    );
    await desk.context.setOffline(false);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(desk.page.getByText('Replaced value dismissed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(markerOf(desk.page, title)).toBeHidden();
    await expect(desk.page.getByRole('heading', { name: 'Manage Tasks', level: 1 })).toBeFocused();

    // Settled for everyone: the member's board no longer marks it once it fetches again, and the
    // value stays the one that won.
    await laptop.page.reload();
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await expect(laptop.page.getByRole('main').getByText(title)).toBeVisible();
    await expect(markerOf(laptop.page, title)).toBeHidden();
    expect(await progressOn(laptop.page, title)).toBe(60);
    await laptop.context.close();
    await desk.context.close();
  });
});
