/**
 * Projects (docs/product.md#projects) with two people in two browsers on the worker's production
 * server with TEAM_SYNC=on: New project (Name, Key, Create project), the project's board at
 * /user/dashboard?project=KEY with its name as heading and each card's key, Members (a person and a
 * role), the task's link /t/KEY-N for whoever may see it (a not-found page for anyone else, a login
 * round trip when signed out), and access taken away live when a member is removed.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dateKey, findAxeViolations } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { E2E_PASSWORD, uniqueEmail } from './session-helpers';
import {
  boardColumn,
  openDeviceAt,
  registerAccount,
  submitTask,
  syncStatus,
  type Account,
  type Device,
} from './team-sync-helpers';

let server: AppProcess;
let olive: Account;
let bob: Account;
let sam: Account;

function projectsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Projects' });
}

function todo(page: Page): Locator {
  return boardColumn(page, 'To Do');
}

/** Olive's browser: a new project OPS, made through the sidebar's form, with one task in it. */
async function createOps(device: Device): Promise<void> {
  const { page } = device;
  await page.goto('/user/dashboard');
  await expect(projectsNav(page).getByRole('link', { name: /GEN General/ })).toBeVisible({ timeout: 15_000 });
  await projectsNav(page).getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Operations');
  await expect(dialog.getByLabel('Key')).toHaveValue('OPER');
  await dialog.getByLabel('Key').fill('gen');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('A project with the key GEN already exists.')).toBeVisible();
  await dialog.getByLabel('Key').fill('OPS');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/dashboard\?project=OPS$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operations');
  await expect(projectsNav(page).getByRole('link', { name: /OPS Operations/ })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await todo(page).getByRole('button', { name: 'Add task' }).click();
  await page.getByLabel('Title of a new task in To Do').fill('Renew the certificate');
  await page.getByLabel('Title of a new task in To Do').press('Enter');
  await page.getByLabel('Title of a new task in To Do').press('Escape');
  // The key comes with the server's number, once the task is pushed.
  await expect(todo(page).getByText('OPS-1', { exact: true })).toBeVisible({ timeout: 15_000 });
}

