/**
 * The task view with team sync on (docs/product.md#the-task-view): the address names the task by its
 * sync identity, so a link copied on one device opens the same task on another; edits made in one view
 * reach the other device's open view; the author picks the assignee there. The worker's TEAM_SYNC=on
 * server (the `teamServer` fixture); browser contexts stand for the members' devices.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  boardColumn,
  openDeviceAt,
  registerAccount,
  storedTask,
  submitTask,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
const accounts = {} as Record<'ana' | 'ben', Account>;
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);

test.describe('team sync task view', () => {
  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    accounts.ana = await registerAccount(server.base, 'Ana Author', uniqueEmail('ana-view'), 'user');
    accounts.ben = await registerAccount(server.base, 'Ben Builder', uniqueEmail('ben-view'), 'user');
  });

  test('@one-width a link from one device opens the task on another; edits reach the open view', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ana = await openDevice(browser, accounts.ana);
    await ana.page.goto('/user/userpage');
    await submitTask(ana.page, 'Plan the offsite', 'Venue and dates', async (form) => {
      await form.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Ben Builder' });
    });
    await expect(syncStatus(ana.page)).toHaveText('Synced', { timeout: 15_000 });

    await ana.page.goto('/user/dashboard');
    await boardColumn(ana.page, 'To Do').getByText('Plan the offsite').click();
    const anaView = ana.page.getByRole('dialog');
    await expect(anaView.getByRole('heading', { name: 'Plan the offsite' })).toBeVisible();
    const uid = (await storedTask(ana.page, 'Plan the offsite'))?.uid;
    expect(uid).toBeTruthy();
    await expect(ana.page).toHaveURL(new RegExp(`\\?task=${uid}$`));
    // The author picks the assignee in the view, as on Create Tasks; the task carries its creation time.
    await expect(anaView.getByRole('combobox', { name: 'Assigned to' }).locator('option:checked')).toHaveText(
      'Ben Builder',
    );
    await expect(anaView.getByText('Created', { exact: true })).toBeVisible();

    // Ben opens Ana's link: his device gave the task another id, the sync identity finds it.
    const ben = await openDevice(browser, accounts.ben);
    await ben.page.goto(`/user/dashboard?task=${uid}`);
    const benView = ben.page.getByRole('dialog');
    await expect(benView.getByRole('heading', { name: 'Plan the offsite' })).toBeVisible({ timeout: 15_000 });
    // Not his task: he sees the assignee's name, no picker.
    await expect(benView.getByRole('combobox', { name: 'Assigned to' })).toHaveCount(0);
    await expect(benView.getByText('Ben Builder')).toBeVisible();

    await benView.getByLabel('Description').fill('Venue booked for May');
    await benView.getByLabel('Title').focus();
    await expect(syncStatus(ben.page)).toHaveText('Synced');
    // Ana's open view follows (the field she is not typing in shows the new value).
    await expect(anaView.getByLabel('Description')).toHaveValue('Venue booked for May', { timeout: 15_000 });

    await anaView.getByLabel('Title').fill('Plan the spring offsite');
    await anaView.getByLabel('Priority').focus();
    await expect(benView.getByRole('heading', { name: 'Plan the spring offsite' })).toBeVisible({
      timeout: 15_000,
    });
    expect(await findAxeViolations(ben.page)).toEqual([]);
    await ana.context.close();
    await ben.context.close();
  });
});
