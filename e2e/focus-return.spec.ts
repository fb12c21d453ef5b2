import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openWith, type StoredTask } from './page-helpers';
import { createTaskFor, openDeviceAt, registerAccount } from './team-sync-helpers';

/**
 * Focus goes back where it came from (docs/product.md#dialogs, docs/product.md#undo-a-delete): every
 * dialog, opened with Enter and closed with Escape or its own close/cancel button, gives focus back to
 * the control that opened it; the task view opened from the bell's inbox comes back to the bell; Undo
 * focuses the restored task. All by keyboard, checked on `document.activeElement`.
 */

const TASKS: StoredTask[] = [
  { id: '1767225600001', title: 'Plan the sprint', description: 'd', deadline: '2099-03-10', progress: 10 },
  { id: '1767225600002', title: 'Ship the release', description: 'd', deadline: '2099-03-11', progress: 60 },
  { id: '1767225600003', title: 'Write the notes', description: 'd', deadline: '2099-03-12', progress: 0 },
];

function toastWith(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

function boardCard(page: Page, title: string): Locator {
  return page.locator('[aria-roledescription="draggable task"]').filter({ hasText: title });
}

/** Focuses `opener`, presses Enter, and checks `dialog` opened. */
async function openWithEnter(opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await expect(opener).toBeFocused();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
}

/** Escape closes `dialog`, then `button` (reached with Tab from where focus starts) closes it again: focus is on `opener` each time. */
async function closesBackTo(page: Page, opener: Locator, dialog: Locator, button: Locator): Promise<void> {
  await openWithEnter(opener, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await openWithEnter(opener, dialog);
  for (let step = 0; step < 30; step++) {
    if (await button.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('focus returns where it came from', () => {
  test('@one-width the task view, the quick add and the shortcut list give focus back to the card', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/dashboard', { tasks: TASKS });
    const card = boardCard(page, 'Ship the release');
    await expect(card).toBeVisible({ timeout: 15_000 });

    const view = page.getByRole('dialog', { name: 'Ship the release' });
    await closesBackTo(page, card, view, view.getByRole('button', { name: 'Close task' }));

    // The shortcuts' dialogs open from the focused card with their keys.
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await card.focus();
    await page.keyboard.press('?');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(card).toBeFocused();
    await page.keyboard.press('?');
    await expect(list.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card).toBeFocused();

    const quickAdd = page.getByRole('dialog', { name: 'Create a New Task' });
    await page.keyboard.press('n');
    await expect(quickAdd).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(quickAdd).toBeHidden();
    await expect(card).toBeFocused();
    await page.keyboard.press('n');
    await quickAdd.getByRole('button', { name: 'Cancel', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(quickAdd).toBeHidden();
    await expect(card).toBeFocused();
  });

  test("@one-width Manage Tasks' delete confirmation gives focus back to '❌ Delete'", async ({
    adminPage: page,
  }) => {
    await openWith(page, '/admin/manage-tasks', { tasks: TASKS });
    const row = page.getByRole('table', { name: 'Pending Tasks' }).getByRole('row').filter({
      hasText: 'Plan the sprint',
    });
    const remove = row.getByRole('button', { name: '❌ Delete' });
    const dialog = page.getByRole('dialog', { name: 'Delete task?' });
    await closesBackTo(page, remove, dialog, dialog.getByRole('button', { name: 'Cancel', exact: true }));
    await expect(row).toBeVisible();
  });

  test('@one-width Undo focuses the restored card on the board (deleted in the task view)', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/dashboard', { tasks: TASKS });
    const card = boardCard(page, 'Ship the release');
    const view = page.getByRole('dialog', { name: 'Ship the release' });
    await openWithEnter(card, view);
    await view.getByRole('button', { name: 'Delete Task', exact: true }).press('Enter');
    await expect(view).toBeHidden();
    await expect(card).toHaveCount(0);

    const undo = toastWith(page, 'Task removed successfully!').getByRole('button', { name: 'Undo' });
    await undo.focus();
    await page.keyboard.press('Enter');
    await expect(card).toBeVisible();
    await expect(card).toBeFocused();
  });

  test("@one-width Undo focuses the restored task's title on Create Tasks", async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage', { tasks: TASKS });
    const gridCard = page.getByRole('main').getByRole('article', { name: 'Write the notes', exact: true });
    await gridCard.getByRole('button', { name: 'Delete Task' }).press('Enter');
    await expect(gridCard).toHaveCount(0);
    await toastWith(page, 'Task removed successfully!').getByRole('button', { name: 'Undo' }).press('Enter');
    await expect(gridCard.getByRole('link', { name: 'Write the notes', exact: true })).toBeFocused();
  });

  test("@one-width Undo after Manage Tasks' '❌ Delete' focuses the restored row's title", async ({
    adminPage: page,
  }) => {
    await openWith(page, '/admin/manage-tasks', { tasks: TASKS });
    const pending = page.getByRole('table', { name: 'Pending Tasks' });
    await pending
      .getByRole('row')
      .filter({ hasText: 'Plan the sprint' })
      .getByRole('button', { name: '❌ Delete' })
      .press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete task?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    await toastWith(page, '"Plan the sprint" deleted.').getByRole('button', { name: 'Undo' }).press('Enter');
    await expect(pending.getByRole('link', { name: 'Plan the sprint', exact: true })).toBeFocused();
  });
});

test.describe('team mode', () => {
  test('@one-width the task view opened from the bell gives focus back to the bell (Escape and Close task)', async ({
    browser,
    teamServer,
  }) => {
    test.setTimeout(180_000);
    const base = teamServer.base;
    const ana = await registerAccount(base, 'Ana Focus', 'ana-focus@example.com', 'user');
    const ben = await registerAccount(base, 'Ben Focus', 'ben-focus@example.com', 'user');
    const anaDevice = await openDeviceAt(base, browser, ana);
    await createTaskFor(anaDevice.page, 'Book the hall', 'Ben Focus');
    await anaDevice.context.close();

    const { page, context } = await openDeviceAt(base, browser, ben);
    await page.goto('/user/calendar');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Inbox/ });
    await expect(bell).toHaveAccessibleName('Inbox, 1 unread', { timeout: 30_000 });
    const view = page.getByRole('dialog', { name: 'Book the hall' });
    // The entry's own button (the first of its item; the second marks it read).
    const entry = page
      .getByRole('dialog', { name: 'Inbox' })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .first();

    for (const close of ['Escape', 'Close task'] as const) {
      await bell.focus();
      await page.keyboard.press('Enter');
      await expect(entry).toContainText('Ana Focus assigned "Book the hall" to you');
      await entry.focus();
      await page.keyboard.press('Enter');
      await expect(view).toBeVisible();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await view.getByRole('button', { name: 'Close task' }).press('Enter');
      await expect(view).toBeHidden();
      await expect(bell).toBeFocused();
    }
    await context.close();
  });
});
