/**
 * A project's own columns (docs/product.md#project-columns) on the worker's production server with
 * TEAM_SYNC=on: a manager edits them in `Columns` (refusals word for word, a column added, renamed
 * and moved, a WIP limit), the board shows them in order with the limit, a card moved into the done
 * column is completed and moved out of it reopened, the dashboard of every project keeps the spec's
 * three, and a member's browser shows the same columns.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import {
  boardColumn,
  drag,
  openDeviceAt,
  pushTasksAt,
  registerAccount,
  storedTask,
  syncStatus,
  userIdOf,
  type Account,
  apiAs,
  columnHeadings,
} from './team-sync-helpers';

let server: AppProcess;
let olive: Account;
let bob: Account;

const EDITED = ['Backlog', 'In Progress', 'Review', 'Completed'];

function api(account: Account, method: string, path: string, body: unknown): Promise<unknown> {
  return apiAs(server.base, account, method, path, body);
}

function columnRow(dialog: Locator, index: number): Locator {
  return dialog.getByRole('group', { name: `Column ${index}`, exact: true });
}

/** Olive's edit of SUP's columns: refusals first, then To Do → Backlog, a Review (limit 1) before Completed. */
async function editColumns(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns of Support' });
  await expect(dialog.getByRole('group')).toHaveCount(3);
  await expect(columnRow(dialog, 3).getByLabel('Kind').locator('option')).toHaveText([
    'To do',
    'Doing',
    'Done',
  ]);
  await columnRow(dialog, 3).getByLabel('Kind').selectOption({ label: 'Doing' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A board needs a Done column.')).toBeVisible();
  await columnRow(dialog, 3).getByLabel('Kind').selectOption({ label: 'Done' });
  await columnRow(dialog, 1).getByLabel('Name').fill('  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A column name is 1 to 30 characters.')).toBeVisible();
  await columnRow(dialog, 1).getByLabel('Name').fill('Backlog');
  await dialog.getByRole('button', { name: 'Add column' }).click();
  await expect(columnRow(dialog, 4).getByLabel('Name')).toHaveValue('New column');
  await columnRow(dialog, 4).getByLabel('Name').fill('Review');
  await columnRow(dialog, 4).getByLabel('WIP limit').fill('two');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A WIP limit is a whole number from 1 to 999.')).toBeVisible();
  await columnRow(dialog, 4).getByLabel('WIP limit').fill('1');
  await dialog.getByRole('button', { name: 'Move Review up' }).click();
  await expect(columnRow(dialog, 3).getByLabel('Name')).toHaveValue('Review');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Columns saved.')).toBeVisible();
  await expect(columnHeadings(page)).toHaveText(EDITED);
  await expect(boardColumn(page, 'Review').getByText('WIP limit 1', { exact: true })).toBeVisible();
}

async function addCard(page: Page, column: string, title: string): Promise<void> {
  await boardColumn(page, column).getByRole('button', { name: 'Add task' }).click();
  const field = page.getByLabel(`Title of a new task in ${column}`);
  await field.fill(title);
  await field.press('Enter');
  await field.press('Escape');
  await expect(boardColumn(page, column).getByText(title)).toBeVisible();
}

test.describe('@one-width a project’s own columns', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    olive = await registerAccount(server.base, 'Olive Columns', uniqueEmail('olive-columns'), 'user');
    bob = await registerAccount(server.base, 'Bob Columns', uniqueEmail('bob-columns'), 'user');
    const created = (await api(olive, 'POST', '/api/projects', { name: 'Support', key: 'SUP' })) as {
      project: { id: string };
    };
    await api(olive, 'PUT', `/api/projects/${created.project.id}/members/${userIdOf(bob)}`, {
      role: 'member',
    });
  });

  test('a manager edits the columns; a done column completes, out of it reopens; a member sees them', async ({
    browser,
  }) => {
    const oliveDevice = await openDeviceAt(server.base, browser, olive);
    const { page } = oliveDevice;
    await page.goto('/user/dashboard?project=SUP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support', { timeout: 15_000 });
    await expect(columnHeadings(page)).toHaveText(['To Do', 'In Progress', 'Completed']);
    await editColumns(page);

    await addCard(page, 'Backlog', 'Answer the ticket');
    await drag(page, 'Answer the ticket', 'Backlog', 'Review', EDITED);
    await expect(boardColumn(page, 'Review').getByText('Answer the ticket')).toBeVisible();
    await addCard(page, 'Review', 'Check the logs');
    await expect(boardColumn(page, 'Review').getByText('Over WIP limit 1', { exact: true })).toBeVisible();
    await expect(boardColumn(page, 'Review').getByText('2 tasks', { exact: true })).toBeVisible();

    // Into the done column: completed, by the one rule for done.
    await drag(page, 'Answer the ticket', 'Review', 'Completed', EDITED);
    await expect(boardColumn(page, 'Completed').getByText('Answer the ticket')).toBeVisible();
    await expect(syncStatus(page)).toHaveText(/Synced/, { timeout: 15_000 });
    expect(await storedTask(page, 'Answer the ticket')).toMatchObject({ progress: 100, status: 'Completed' });
    // The dashboard of every project keeps the spec's three, and shows it done.
    await page.goto('/user/dashboard');
    await expect(columnHeadings(page)).toHaveText(['To Do', 'In Progress', 'Completed']);
    await expect(boardColumn(page, 'Completed').getByText('Answer the ticket')).toBeVisible();
    await expect(boardColumn(page, 'In Progress').getByText('Check the logs')).toBeVisible();

    // Out of it: reopened at the start of a to-do column.
    await page.goto('/user/dashboard?project=SUP');
    await expect(columnHeadings(page)).toHaveText(EDITED, { timeout: 15_000 });
    await drag(page, 'Answer the ticket', 'Completed', 'Backlog', EDITED);
    await expect(boardColumn(page, 'Backlog').getByText('Answer the ticket')).toBeVisible();
    const reopened = await storedTask(page, 'Answer the ticket');
    expect(reopened.progress).toBe(0);
    expect(reopened.status).not.toBe('Completed');

    // Bob, a member, sees the same columns and cards.
    const bobDevice = await openDeviceAt(server.base, browser, bob);
    await bobDevice.page.goto('/user/dashboard?project=SUP');
    await expect(columnHeadings(bobDevice.page)).toHaveText(EDITED, { timeout: 15_000 });
    await expect(boardColumn(bobDevice.page, 'Review').getByText('Check the logs')).toBeVisible({
      timeout: 15_000,
    });
    await expect(boardColumn(bobDevice.page, 'Backlog').getByText('Answer the ticket')).toBeVisible();
    // Only managers edit them.
    await expect(bobDevice.page.getByRole('button', { name: 'Columns', exact: true })).toHaveCount(0);
    await bobDevice.context.close();
    await oliveDevice.context.close();
  });
});

