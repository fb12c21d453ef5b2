/**
 * What a logout leaves in the browser (docs/product.md#team-sync): with team sync on, the team's
 * tasks and the sync keys go (after what waits was sent, or the user agreed to lose it); with sync
 * off, the spec's logout is unchanged and `tasks` stays.
 */
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { readStoredJson, readTeamRecords, readTeamTasks, storeData } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  addTask,
  logInAgain,
  openDeviceAt,
  pullAll,
  registerAccount,
  submitTask,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

// A fresh page reaches its first `Synced` after its load, the engine's chunk and a pull.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * What team mode keeps in this browser: the team's tasks and the engine's bookkeeping in IndexedDB
 * (`tasks`, `state`), the replaced values and the session in localStorage.
 */
async function storedKeys(page: Page): Promise<Record<string, boolean>> {
  const local = await page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key) !== null])),
    ['tasklane.syncConflicts', 'token'],
  );
  return {
    tasks: (await readTeamTasks(page)) !== null,
    'tasklane.sync': (await readTeamRecords(page, 'state')) !== null,
    ...local,
  };
}

async function chooseLogout(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Profile menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

test.describe('@one-width logout with team sync on', () => {
  let server: AppProcess;
  let alice: Account;

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    alice = await registerAccount(server.base, 'Alice Logout', uniqueEmail('alice-logout'), 'user');
  });

  test('removes the team’s tasks and the sync keys from the browser', async ({ browser }) => {
    // Each test signs in anew: a logout ends its token on the server.
    const device = await openDeviceAt(server.base, browser, await logInAgain(server.base, alice));
    await addTask(device.page, 'Shared plan', 'On the server');
    await expect(syncStatus(device.page)).toHaveText('Synced');
    expect(await storedKeys(device.page)).toEqual({
      tasks: true,
      'tasklane.sync': true,
      'tasklane.syncConflicts': true,
      token: true,
    });

    await chooseLogout(device.page, alice.fullName);
    await device.page.waitForURL((url) => url.pathname === '/');
    expect(await storedKeys(device.page)).toEqual({
      tasks: false,
      'tasklane.sync': false,
      'tasklane.syncConflicts': false,
      token: false,
    });
    await device.context.close();
  });

  test('with a change not sent, asks first: Cancel keeps everything, Log out anyway clears it', async ({
    browser,
  }) => {
    const device = await openDeviceAt(server.base, browser, await logInAgain(server.base, alice));
    await device.page.goto('/user/userpage');
    await expect(syncStatus(device.page)).toHaveText('Synced');
    await device.context.setOffline(true);
    await submitTask(device.page, 'Offline draft', 'Never sent');
    await expect(syncStatus(device.page)).toHaveText('Offline, 1 change waiting');

    await chooseLogout(device.page, alice.fullName);
    const dialog = device.page.getByRole('dialog', { name: 'Log out with changes not sent?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      '1 change on this device has not reached the team workspace yet. Logging out removes the team’s tasks from this browser, and that change is lost. Cancel to stay signed in: it is sent when the connection is back.',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(new URL(device.page.url()).pathname).toBe('/user/userpage');
    expect(await storedKeys(device.page)).toMatchObject({ tasks: true, 'tasklane.sync': true, token: true });
    expect((await readTeamTasks(device.page))?.map((t) => t.title)).toContain('Offline draft');

    await chooseLogout(device.page, alice.fullName);
    await dialog.getByRole('button', { name: 'Log out anyway' }).click();
    // The logout then goes to `/`, which offline (no service worker in these tests) is the browser's
    // error page: the storage is read from a fresh page of the same browser, back online.
    await device.context.setOffline(false);
    const after = await device.context.newPage();
    await after.goto('/robots.txt');
    await expect
      .poll(() => storedKeys(after))
      .toEqual({ tasks: false, 'tasklane.sync': false, 'tasklane.syncConflicts': false, token: false });
    // The change was never sent.
    const onServer = await pullAll(server.base, await logInAgain(server.base, alice));
    expect(onServer.map((task) => task.data.title)).not.toContain('Offline draft');
    await device.context.close();
  });
});

test('@one-width with team sync off, Logout leaves `tasks` as the spec says', async ({
  memberPage: page,
}) => {
  // A stored profile name: the menu button carries it only once the page is hydrated (listening).
  await storeData(page, {
    tasks: [{ id: '1', title: 'Stays here', description: 'Local', progress: 0 }],
    json: { userProfile: { name: 'Local Member' } },
  });
  await page.goto('/user/dashboard');
  await chooseLogout(page, 'Local Member');
  await page.waitForURL((url) => url.pathname === '/');
  expect((await readStoredJson<{ title: string }[]>(page, 'tasks'))?.map((task) => task.title)).toEqual([
    'Stays here',
  ]);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
