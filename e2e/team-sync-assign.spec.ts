/**
 * Assignees with team sync on (docs/product.md#assignees): the author picks who a task is assigned to
 * on Create Tasks and on a card; the assignee's open board gains the task, and loses it (without it
 * being deleted) when the author reassigns it away. A production server with TEAM_SYNC=on on its own
 * SQLite file; browser contexts stand for the members' devices. With sync off, the sync-off test of
 * team-sync.spec.ts checks that none of this shows.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, pickUpWithKeyboard, readTeamTasks } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  type Account,
  addTask,
  boardColumn,
  openDeviceAt,
  pullAll,
  registerAccount,
  storedTask,
  submitTask,
  syncStatus,
  userIdOf,
} from './team-sync-helpers';

test.describe.configure({ mode: 'serial' });

let server: AppProcess;
const accounts = {} as Record<'alice' | 'bob' | 'carol', Account>;
const openDevice = (browser: Browser, account: Account) => openDeviceAt(server.base, browser, account);

test.describe('team sync assignees', () => {
  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    const register = (name: string, email: string) => registerAccount(server.base, name, email, 'user');
    accounts.alice = await register('Alice Author', 'alice-author@example.com');
    accounts.bob = await register('Bob Builder', 'bob-builder@example.com');
    accounts.carol = await register('Carol Coder', 'carol-coder@example.com');
    // Two users sharing a name: the picker tells them apart by when they joined (features/tasks/model/assignees.ts).
    await register('Sam Twin', 'sam-one@example.com');
    await register('Sam Twin', 'sam-two@example.com');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width a task assigned to a second member appears on their open board; reassigned away, it disappears there', async ({
    browser,
  }) => {
    // Two devices, a create, a reassignment and a drag, each waiting on sync: longer than one screen's check.
    test.setTimeout(90_000);
    const title = 'Fix the login bug';
    const bob = await openDevice(browser, accounts.bob);
    await bob.page.goto('/user/dashboard');
    // The first page of a freshly started server (route modules loading, engine chunk) can be slow on
    // a busy machine: a wait, not a time bar.
    await expect(syncStatus(bob.page)).toHaveText('Synced', { timeout: 15_000 });

    const alice = await openDevice(browser, accounts.alice);
    await alice.page.goto('/user/userpage');
    await submitTask(alice.page, title, 'Reported by support', async (form) => {
      const picker = form.getByRole('combobox', { name: 'Assigned to' });
      // The spec's default: the signed-in user (the select's values are user ids).
      await expect(picker.locator('option:checked')).toHaveText('Alice Author');
      await picker.selectOption({ label: 'Bob Builder' });
    });
    await expect(syncStatus(alice.page)).toHaveText('Synced');

    // Bob's open board gains it without a reload; he sees the initials and the name, and no card menu
    // (not his task, so nothing to reassign).
    const bobCard = boardColumn(bob.page, 'To Do').locator('li').filter({ hasText: title });
    await expect(bobCard).toBeVisible();
    await expect(bobCard.getByText('Assigned to Bob Builder', { exact: true })).toBeVisible();
    await expect(bobCard.getByText('BB', { exact: true })).toBeVisible();
    await expect(bobCard.getByRole('button', { name: 'Task actions' })).toHaveCount(0);
    await expect(bobCard.getByRole('button', { name: 'Reassign' })).toHaveCount(0);

    // Alice reassigns it to Carol from her board's card menu, by keyboard.
    await alice.page.goto('/user/dashboard');
    const aliceCard = boardColumn(alice.page, 'To Do').locator('li').filter({ hasText: title });
    await expect(aliceCard).toContainText('Assigned to Bob Builder');
    const menuButton = aliceCard.getByRole('button', { name: 'Task actions' });
    await expect(menuButton).toHaveAccessibleDescription(title);
    await menuButton.focus();
    await alice.page.keyboard.press('Enter');
    const menu = alice.page.getByRole('menu', { name: 'Task actions' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Reassign']);
    await expect(menu.getByRole('menuitem', { name: 'Reassign' })).toBeFocused();
    await alice.page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    const dialog = alice.page.getByRole('dialog', { name: 'Reassign task' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Carol Coder' });
    await dialog.getByRole('button', { name: 'Save' }).focus();
    await alice.page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(aliceCard).toContainText('Assigned to Carol Coder');
    await expect(aliceCard.getByText('CC', { exact: true })).toBeVisible();
    await expect(syncStatus(alice.page)).toHaveText('Synced');

    // Gone from Bob's open board and his storage; still Alice's, and Carol's now.
    await expect(bobCard).toHaveCount(0);
    await expect
      .poll(async () => ((await readTeamTasks(bob.page)) ?? []).map((t) => t.title))
      .not.toContain(title);
    expect(await storedTask(alice.page, title)).toMatchObject({
      assignedTo: 'Carol Coder',
      assigneeId: userIdOf(accounts.carol),
    });
    const onServer = (await pullAll(server.base, accounts.alice)).filter((task) => task.data.title === title);
    expect(onServer).toEqual([expect.objectContaining({ deleted: false })]);
    const carolSees = await pullAll(server.base, accounts.carol);
    expect(carolSees.map((task) => task.data.title)).toContain(title);

    // The card still drags: the Reassign button sits outside the drag handle.
    await aliceCard.getByRole('button', { name: new RegExp(title) }).focus();
    await pickUpWithKeyboard(alice.page, `Task "${title}" is over the To Do column.`);
    await alice.page.keyboard.press('ArrowRight');
    await expect(alice.page.getByText(`Task "${title}" is over the In Progress column.`)).toBeAttached();
    await alice.page.keyboard.press('Space');
    await expect(boardColumn(alice.page, 'In Progress').getByText(title)).toBeVisible();
    await alice.context.close();
    await bob.context.close();
  });

  test('the assignee picker has no axe violations, on the form and in the Reassign dialog', async ({
    browser,
  }) => {
    // Two full axe runs.
    test.setTimeout(60_000);
    const alice = await openDevice(browser, accounts.alice);
    await addTask(alice.page, 'Picker check', 'For axe');
    const form = alice.page.getByRole('form', { name: 'Create a New Task' });
    const picker = form.getByRole('combobox', { name: 'Assigned to' });
    // The team, one option per account; two people with one name are told apart by when they
    // joined (both made a moment ago: the same day, so the minute or second), and both can be chosen.
    const joined = /^Sam Twin \(joined \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC(, \d)?\)$/;
    await expect(picker.getByRole('option')).toHaveText([
      'Alice Author',
      'Bob Builder',
      'Carol Coder',
      joined,
      joined,
    ]);
    const twins = await picker.getByRole('option', { name: /Sam Twin/ }).allTextContents();
    expect(new Set(twins).size).toBe(2);
    for (const option of await picker.getByRole('option', { name: /Sam Twin/ }).all()) {
      await expect(option).toBeEnabled();
    }
    expect(await findAxeViolations(alice.page)).toEqual([]);

    const card = alice.page.getByRole('main').getByRole('article', { name: 'Picker check', exact: true });
    await card.getByRole('button', { name: 'Reassign' }).click();
    const dialog = alice.page.getByRole('dialog', { name: 'Reassign task' });
    await expect(dialog.getByRole('combobox', { name: 'Assigned to' })).toHaveValue(userIdOf(accounts.alice));
    expect(await findAxeViolations(alice.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await alice.context.close();
  });

  test('@one-width a deleted member’s task shows Unassigned, and a newcomer with the same name never gets it', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const title = 'Quarterly report';
    const dana = await registerAccount(server.base, 'Dana Departed', 'dana-departed@example.com', 'user');
    // The first admin of this server (sign-up as admin is open until one exists).
    const admin = await registerAccount(server.base, 'Ada Admin', 'ada-admin@example.com', 'admin');
    const alice = await openDevice(browser, accounts.alice);
    await alice.page.goto('/user/userpage');
    await submitTask(alice.page, title, 'Numbers for the board', async (form) => {
      await form.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Dana Departed' });
    });
    await expect(syncStatus(alice.page)).toHaveText('Synced');
    expect((await pullAll(server.base, dana)).map((task) => task.data.title)).toContain(title);

    const api = await playwright.request.newContext({ baseURL: server.base });
    const removed = await api.delete(`/admin/users/${encodeURIComponent(dana.email)}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(removed.status()).toBe(200);
    const newcomer = await registerAccount(server.base, 'Dana Departed', 'dana-newcomer@example.com', 'user');
    await api.dispose();

    // Alice's open board hears of it: the card says Unassigned; she edits the task (a drag).
    await alice.page.goto('/user/dashboard');
    const card = boardColumn(alice.page, 'To Do').locator('li').filter({ hasText: title });
    await expect(card).toContainText('Unassigned');
    await card.getByRole('button', { name: new RegExp(title) }).focus();
    await pickUpWithKeyboard(alice.page, `Task "${title}" is over the To Do column.`);
    await alice.page.keyboard.press('ArrowRight');
    await expect(alice.page.getByText(`Task "${title}" is over the In Progress column.`)).toBeAttached();
    await alice.page.keyboard.press('Space');
    await expect(syncStatus(alice.page)).toHaveText('Synced');

    // The newcomer's browser and pull hold nothing of it.
    const stranger = await openDevice(browser, newcomer);
    await stranger.page.goto('/user/dashboard');
    await expect(syncStatus(stranger.page)).toHaveText('Synced', { timeout: 15_000 });
    await expect(stranger.page.getByText(title)).toHaveCount(0);
    expect((await pullAll(server.base, newcomer)).map((task) => task.data.title)).not.toContain(title);
    expect(await storedTask(alice.page, title)).toMatchObject({
      assignedTo: 'Dana Departed',
      assigneeId: '',
    });
    await stranger.context.close();
    await alice.context.close();
  });

  test('@one-width an import naming another member by name alone gives them nothing, and says why; the importer’s own name is theirs', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const forBob = 'Imported for Bob';
    const forMe = 'Imported for me';
    const alice = await openDevice(browser, accounts.alice);
    await alice.page.goto('/user/profile');
    await expect(syncStatus(alice.page)).toHaveText('Synced', { timeout: 15_000 });
    // A file of the default mode: names only, as the spec's tasks carry them.
    const task = (id: string, title: string, assignedTo: string) => ({
      id,
      title,
      description: 'From a file',
      priority: 'Medium',
      deadline: '2099-01-01',
      progress: 0,
      assignedTo,
    });
    const file = JSON.stringify({
      format: 'tasklane-export',
      version: 2,
      exportedAt: '2026-11-29T10:00:00.000Z',
      tasks: [task('1700000000101', forBob, 'Bob Builder'), task('1700000000102', forMe, 'Alice Author')],
      notes: '',
      calendarEvents: [],
      userProfile: null,
    });
    const chooser = alice.page.waitForEvent('filechooser');
    await alice.page.getByRole('button', { name: 'Import a file' }).click();
    await (
      await chooser
    ).setFiles({ name: 'tasklane-2026-11-29.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await alice.page.getByRole('main').getByRole('button', { name: 'Apply import' }).click();

    await expect(
      alice.page.locator('[data-sonner-toast]').filter({
        hasText:
          '“Imported for Bob” was not assigned to “Bob Builder”: a name alone assigns a task only to yourself. Choose the person in Reassign.',
      }),
    ).toBeVisible();
    await expect(syncStatus(alice.page)).toHaveText('Synced');
    // Bob, the one account with that name, gets nothing; the task keeps the name to show, bound to nobody.
    expect((await pullAll(server.base, accounts.bob)).map((row) => row.data.title)).not.toContain(forBob);
    expect(await storedTask(alice.page, forBob)).toMatchObject({ assignedTo: 'Bob Builder', assigneeId: '' });
    expect(await storedTask(alice.page, forMe)).toMatchObject({
      assignedTo: 'Alice Author',
      assigneeId: userIdOf(accounts.alice),
    });
    // No toast for the importer's own task.
    await expect(alice.page.locator('[data-sonner-toast]').filter({ hasText: forMe })).toHaveCount(0);
    await alice.context.close();
  });
});