test.describe('@one-width projects with two people', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    olive = await registerAccount(server.base, 'Olive Projects', uniqueEmail('olive-projects'), 'user');
    bob = await registerAccount(server.base, 'Bob Projects', uniqueEmail('bob-projects'), 'user');
    sam = await registerAccount(server.base, 'Sam Projects', uniqueEmail('sam-projects'), 'user');
  });

  test('a project, a member with a role, its task seen on the other screen and gone when removed', async ({
    browser,
  }) => {
    const oliveDevice = await openDeviceAt(server.base, browser, olive);
    const bobDevice = await openDeviceAt(server.base, browser, bob);
    await createOps(oliveDevice);
    const { page } = oliveDevice;
    // Bob's board is open all along: what he gains and loses arrives over the live stream.
    await bobDevice.page.goto('/user/dashboard');
    await expect(bobDevice.page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(syncStatus(bobDevice.page)).toHaveText(/Synced/, { timeout: 15_000 });
    await expect(bobDevice.page.getByText('Renew the certificate')).toHaveCount(0);

    await page.getByRole('button', { name: 'Members' }).click();
    const members = page.getByRole('dialog', { name: 'Members of Operations' });
    await expect(members.getByRole('list', { name: 'Members' })).toContainText('Olive Projects');
    await expect(members.getByLabel('Role', { exact: true }).locator('option')).toHaveText([
      'Manager',
      'Member',
      'Commenter',
      'Assigned only',
    ]);
    await members.getByLabel('Person').selectOption({ label: 'Bob Projects' });
    await members.getByLabel('Role', { exact: true }).selectOption({ label: 'Member' });
    await members.getByRole('button', { name: 'Add' }).click();
    await expect(members.getByText('Bob Projects is now Member.')).toBeVisible();
    await members.getByRole('button', { name: 'Close' }).click();
    await expect(todo(bobDevice.page).getByText('Renew the certificate')).toBeVisible({ timeout: 15_000 });
    // His sidebar learns of the project with its tasks.
    await expect(projectsNav(bobDevice.page).getByRole('link', { name: /OPS Operations/ })).toBeVisible();

    // The finder finds a task by its key, any case.
    await page.goto('/user/dashboard');
    await page.getByLabel('Search tasks').fill('ops-1');
    await expect(todo(page).getByText('Renew the certificate')).toBeVisible();
    await expect(page.getByText('1 of 1 task')).toBeVisible();

    // Bob sees the project and its task on his own screen.
    await bobDevice.page.goto('/user/dashboard?project=OPS');
    await expect(bobDevice.page.getByRole('heading', { level: 1 })).toHaveText('Operations', {
      timeout: 15_000,
    });
    await expect(todo(bobDevice.page).getByText('Renew the certificate')).toBeVisible({ timeout: 15_000 });
    await expect(todo(bobDevice.page).getByText('OPS-1', { exact: true })).toBeVisible();
    // Not its author, he may still move it as a member: the card's menu offers that alone.
    const bobCard = todo(bobDevice.page).locator('li').filter({ hasText: 'Renew the certificate' });
    await bobCard.getByRole('button', { name: 'Task actions' }).click();
    await expect(bobDevice.page.getByRole('menuitem')).toHaveText(['Move to project']);
    await bobDevice.page.keyboard.press('Escape');
    await bobDevice.page.goto('/user/dashboard');
    await expect(todo(bobDevice.page).getByText('Renew the certificate')).toBeVisible({ timeout: 15_000 });
    // He has it open when he loses it.
    await todo(bobDevice.page)
      .getByRole('button', { name: /Renew the certificate/ })
      .click();
    const bobView = bobDevice.page.getByRole('dialog', { name: 'Renew the certificate' });
    await expect(bobView).toBeVisible();

    // Removed, Bob loses the task live (his stream hears the change); his open view says so.
    await page.goto('/user/dashboard?project=OPS');
    await page.getByRole('button', { name: 'Members' }).click();
    await members.getByRole('button', { name: 'Remove Bob Projects' }).click();
    await expect(members.getByText('Bob Projects no longer has a role of their own here.')).toBeVisible();
    await members.getByRole('button', { name: 'Close' }).click();
    await expect(
      bobDevice.page.getByText(
        'This task has just left this device: it was deleted, or you can no longer see it.',
      ),
    ).toBeVisible({ timeout: 15_000 });
    await bobDevice.page.keyboard.press('Escape');
    await expect(bobDevice.page.getByText('Renew the certificate')).toHaveCount(0, { timeout: 15_000 });

    await oliveDevice.context.close();
    await bobDevice.context.close();
  });

  test('Create Tasks puts a new task in the project chosen', async ({ browser }) => {
    const { page, context } = await openDeviceAt(server.base, browser, olive);
    await page.goto('/user/userpage');
    const form = page.getByRole('form', { name: 'Create a New Task' });
    await expect(form.getByLabel('Project')).toHaveValue('general', { timeout: 15_000 });
    await submitTask(page, 'Plan the failover drill', 'With the on-call team', async (fields) => {
      await fields.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    });
    await page.goto('/user/dashboard?project=OPS');
    await expect(todo(page).getByText('Plan the failover drill')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('a task’s link opens it for whoever may see it, is not found for anyone else, and logs in first', async ({
    browser,
  }) => {
    const oliveDevice = await openDeviceAt(server.base, browser, olive);
    await oliveDevice.page.goto('/t/OPS-1');
    await expect(oliveDevice.page).toHaveURL(/\/user\/dashboard\?project=OPS&task=/, { timeout: 15_000 });
    await expect(oliveDevice.page.getByRole('dialog', { name: /Renew the certificate/ })).toBeVisible({
      timeout: 15_000,
    });
    await oliveDevice.context.close();

    const samDevice = await openDeviceAt(server.base, browser, sam);
    for (const link of ['/t/OPS-1', '/t/NOPE-7']) {
      await samDevice.page.goto(link);
      await expect(samDevice.page.getByRole('heading', { name: 'Page not found' }), link).toBeVisible({
        timeout: 15_000,
      });
    }
    await samDevice.context.close();

    const signedOut = await browser.newContext({ baseURL: server.base });
    const page = await signedOut.newPage();
    await page.goto('/t/OPS-1');
    await expect(page).toHaveURL(/\/login\?next=%2Ft%2FOPS-1$/, { timeout: 15_000 });
    await page.getByLabel('Email').fill(olive.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard\?project=OPS&task=/, { timeout: 15_000 });
    // Signed in through the form, the server answers the link itself: a redirect to the task.
    const opened = await page.goto('/t/ops-1');
    expect(opened?.request().redirectedFrom()?.url()).toMatch(/\/t\/ops-1$/);
    await expect(page).toHaveURL(/\/user\/dashboard\?project=OPS&task=/);
    await signedOut.close();

    // Sam, signed in through the form, gets the not-found page with status 404, as for a key nobody has.
    const samBrowser = await browser.newContext({ baseURL: server.base });
    const samPage = await samBrowser.newPage();
    await samPage.goto('/login');
    await samPage.getByLabel('Email').fill(sam.email);
    await samPage.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await samPage.getByRole('button', { name: 'Login' }).click();
    await expect(samPage).toHaveURL(/\/user\/dashboard/, { timeout: 15_000 });
    for (const link of ['/t/OPS-1', '/t/NOPE-7']) {
      const response = await samPage.goto(link);
      expect(response?.status(), link).toBe(404);
      await expect(samPage.getByRole('heading', { name: 'Page not found' }), link).toBeVisible();
    }
    await samBrowser.close();
  });

  test('a task moves to another project from its view, takes a key there, and Undo moves it back', async ({
    browser,
  }) => {
    const { page, context } = await openDeviceAt(server.base, browser, olive);
    await page.goto('/user/dashboard');
    await todo(page).getByRole('button', { name: 'Add task' }).click();
    await page.getByLabel('Title of a new task in To Do').fill('Order new badges');
    await page.getByLabel('Title of a new task in To Do').press('Enter');
    await page.getByLabel('Title of a new task in To Do').press('Escape');
    const card = todo(page).locator('li').filter({ hasText: 'Order new badges' });
    await expect(card.getByText(/^GEN-\d+$/)).toBeVisible({ timeout: 15_000 });
    await card
      .getByRole('button', { name: /Order new badges/ })
      .first()
      .click();
    const view = page.getByRole('dialog', { name: 'Order new badges' });
    await expect(view.getByLabel('Project')).toHaveValue('general');
    await view.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await expect(page.getByText('Moved to Operations.')).toBeVisible();
    const opsKey = view.getByText(/^OPS-\d+$/);
    await expect(opsKey).toBeVisible({ timeout: 15_000 });
    const keyInOps = (await opsKey.textContent())!;
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved back to General.')).toBeVisible();
    await expect(view.getByLabel('Project')).toHaveValue('general');
    await expect(view.getByText(/^GEN-\d+$/)).toBeVisible({ timeout: 15_000 });
    // The card menu moves it too; the toast's Undo moves it back.
    await page.keyboard.press('Escape');
    await card.getByRole('button', { name: 'Task actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move task' });
    await dialog.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved to Operations.')).toBeVisible();
    // The dashboard of every project keeps the card; its key is its new project's.
    await expect(card.getByText(/^OPS-\d+$/)).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved back to General.')).toBeVisible();
    await expect(card.getByText(/^GEN-\d+$/)).toBeVisible({ timeout: 15_000 });

    // The key it had in OPS still opens it.
    await page.goto(`/t/${keyInOps}`);
    await expect(page.getByRole('dialog', { name: 'Order new badges' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\?project=GEN&task=/);
    await context.close();
  });

  test('a move to a project where the assignee has no role says so and asks; into a column of its board', async ({
    browser,
  }) => {
    const { page, context } = await openDeviceAt(server.base, browser, olive);
    await page.goto('/user/userpage');
    await submitTask(page, 'Book the venue', 'For the spring fair', async (fields) => {
      await fields.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Sam Projects' });
    });
    await page.goto('/user/dashboard');
    const card = todo(page).locator('li').filter({ hasText: 'Book the venue' });
    await expect(card.getByText(/^GEN-\d+$/)).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Task actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move task' });
    await expect(dialog.getByLabel('Column')).toHaveValue('todo');
    await dialog.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await expect(dialog.getByLabel('Column').locator('option')).toHaveText([
      'To Do',
      'In Progress',
      'Completed',
    ]);
    await expect(
      dialog.getByText('Sam Projects has no role in Operations and would not see this task there.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Assign it to me instead')).toBeChecked();
    await dialog.getByLabel('Column').selectOption({ label: 'In Progress' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved to Operations.')).toBeVisible();
    const doing = boardColumn(page, 'In Progress').locator('li').filter({ hasText: 'Book the venue' });
    await expect(doing.getByText('Assigned to Olive Projects', { exact: true })).toBeVisible();
    await expect(doing.getByText(/^OPS-\d+$/)).toBeVisible({ timeout: 15_000 });
    // One Undo puts back the project, the column and the assignee.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved back to General.')).toBeVisible();
    await expect(card.getByText('Assigned to Sam Projects', { exact: true })).toBeVisible();
    await expect(card.getByText(/^GEN-\d+$/)).toBeVisible({ timeout: 15_000 });

    // From the view: the same question, answered by keeping Sam.
    await card
      .getByRole('button', { name: /Book the venue/ })
      .first()
      .click();
    const view = page.getByRole('dialog', { name: 'Book the venue' });
    await view.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await expect(
      view.getByText('Sam Projects has no role in Operations and would not see this task there.'),
    ).toBeVisible();
    await view.getByLabel('Assign it to me instead').uncheck();
    await view.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(view.getByText('Moved to Operations.')).toBeVisible();
    await expect(view.getByLabel('Project')).toHaveValue(/.+/);
    await page.keyboard.press('Escape');
    await expect(card.getByText('Assigned to Sam Projects', { exact: true })).toBeVisible();
    await expect(card.getByText(/^OPS-\d+$/)).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('a selection on the Create Tasks grid moves to a project and a column at once, with one Undo', async ({
    browser,
  }) => {
    const { page, context } = await openDeviceAt(server.base, browser, olive);
    await page.goto('/user/userpage');
    await submitTask(page, 'Print the flyers', 'Two hundred');
    await submitTask(page, 'Hang the posters', 'In the hall', async (fields) => {
      await fields.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Sam Projects' });
    });
    const selection = page.getByRole('region', { name: 'Selection' });
    await expect(selection).toContainText('0 selected');
    await page.getByLabel('Search tasks').fill('the flyers');
    await selection.getByRole('button', { name: 'Select all shown' }).click();
    await expect(selection).toContainText('1 selected');
    await page.getByLabel('Search tasks').fill('');
    await page.getByRole('checkbox', { name: 'Select Hang the posters' }).check();
    await expect(selection).toContainText('2 selected');
    await selection.getByRole('button', { name: 'Move to project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 2 tasks' });
    await dialog.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await expect(dialog.getByLabel('Column')).toHaveValue('');
    await expect(dialog.getByLabel('Column').locator('option:checked')).toHaveText(
      'Where each task’s progress puts it',
    );
    await dialog.getByLabel('Column').selectOption({ label: 'In Progress' });
    await expect(
      dialog.getByText('Sam Projects has no role in Operations and would not see their tasks there.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Assign them to me instead')).toBeChecked();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved 2 tasks to Operations.')).toBeVisible();
    await expect(selection).toContainText('0 selected');
    const posters = page.getByRole('article', { name: 'Hang the posters' });
    await expect(posters).toContainText('Assigned To: Olive Projects');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved 2 tasks back.')).toBeVisible();
    await expect(posters).toContainText('Assigned To: Sam Projects');

    // Moved again, they show in the column chosen on the project's board.
    await page.getByRole('checkbox', { name: 'Select Print the flyers' }).check();
    await page.getByRole('checkbox', { name: 'Select Hang the posters' }).check();
    await selection.getByRole('button', { name: 'Move to project' }).click();
    await dialog.getByLabel('Project').selectOption({ label: 'Operations (OPS)' });
    await dialog.getByLabel('Column').selectOption({ label: 'In Progress' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved 2 tasks to Operations.')).toBeVisible();
    await page.goto('/user/dashboard?project=OPS');
    const doing = boardColumn(page, 'In Progress');
    await expect(doing.getByText('Print the flyers')).toBeVisible({ timeout: 15_000 });
    await expect(doing.getByText('Hang the posters')).toBeVisible();
    await context.close();
  });

  test('the project board and its dialogs pass axe in both themes', async ({ browser }) => {
    const device = await openDeviceAt(server.base, browser, olive);
    const { page } = device;
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/user/dashboard?project=OPS');
      await expect(todo(page).getByText('OPS-1', { exact: true })).toBeVisible({ timeout: 15_000 });
      expect(await findAxeViolations(page), `${theme} board`).toEqual([]);
      await page.getByRole('button', { name: 'Members' }).click();
      await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
      expect(await findAxeViolations(page), `${theme} members`).toEqual([]);
      await page.keyboard.press('Escape');
      await projectsNav(page).getByRole('button', { name: 'New project' }).click();
      expect(await findAxeViolations(page), `${theme} new project`).toEqual([]);
      await page.keyboard.press('Escape');
      // The grid's selection and its move.
      await page.goto('/user/userpage');
      await page.getByRole('checkbox', { name: 'Select Book the venue' }).check({ timeout: 15_000 });
      expect(await findAxeViolations(page), `${theme} selection`).toEqual([]);
      await page
        .getByRole('region', { name: 'Selection' })
        .getByRole('button', { name: 'Move to project' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Move 1 task' }).getByLabel('Column')).toBeVisible();
      expect(await findAxeViolations(page), `${theme} move`).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await device.context.close();
  });
});

test.describe('@one-width archiving a project', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('a manager archives a project: read-only, out of the sidebar and the dashboard, findable under Archived, restored whole', async ({
    browser,
    teamServer,
  }) => {
    const manager = await registerAccount(teamServer.base, 'Mia Archive', uniqueEmail('mia-archive'), 'user');
    const { page, context } = await openDeviceAt(teamServer.base, browser, manager);
    await page.goto('/user/dashboard');
    await projectsNav(page).getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill('Old Stuff');
    await dialog.getByLabel('Key').fill('OLD');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Old Stuff');
    await todo(page).getByRole('button', { name: 'Add task' }).click();
    await page.getByLabel('Title of a new task in To Do').fill('Sort the cupboard');
    await page.getByLabel('Title of a new task in To Do').press('Enter');
    await page.getByLabel('Title of a new task in To Do').press('Escape');
    await expect(todo(page).getByText('OLD-1', { exact: true })).toBeVisible({ timeout: 15_000 });

    // A task due today in it is in Notifications until the project is archived.
    await page.goto('/user/userpage');
    await submitTask(page, 'Return the keys', 'Before Friday', async (form) => {
      await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill(dateKey(new Date()));
      await form.getByLabel('Project').selectOption({ label: 'Old Stuff (OLD)' });
    });
    await page.goto('/user/notifications');
    await expect(page.getByText('Return the keys')).toBeVisible({ timeout: 15_000 });
    await page.goto('/user/dashboard?project=OLD');

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Old Stuff?' });
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(page.getByText('Old Stuff is archived.')).toBeVisible();
    await expect(page.getByText('Archived: read-only until a manager restores it.')).toBeVisible();
    await expect(todo(page).getByRole('button', { name: 'Add task' })).toHaveCount(0);
    await expect(projectsNav(page).getByRole('link', { name: /OLD Old Stuff \d+ open/ })).toHaveCount(0);
    await projectsNav(page).getByText('Archived (1)').click();
    await expect(projectsNav(page).getByRole('link', { name: 'OLD Old Stuff' })).toBeVisible();
    // Its tasks take no comment: the thread is read only, with no box (so no @ suggestions).
    await todo(page)
      .getByRole('button', { name: /Sort the cupboard/ })
      .click();
    const view = page.getByRole('dialog', { name: /Sort the cupboard/ });
    await expect(
      view.getByText('This project is archived: its tasks take no new comments until a manager restores it.'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(view.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByText('Sort the cupboard')).toHaveCount(0);
    await page.goto('/user/notifications');
    await expect(page.getByText('No new notifications')).toBeVisible();

    await page.goto('/user/dashboard?project=OLD');
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Old Stuff is restored.')).toBeVisible();
    await expect(projectsNav(page).getByRole('link', { name: /OLD Old Stuff 2 open/ })).toBeVisible();
    await page.goto('/user/dashboard');
    await expect(todo(page).getByText('Sort the cupboard')).toBeVisible({ timeout: 15_000 });

    // Deleted, after archiving, by typing its name: its tasks leave the device.
    await page.goto('/user/dashboard?project=OLD');
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete Old Stuff?' });
    await deletion.getByLabel('Type the project’s name').fill('old stuff');
    await deletion.getByRole('button', { name: 'Delete project' }).click();
    await expect(deletion.getByText('Type the project’s name exactly to delete it.')).toBeVisible();
    await deletion.getByLabel('Type the project’s name').fill('Old Stuff');
    await deletion.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByText('Old Stuff is deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByText('Sort the cupboard')).toHaveCount(0, { timeout: 15_000 });
    await expect(projectsNav(page).getByText(/^Archived/)).toHaveCount(0);
    await context.close();
  });
});

test.describe('@one-width a project’s settings', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin widens General to Member: a member then sees every task of it', async ({
    browser,
    teamServer,
  }) => {
    const admin = await registerAccount(
      teamServer.base,
      'Ada Settings',
      uniqueEmail('ada-settings'),
      'admin',
    );
    const owner = await registerAccount(
      teamServer.base,
      'Owen Settings',
      uniqueEmail('owen-settings'),
      'user',
    );
    const reader = await registerAccount(
      teamServer.base,
      'Rita Settings',
      uniqueEmail('rita-settings'),
      'user',
    );
    const ownerDevice = await openDeviceAt(teamServer.base, browser, owner);
    await submitTaskOn(ownerDevice.page, 'Owen’s private plan');
    const readerDevice = await openDeviceAt(teamServer.base, browser, reader);
    await readerDevice.page.goto('/user/dashboard');
    await expect(syncStatus(readerDevice.page)).toHaveText(/Synced/, { timeout: 15_000 });
    await expect(readerDevice.page.getByText('Owen’s private plan')).toHaveCount(0);

    const { page, context } = await openDeviceAt(teamServer.base, browser, admin);
    await page.goto('/user/dashboard?project=GEN');
    await page.getByRole('main').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of General' });
    await expect(dialog.getByLabel('Everyone else in the team')).toHaveValue('assigned');
    await dialog.getByLabel('Everyone else in the team').selectOption({ label: 'Member' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project saved.')).toBeVisible();
    // Rita's open board gets General's tasks over the live stream.
    await expect(readerDevice.page.getByText('Owen’s private plan')).toBeVisible({ timeout: 15_000 });

    // Back to Assigned only: the task leaves her board again.
    await page.getByRole('main').getByRole('button', { name: 'Settings', exact: true }).click();
    await dialog.getByLabel('Everyone else in the team').selectOption({ label: 'Assigned only' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(readerDevice.page.getByText('Owen’s private plan')).toHaveCount(0, { timeout: 15_000 });
    await Promise.all([context.close(), ownerDevice.context.close(), readerDevice.context.close()]);
  });
});

/** Adds a task through Create Tasks on `page` (General, assigned to the signed-in person). */
async function submitTaskOn(page: Page, title: string): Promise<void> {
  await page.goto('/user/userpage');
  await submitTask(page, title, 'Only mine');
}
