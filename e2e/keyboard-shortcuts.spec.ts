import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, type StoredTask } from './page-helpers';

/**
 * The member area's keyboard shortcuts (docs/product.md#keyboard-shortcuts): `?` lists them, `n` starts
 * a new task, `/` goes to 'Search tasks'; none while typing in a field or with Ctrl/Meta/Alt.
 */

const TASKS: StoredTask[] = [
  {
    id: '1700000000001',
    title: 'Existing task',
    description: 'd',
    priority: 'Low',
    deadline: '2099-01-01',
    progress: 0,
    assignedTo: 'Mira Member',
  },
];

/** Takes focus off any field, as a user clicking the page's background does. */
async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

function shortcutList(page: Page) {
  return page.getByRole('dialog', { name: 'Keyboard shortcuts' });
}

function quickAdd(page: Page) {
  return page.getByRole('dialog', { name: 'Create a New Task' });
}

test.describe('Keyboard shortcuts', () => {
  test('? lists the shortcuts with their exact texts; Esc and Close close it, focus goes back', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/dashboard', { json: { tasks: TASKS } });
    await expect(page.getByRole('heading', { name: 'Existing task' })).toBeVisible();
    await focusPage(page);

    await page.keyboard.press('?');
    const dialog = shortcutList(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Keyboard shortcuts');
    await expect(dialog.getByRole('term')).toHaveText(['n', '/', 'Enter', 'Esc', '?']);
    await expect(dialog.getByRole('definition')).toHaveText([
      'New task',
      'Search tasks',
      'Open the focused task',
      'Close',
      'This list',
    ]);
    await expect(
      dialog.getByText('They do not work while you type in a field.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
    expect(await findAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Keys do nothing more while it is open.
    await page.keyboard.press('n');
    await expect(quickAdd(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search tasks' });
    await search.focus();
    await search.blur();
    await page.getByRole('button', { name: 'Filters' }).focus();
    await page.keyboard.press('?');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filters' })).toBeFocused();
  });

  test(
    'n on a member page opens the quick add: the Create Tasks form, which adds the task and closes',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/dashboard', { json: { tasks: TASKS } });
      await expect(page.getByRole('heading', { name: 'Existing task' })).toBeVisible();
      await focusPage(page);

      await page.keyboard.press('n');
      const dialog = quickAdd(page);
      await expect(dialog).toBeVisible();
      const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
      await expect(title).toBeFocused();
      // The key that opened it is not typed.
      await expect(title).toHaveValue('');
      await expect(dialog.getByRole('button')).toHaveText(['Add Task', 'Cancel']);
      expect(await findAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await title.fill('Quick one');
      await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Added with n');
      await dialog.getByRole('textbox', { name: 'Deadline', exact: true }).fill('2099-05-01');
      await dialog.getByRole('button', { name: 'Add Task' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Task added successfully!', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Quick one' })).toBeVisible();
      const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
      expect(stored?.map((task) => [task.title, task.description, task.deadline, task.priority])).toEqual([
        ['Existing task', 'd', '2099-01-01', 'Low'],
        ['Quick one', 'Added with n', '2099-05-01', 'Medium'],
      ]);

      // Cancel and Esc close it, adding nothing.
      await focusPage(page);
      await page.keyboard.press('n');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await page.keyboard.press('n');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(await readStoredJson<StoredTask[]>(page, 'tasks')).toHaveLength(2);
    },
  );

  test(
    "n on Create Tasks focuses the form's title; / focuses Search tasks where there is one",
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/userpage', { json: { tasks: TASKS } });
      await expect(page.getByRole('heading', { name: 'Existing task' })).toBeVisible();
      await focusPage(page);

      await page.keyboard.press('n');
      const title = page
        .getByRole('form', { name: 'Create a New Task' })
        .getByRole('textbox', { name: 'Title', exact: true });
      await expect(title).toBeFocused();
      await expect(title).toHaveValue('');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await focusPage(page);
      await page.keyboard.press('/');
      const search = page.getByRole('searchbox', { name: 'Search tasks' });
      await expect(search).toBeFocused();
      await expect(search).toHaveValue('');

      // The calendar has no search: / does nothing there.
      await page.goto('/user/calendar');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await focusPage(page);
      await page.keyboard.press('/');
      await expect(page.locator('input:focus, textarea:focus')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );

  test(
    'none fires while typing in a field, nor with Ctrl, Meta or Alt',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/dashboard', { json: { tasks: TASKS } });
      const search = page.getByRole('searchbox', { name: 'Search tasks' });
      await search.click();
      await page.keyboard.type('n/?');
      await expect(search).toHaveValue('n/?');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      const notes = page.getByRole('textbox', { name: 'Notes', exact: true });
      await notes.click();
      await page.keyboard.type('?n');
      await expect(notes).toHaveValue(/\?n$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await focusPage(page);
      for (const key of ['Control+n', 'Alt+n', 'Meta+/', 'Control+/', 'Alt+Shift+?']) {
        await page.keyboard.press(key);
      }
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(search).not.toBeFocused();
    },
  );
});
