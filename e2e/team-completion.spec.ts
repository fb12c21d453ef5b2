/**
 * One rule for done (docs/product.md#task-completion), with team sync on, two people in two browsers:
 * an admin marks a member's weekly task whose progress follows its checklist (2 of 3 ticked) as
 * completed; the member, after a reload, sees it completed with every item ticked, its next
 * occurrence once (on the server too), the completed entry in the bell once; the member's own export
 * imports as unchanged (0 updated). The admin's task view says how a completed task is reopened; axe in
 * both themes. On its own TEAM_SYNC=on server (the admin is its first one).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import {
  boardColumn,
  openDeviceAt,
  pullAll,
  pushTasksAt,
  registerAccount,
  syncStatus,
  userIdOf,
  type Account,
  type Column,
} from './team-sync-helpers';

let server: AppProcess;
const accounts = {} as Record<'admin' | 'member', Account>;
const TITLE = 'Weekly report';
const REOPEN_HINT = 'To reopen it, lower its progress or untick a checklist item.';

/** The board's cards titled TITLE in one column. */
function cards(page: Page, column: Column) {
  return boardColumn(page, column)
    .locator('[aria-roledescription="draggable task"]')
    .filter({ hasText: TITLE });
}

test.describe('one rule for done, with team sync on', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    // The member first: once an admin exists, sign-up may be by invitation only.
    accounts.member = await registerAccount(server.base, 'Mo Member', 'mo-done@example.com', 'user');
    accounts.admin = await registerAccount(server.base, 'Tara Admin', 'tara-done@example.com', 'admin');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('@one-width Mark as Completed on a checklist-driven weekly task: completed everywhere, next occurrence once, the owner told once, own export imports as unchanged', async ({
    browser,
  }) => {
    const base = server.base;
    const { member, admin } = accounts;
    await pushTasksAt(base, member, [
      {
        title: TITLE,
        assignedTo: member.fullName,
        assigneeId: userIdOf(member),
        email: member.email,
        deadline: '2099-01-01',
        progress: 67,
        checklistProgress: true,
        repeat: { every: 'week', interval: 1, from: 'deadline' },
        ck_aaaaaaaa: { text: 'Gather numbers', done: true, pos: 1 },
        ck_bbbbbbbb: { text: 'Write summary', done: true, pos: 2 },
        ck_cccccccc: { text: 'Send to team', done: false, pos: 3 },
      },
    ]);

    // The admin marks it completed.
    const adminDevice = await openDeviceAt(base, browser, admin);
    const adminPage = adminDevice.page;
    await adminPage.goto('/admin/manage-tasks');
    const row = adminPage.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await row.getByRole('button', { name: '✅ Mark as Completed' }).click();
    await expect(adminPage.getByText(`"${TITLE}" marked as completed.`, { exact: true })).toBeVisible();
    await expect(adminPage.getByText(`Next "${TITLE}" is due 2099-01-08.`, { exact: true })).toBeVisible();
    await expect(syncStatus(adminPage)).toHaveText('Synced', { timeout: 30_000 });

    // The server holds the completed task, every item ticked, and one next occurrence.
    const rows = (await pullAll(base, member)).filter((task) => task.data.title === TITLE);
    expect(rows).toHaveLength(2);
    const done = rows.find((task) => task.data.progress === 100)!;
    const next = rows.find((task) => task.data.progress === 0)!;
    expect(done.data).toMatchObject({
      status: 'Completed',
      checklistProgress: true,
      repeatedAs: next.uid,
      ck_cccccccc: { text: 'Send to team', done: true, pos: 3 },
    });
    expect(next.data).toMatchObject({ deadline: '2099-01-08', progress: 0, checklistProgress: true });
    expect(next.data.status).toBeUndefined();

    // The member, after a reload: completed with its checklist, the next one once, the bell told once.
    const memberDevice = await openDeviceAt(base, browser, member);
    const page = memberDevice.page;
    await page.goto('/user/dashboard');
    await expect(syncStatus(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.reload();
    const completedCards = cards(page, 'Completed');
    await expect(completedCards).toHaveCount(1, { timeout: 30_000 });
    await expect(completedCards.getByText('3/3', { exact: true })).toBeVisible();
    await expect(completedCards.getByText('Checklist: 3 of 3 done', { exact: true })).toBeAttached();
    await expect(completedCards.getByText('Deadline: 2099-01-01', { exact: true })).toBeVisible();
    const toDoCards = cards(page, 'To Do');
    await expect(toDoCards).toHaveCount(1);
    await expect(toDoCards.getByText('Deadline: 2099-01-08', { exact: true })).toBeVisible();
    await expect(toDoCards.getByText('0/3', { exact: true })).toBeVisible();
    await expect(cards(page, 'In Progress')).toHaveCount(0);

    await page.goto(`/user/dashboard?task=${done.uid}`);
    const view = page.getByRole('dialog');
    await expect(view.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 15_000 });
    await expect(view.getByText('100% Completed', { exact: true })).toBeVisible();
    await expect(view.getByText('3 of 3 done', { exact: true })).toBeVisible();
    await expect(view.getByRole('checkbox', { name: 'Send to team' })).toBeChecked();
    await expect(view.getByText('Its next occurrence is made.', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    const bell = page.getByRole('banner').getByRole('button', { name: /^Inbox/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Inbox' });
    await expect(
      panel.getByRole('listitem').filter({ hasText: `Tara Admin completed "${TITLE}"` }),
    ).toHaveCount(1, { timeout: 30_000 });
    await page.keyboard.press('Escape');

    // The member's own export imports as unchanged.
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({ timeout: 15_000 });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all data (JSON)' }).click();
    const file = await downloading;
    const text = await readFile(await file.path(), 'utf8');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import a file' }).click();
    await (
      await chooser
    ).setFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Import preview' })).toBeFocused();
    await expect(
      main.getByText('Tasks: 0 new, 0 updated, 2 unchanged, 0 invalid.', { exact: true }),
    ).toBeVisible();
    await expect(
      main.getByText('Nothing to change: everything in this file is already here.', { exact: true }),
    ).toBeVisible();

    await adminDevice.context.close();
    await memberDevice.context.close();
  });

  test('the admin’s task view of a completed task: Status Completed, disabled, says how to reopen it; axe in both themes', async ({
    browser,
  }) => {
    const base = server.base;
    const title = `Quarterly review ${test.info().project.name}`;
    const { uids } = await pushTasksAt(base, accounts.member, [
      { title, progress: 100, status: 'Completed', assigneeId: userIdOf(accounts.member) },
    ]);
    const device = await openDeviceAt(base, browser, accounts.admin);
    const page: Page = device.page;
    await page.goto(`/admin/manage-tasks?task=${uids[0]}`);
    const view = page.getByRole('dialog');
    await expect(view.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
    const status = view.getByRole('combobox', { name: 'Status' });
    await expect(status).toHaveValue('Completed');
    await expect(status).toBeDisabled();
    await expect(status).toHaveAccessibleDescription(REOPEN_HINT);
    await expect(view.getByText(REOPEN_HINT, { exact: true })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
    await device.context.close();
  });
});
