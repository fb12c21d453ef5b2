/**
 * Team sync end to end (docs/product.md#team-sync): a production server with TEAM_SYNC=on on its own
 * SQLite file, and browser contexts standing for devices. One member on two devices, an admin, a
 * second member; offline edits merged field by field; the first-sync question. With sync off (the
 * shared e2e server), nothing calls /api/sync.
 */
import type { Browser } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { readStoredJson, readTeamTasks } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  addTask,
  boardColumn,
  drag,
  FAR_DEADLINE,
  openDeviceAt,
  pullAll as pullAllAt,
  registerAccount,
  storedTask,
  submitTask,
  syncStatus,
  type Account,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

// A fresh page reaches its first `Synced` after its load, the engine's chunk and a pull (about 2.5 s
// on an idle machine): waits get room for a busy one. The product's bars keep their own timeouts.
const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppProcess;
const accounts: Record<'admin' | 'alice' | 'bob', Account> = {} as Record<'admin' | 'alice' | 'bob', Account>;

const register = (fullName: string, email: string, role: 'user' | 'admin') =>
  registerAccount(server.base, fullName, email, role);
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);
const pullAll = (account: Account) => pullAllAt(server.base, account);

async function conflictsOf(account: Account, uid: string): Promise<{ field: string; value: unknown }[]> {
  const response = await fetch(`${server.base}/api/sync/conflicts?uid=${uid}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conflicts: { field: string; value: unknown }[] }).conflicts;
}

test.describe('@one-width team sync on', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    accounts.admin = await register('Tara Admin', 'tara-admin@example.com', 'admin');
    accounts.alice = await register('Alice Member', 'alice@example.com', 'user');
    accounts.bob = await register('Bob Member', 'bob@example.com', 'user');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a task created on one device appears on the member’s other open device within 5 s', async ({
    browser,
  }) => {
    const laptop = await openDevice(browser, accounts.alice);
    const phone = await openDevice(browser, accounts.alice);
    await phone.page.goto('/user/dashboard');
    await expect(syncStatus(phone.page)).toHaveText('Synced');

    await addTask(laptop.page, 'Draft the Q3 plan', 'Goals and owners');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await expect(boardColumn(phone.page, 'To Do').getByText('Draft the Q3 plan')).toBeVisible({
      timeout: 5_000,
    });
    const onLaptop = await storedTask(laptop.page, 'Draft the Q3 plan');
    const onPhone = await storedTask(phone.page, 'Draft the Q3 plan');
    expect(onPhone.uid).toBe(onLaptop.uid);
    expect(onPhone).toMatchObject({ description: 'Goals and owners', assignedTo: 'Alice Member' });

    // A third device brings it when it opens.
    const tablet = await openDevice(browser, accounts.alice);
    await tablet.page.goto('/user/dashboard');
    await expect(boardColumn(tablet.page, 'To Do').getByText('Draft the Q3 plan')).toBeVisible();
    for (const device of [laptop, phone, tablet]) await device.context.close();
  });

  test('the admin sees the member’s task in Manage Tasks, and Mark as Completed reaches the member’s board', async ({
    browser,
  }) => {
    const member = await openDevice(browser, accounts.alice);
    await addTask(member.page, 'Book the venue', 'Team offsite');
    await expect(syncStatus(member.page)).toHaveText('Synced');

    const admin = await openDevice(browser, accounts.admin);
    await admin.page.goto('/admin/manage-tasks');
    const pending = admin.page
      .getByRole('table', { name: 'Pending Tasks' })
      .getByRole('row')
      .filter({ has: admin.page.getByRole('rowheader', { name: 'Book the venue' }) });
    await expect(pending).toBeVisible();
    await pending.getByRole('button', { name: '✅ Mark as Completed' }).click();
    await expect(syncStatus(admin.page)).toHaveText('Synced');

    await member.page.goto('/user/dashboard');
    await expect(boardColumn(member.page, 'Completed').getByText('Book the venue')).toBeVisible({
      timeout: 5_000,
    });
    expect(await storedTask(member.page, 'Book the venue')).toMatchObject({
      status: 'Completed',
      progress: 100,
    });
    await member.context.close();
    await admin.context.close();
  });

  for (const stream of ['open', 'blocked'] as const) {
    test(`an admin's open Manage Tasks shows a member's completion without a reload (stream ${stream})`, async ({
      browser,
    }) => {
      const title = `Live ${stream}`;
      const member = await openDevice(browser, accounts.alice);
      await addTask(member.page, title, 'Watch it move');
      await expect(syncStatus(member.page)).toHaveText('Synced');

      const admin = await openDevice(browser, accounts.admin);
      const streams = { opened: 0 };
      admin.page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/sync/stream') streams.opened += 1;
      });
      if (stream === 'blocked') await admin.page.route('**/api/sync/stream', (route) => route.abort());
      await admin.page.goto('/admin/manage-tasks');
      const row = (table: 'Pending Tasks' | 'Completed Tasks') =>
        admin.page
          .getByRole('table', { name: table })
          .getByRole('row')
          .filter({ has: admin.page.getByRole('rowheader', { name: title }) });
      await expect(row('Pending Tasks')).toBeVisible();
      await expect(syncStatus(admin.page)).toHaveText('Synced');
      if (stream === 'open') await expect.poll(() => streams.opened).toBe(1);

      await member.page
        .getByRole('main')
        .getByRole('article', { name: title, exact: true })
        .getByRole('slider')
        .fill('100');
      await expect(syncStatus(member.page)).toHaveText('Synced');
      // Live: a poke makes the admin's browser pull at once. Blocked: its 4 s polling brings it.
      await expect(row('Completed Tasks')).toBeVisible({ timeout: stream === 'open' ? 2_000 : 6_000 });
      await member.context.close();
      await admin.context.close();
    });
  }

  test('a second member never sees the first member’s task', async ({ browser }) => {
    const alice = await openDevice(browser, accounts.alice);
    await addTask(alice.page, 'Private: salary review', 'Only for me');
    await expect(syncStatus(alice.page)).toHaveText('Synced');

    const bob = await openDevice(browser, accounts.bob);
    await bob.page.goto('/user/dashboard');
    await expect(syncStatus(bob.page)).toHaveText('Synced');
    expect((await readTeamTasks(bob.page)) ?? []).toEqual([]);
    const bobSees = await pullAll(accounts.bob);
    expect(bobSees.map((task) => task.data.title)).not.toContain('Private: salary review');
    const adminSees = await pullAll(accounts.admin);
    expect(adminSees.map((task) => task.data.title)).toContain('Private: salary review');
    await alice.context.close();
    await bob.context.close();
  });

  test('offline on both devices: edits to different fields both survive; the same field goes to the later edit', async ({
    browser,
  }) => {
    const laptop = await openDevice(browser, accounts.alice);
    await addTask(laptop.page, 'Merge me', 'Two devices');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    const phone = await openDevice(browser, accounts.alice);
    await phone.page.goto('/user/userpage');
    const phoneCard = phone.page.getByRole('main').getByRole('article', { name: 'Merge me', exact: true });
    await expect(phoneCard).toBeVisible();
    await laptop.page.goto('/user/dashboard');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await expect(syncStatus(phone.page)).toHaveText('Synced');

    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);
    // Laptop: a drag (the column). Phone: the slider (the progress).
    await drag(laptop.page, 'Merge me', 'To Do', 'In Progress');
    await expect(boardColumn(laptop.page, 'In Progress').getByText('Merge me')).toBeVisible();
    await phoneCard.getByRole('slider', { name: 'Progress of Merge me' }).fill('30');
    await expect(syncStatus(laptop.page)).toHaveText('Offline, 1 change waiting');
    await expect(syncStatus(phone.page)).toHaveText('Offline, 1 change waiting');

    await laptop.context.setOffline(false);
    await phone.context.setOffline(false);
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await expect(syncStatus(phone.page)).toHaveText('Synced');
    for (const device of [laptop, phone]) {
      await expect
        .poll(async () => {
          const task = await storedTask(device.page, 'Merge me');
          return { column: task.column, progress: task.progress };
        })
        .toEqual({ column: 'In Progress', progress: 30 });
    }

    // The same field on both, offline: the later drag wins everywhere, the other is kept.
    await phone.page.goto('/user/dashboard');
    await expect(boardColumn(phone.page, 'In Progress').getByText('Merge me')).toBeVisible();
    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);
    await drag(laptop.page, 'Merge me', 'In Progress', 'Completed'); // first
    await expect(boardColumn(laptop.page, 'Completed').getByText('Merge me')).toBeVisible();
    await drag(phone.page, 'Merge me', 'In Progress', 'To Do'); // later
    await expect(boardColumn(phone.page, 'To Do').getByText('Merge me')).toBeVisible();
    await laptop.context.setOffline(false);
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await phone.context.setOffline(false);
    await expect(syncStatus(phone.page)).toHaveText('Synced');
    for (const device of [laptop, phone]) {
      await device.page.reload();
      await expect(boardColumn(device.page, 'To Do').getByText('Merge me')).toBeVisible({ timeout: 5_000 });
    }
    const { uid } = await storedTask(laptop.page, 'Merge me');
    expect(await conflictsOf(accounts.alice, uid!)).toContainEqual(
      expect.objectContaining({ field: 'column', value: 'Completed' }),
    );
    await laptop.context.close();
    await phone.context.close();
  });

  test('a change made offline survives closing the tab and is sent when a page opens online', async ({
    browser,
  }) => {
    const laptop = await openDevice(browser, accounts.alice);
    await laptop.page.goto('/user/userpage');
    await expect(syncStatus(laptop.page)).toHaveText('Synced');
    await laptop.context.setOffline(true);
    await submitTask(laptop.page, 'Written on the train', 'No signal');
    await expect(syncStatus(laptop.page)).toHaveText('Offline, 1 change waiting');
    await laptop.page.close();

    await laptop.context.setOffline(false);
    const reopened = await laptop.context.newPage();
    await reopened.goto('/user/dashboard');
    await expect(syncStatus(reopened)).toHaveText('Synced');
    const onServer = (await pullAll(accounts.alice)).filter(
      (task) => task.data.title === 'Written on the train',
    );
    expect(onServer).toHaveLength(1);
    await laptop.context.close();
  });

  test('the first sync of a browser holding tasks asks once; Keep leaves them on the device', async ({
    browser,
  }) => {
    const device = await openDevice(browser, accounts.bob);
    await device.page.evaluate(() =>
      localStorage.setItem(
        'tasks',
        JSON.stringify([
          { id: '1', title: 'Old local task', description: 'From before sync', progress: 0 },
          { id: '2', title: 'Another local task', description: 'Also local', progress: 50 },
        ]),
      ),
    );
    await device.page.goto('/user/dashboard');
    const dialog = device.page.getByRole('dialog', { name: 'Share this device’s tasks with your team?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'This browser holds 2 tasks that are not in the team workspace yet. Upload them so they follow you to your other devices and your admins can see them, or keep them on this device only.',
    );
    await expect(dialog.getByRole('button')).toHaveText([
      'Keep on this device only',
      'Upload to team workspace',
    ]);
    await dialog.getByRole('button', { name: 'Keep on this device only' }).click();
    await expect(dialog).toBeHidden();
    await expect(syncStatus(device.page)).toHaveText('Synced');
    await device.page.reload();
    await expect(boardColumn(device.page, 'To Do').getByText('Old local task')).toBeVisible();
    await expect(device.page.getByRole('dialog')).toHaveCount(0);
    expect((await pullAll(accounts.bob)).map((task) => task.data.title)).not.toContain('Old local task');
    await device.context.close();
  });

  test('Upload sends the local tasks to the team workspace', async ({ browser }) => {
    const device = await openDevice(browser, accounts.bob);
    await device.page.evaluate(() =>
      localStorage.setItem(
        'tasks',
        JSON.stringify([{ id: '7', title: 'Bob’s draft', description: 'Upload me', progress: 10 }]),
      ),
    );
    await device.page.goto('/user/dashboard');
    const dialog = device.page.getByRole('dialog', { name: 'Share this device’s tasks with your team?' });
    await expect(dialog).toContainText('This browser holds 1 task that is not in the team workspace yet.');
    await dialog.getByRole('button', { name: 'Upload to team workspace' }).click();
    await expect(syncStatus(device.page)).toHaveText('Synced');
    const admin = await pullAll(accounts.admin);
    expect(admin.filter((task) => task.data.title === 'Bob’s draft')).toHaveLength(1);
    await device.context.close();
  });
});

test('@one-width with sync off, the workspace makes no /api/sync request and shows no sync status', async ({
  memberPage: page,
}) => {
  const sync = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/sync')) sync.count += 1;
  });
  await page.goto('/user/userpage');
  const form = page.getByRole('form', { name: 'Create a New Task' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Local only');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('No server');
  await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill(FAR_DEADLINE);
  // No assignee picker, and the cards offer no Reassign (docs/product.md#assignees).
  await expect(form.getByRole('combobox')).toHaveCount(1);
  await expect(form.getByRole('combobox', { name: 'Assigned to' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(
    page.getByRole('main').getByRole('article', { name: 'Local only', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reassign' })).toHaveCount(0);
  await page.goto('/user/dashboard');
  await expect(boardColumn(page, 'To Do').getByText('Local only')).toBeVisible();
  await expect(page.getByText(/^Assigned to /)).toHaveCount(0);
  await page.waitForTimeout(1_000);
  expect(sync.count).toBe(0);
  await expect(page.getByRole('banner').getByRole('status')).toHaveCount(0);
  expect(await readStoredJson(page, 'tasklane.sync')).toBeNull();
});