test.describe('a project’s own columns at both widths', () => {
  let carol: Account;

  test.beforeAll(async ({ teamServer }) => {
    server = teamServer;
    carol = await registerAccount(server.base, 'Carol Columns', uniqueEmail('carol-columns'), 'user');
    const created = (await api(carol, 'POST', '/api/projects', { name: 'Help desk', key: 'HLP' })) as {
      project: { id: string };
    };
    const saved = (await api(carol, 'PUT', `/api/projects/${created.project.id}/columns`, {
      columns: [
        { id: 'todo', name: 'Backlog', kind: 'todo', wipLimit: null },
        { id: 'doing', name: 'Doing', kind: 'doing', wipLimit: 1 },
        { name: 'Review', kind: 'doing', wipLimit: null },
        { id: 'done', name: 'Done', kind: 'done', wipLimit: null },
      ],
    })) as { project: { columns: { id: string; name: string }[] } };
    const review = saved.project.columns.find((column) => column.name === 'Review')!.id;
    await pushTasksAt(server.base, carol, [
      { title: 'Reset a password', progress: 0, projectId: created.project.id },
      { title: 'Replace a laptop battery', progress: 50, projectId: created.project.id },
      { title: 'Order a second screen', progress: 60, projectId: created.project.id },
      { title: 'Check the backup', progress: 60, projectId: created.project.id, columnId: review },
      { title: 'Set up the printer', progress: 100, projectId: created.project.id },
    ]);
  });

  test('the board shows each column with its cards and limit, and passes axe with its dialogs, light and dark', async ({
    browser,
  }) => {
    // Six axe runs over a board and its dialogs: over a minute on a busy two-core machine.
    test.setTimeout(120_000);
    const device = await openDeviceAt(server.base, browser, carol);
    const { page } = device;
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/user/dashboard?project=HLP');
      await expect(columnHeadings(page)).toHaveText(['Backlog', 'Doing', 'Review', 'Done'], {
        timeout: 15_000,
      });
      await expect(boardColumn(page, 'Review').getByText('Check the backup')).toBeVisible({
        timeout: 15_000,
      });
      await expect(boardColumn(page, 'Doing').getByText('Over WIP limit 1', { exact: true })).toBeVisible();
      await expect(boardColumn(page, 'Backlog').getByText('Reset a password')).toBeVisible();
      await expect(boardColumn(page, 'Done').getByText('Set up the printer')).toBeVisible();
      // Task Analytics counts the project's own columns.
      await expect(page.getByRole('region', { name: 'Task Analytics' })).toContainText(
        'Backlog: 1 task, Doing: 2 tasks, Review: 1 task, Done: 1 task',
      );
      expect(await findAxeViolations(page), `${theme} board`).toEqual([]);
      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Columns of Help desk' })).toBeVisible();
      expect(await findAxeViolations(page), `${theme} columns`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Members', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
      expect(await findAxeViolations(page), `${theme} members`).toEqual([]);
      await page.keyboard.press('Escape');
      // The card menu's move, with the target board's columns.
      await boardColumn(page, 'Backlog')
        .locator('li')
        .filter({ hasText: 'Reset a password' })
        .getByRole('button', { name: 'Task actions' })
        .click();
      await page.getByRole('menuitem', { name: 'Move to project' }).click();
      await expect(page.getByRole('dialog', { name: 'Move task' }).getByLabel('Column')).toHaveValue('todo');
      expect(await findAxeViolations(page), `${theme} move`).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await device.context.close();
  });
});
