import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith } from './page-helpers';

/**
 * Undo of a delete (docs/product.md#undo-a-delete), in the default mode: Create Tasks' 'Delete Task'
 * and the admin's '❌ Delete' keep their toasts' texts and add 'Undo' for as long as the toast shows;
 * Undo puts back exactly what was stored.
 */

const TASKS = [
  {
    id: '1700000000001',
    title: 'Keep me',
    description: 'd',
    priority: 'Low',
    deadline: '2099-01-01',
    progress: 5,
    assignedTo: 'Mira Member',
  },
  {
    id: '1700000000002',
    title: 'Bring me back',
    description: 'Two\nlines',
    priority: 'High',
    deadline: '2099-02-01',
    progress: 50,
    assignedTo: 'Mira Member',
    email: 'mira@example.com',
    column: 'In Progress',
    labels: ['l1'],
    updatedAt: '2026-01-02T03:04:05.000Z',
    ck_a1: { text: 'Step', done: true, pos: 1 },
    someFutureField: { kept: true },
  },
  {
    id: '1700000000003',
    title: 'Last one',
    description: 'd',
    priority: 'Medium',
    deadline: '2099-03-01',
    progress: 0,
    assignedTo: 'Mira Member',
  },
];

function storedText(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('tasks'));
}

/** The open toast that holds `text`. */
function toastWith(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

function gridCard(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('article', { name: title, exact: true });
}

test.describe('Undo a delete', () => {
  test(
    "Create Tasks: 'Delete Task' shows its toast with Undo; Undo puts the task back exactly, where it was",
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/userpage', { json: { tasks: TASKS } });
      const before = await storedText(page);

      await gridCard(page, 'Bring me back').getByRole('button', { name: 'Delete Task' }).click();
      const toast = toastWith(page, 'Task removed successfully!');
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('button', { name: 'Undo', exact: true })).toHaveText('Undo');
      await expect(gridCard(page, 'Bring me back')).toHaveCount(0);
      expect(JSON.parse((await storedText(page))!)).toHaveLength(2);

      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(toast).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
      await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([
        'Keep me',
        'Bring me back',
        'Last one',
      ]);
      // Exactly as stored before: same fields, same order, no new updatedAt.
      expect(await storedText(page)).toBe(before);
    },
  );

  test(
    'Undo lasts as long as the toast: once it has gone, the task stays deleted',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/userpage', { json: { tasks: TASKS } });
      await page.mouse.move(0, 0);
      await gridCard(page, 'Last one').getByRole('button', { name: 'Delete Task' }).click();
      const toast = toastWith(page, 'Task removed successfully!');
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
      // 3 s, then the toast (and its Undo) leaves.
      await expect(toast).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expect(gridCard(page, 'Last one')).toHaveCount(0);
      expect(JSON.parse((await storedText(page))!)).toHaveLength(2);
    },
  );

  test(
    'Undo is reached from the keyboard (Alt+T moves to the toasts, then Tab)',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/userpage', { json: { tasks: TASKS } });
      const before = await storedText(page);
      const remove = gridCard(page, 'Keep me').getByRole('button', { name: 'Delete Task' });
      await remove.focus();
      await page.keyboard.press('Enter');
      const undo = toastWith(page, 'Task removed successfully!').getByRole('button', { name: 'Undo' });
      await expect(undo).toBeVisible();
      await page.keyboard.press('Alt+KeyT');
      // Focus in the toast pauses it; Tab goes through its buttons to Undo.
      for (let step = 0; step < 4; step++) {
        if (await undo.evaluate((button) => button === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(undo).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(gridCard(page, 'Keep me')).toBeVisible();
      expect(await storedText(page)).toBe(before);
    },
  );

  test(
    "Manage Tasks: '❌ Delete' then 'Delete' shows its toast with Undo; Undo brings the row back",
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openWith(page, '/admin/manage-tasks', { json: { tasks: TASKS } });
      const before = await storedText(page);
      const pending = page.getByRole('table', { name: 'Pending Tasks' });
      const row = pending.getByRole('row').filter({ hasText: 'Bring me back' });

      await row.getByRole('button', { name: '❌ Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete task?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      const toast = toastWith(page, '"Bring me back" deleted.');
      await expect(toast).toBeVisible();
      await expect(row).toHaveCount(0);
      await toast.hover();
      await expect(toast.getByRole('button', { name: 'Undo', exact: true })).toHaveText('Undo');
      expect(await findAxeViolations(page)).toEqual([]);

      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(pending.getByRole('row').filter({ hasText: 'Bring me back' })).toBeVisible();
      await expect(pending.locator('tbody th')).toHaveText([/^Keep me/, /^Bring me back/, /^Last one/]);
      expect(await storedText(page)).toBe(before);
    },
  );

  test("the grid's toast with Undo has no axe violations (light and dark)", async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage', { json: { tasks: TASKS } });
    await gridCard(page, 'Keep me').getByRole('button', { name: 'Delete Task' }).click();
    const toast = toastWith(page, 'Task removed successfully!');
    // Hovered, the toast stays while axe reads it.
    await toast.hover();
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
  });
});
