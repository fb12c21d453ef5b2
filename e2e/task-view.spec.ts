/**
 * The task view (docs/product.md#the-task-view): every task opens from every place that lists it, at its
 * own address, and each field is saved as it is changed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, type StoredTask } from './page-helpers';

const TASKS: StoredTask[] = [
  {
    id: '1767225600000',
    title: 'Write release notes',
    description: 'For v2, see https://example.com/notes.',
    priority: 'High',
    deadline: '2099-03-10',
    progress: 10,
    assignedTo: 'Test Member',
    email: 'member@example.com',
  },
  { id: '2', title: 'Review PR', description: 'The migration', deadline: '2099-03-11', progress: 60 },
];

function view(page: Page) {
  return page.getByRole('dialog');
}

async function openBoard(page: Page, tasks: StoredTask[] = TASKS) {
  await openWith(page, '/user/dashboard', { tasks });
  await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
}

function storedTask(page: Page, id: string) {
  return readStoredJson<StoredTask[]>(page, 'tasks').then((tasks) => tasks?.find((task) => task.id === id));
}

test.describe('the task view', () => {
  test('a click on a board card opens the task at its own address; Back and Escape close it', async ({
    memberPage: page,
  }) => {
    await openBoard(page);
    await page.locator('#task-card-1767225600000').click();
    await expect(view(page).getByRole('heading', { name: 'Write release notes' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard\?task=1767225600000$/);
    await expect(view(page).getByLabel('Title')).toHaveValue('Write release notes');
    await expect(view(page).getByLabel('Description')).toHaveValue('For v2, see https://example.com/notes.');
    await expect(view(page).getByLabel('Priority')).toHaveValue('High');
    await expect(view(page).getByLabel('Deadline')).toHaveValue('2099-03-10');
    await expect(view(page).getByText('10% Completed')).toBeVisible();
    await expect(view(page).getByText('Assigned To', { exact: true })).toBeVisible();
    await expect(view(page).getByText('Test Member')).toBeVisible();
    // The default mode's id is the creation time.
    await expect(view(page).locator('time').first()).toHaveAttribute('datetime', '2026-01-01T00:00:00.000Z');
    await expect(view(page).getByText('Created', { exact: true })).toBeVisible();
    // Links in the description are links (never markup).
    await expect(view(page).getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute(
      'href',
      'https://example.com/notes',
    );
    await expect(view(page).getByRole('button', { name: 'Close task' })).toBeFocused();

    await page.goBack();
    await expect(view(page)).toBeHidden();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // Enter on a focused card opens it; Escape closes and focus returns to the card.
    await page.locator('#task-card-2').focus();
    await page.keyboard.press('Enter');
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view(page)).toBeHidden();
    await expect(page.locator('#task-card-2')).toBeFocused();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a shared link opens the task, a reload keeps it open, and Close leaves the page', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/dashboard?task=2', { tasks: TASKS });
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible({ timeout: 15_000 });
    await view(page).getByRole('button', { name: 'Close task' }).click();
    await expect(view(page)).toBeHidden();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible();

    await page.goto('/user/dashboard?task=gone');
    await expect(view(page).getByRole('heading', { name: 'Task not found' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      view(page).getByText(
        'This task is not on this device: it may have been deleted, or not have reached this device yet.',
      ),
    ).toBeVisible();
  });

  test(
    'each change is saved as it is made; a refused value shows its message and the task keeps its value',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openWith(page, '/user/userpage?task=2', { tasks: TASKS });
      const dialog = view(page);
      await expect(dialog.getByRole('heading', { name: 'Review PR' })).toBeVisible({ timeout: 15_000 });

      await dialog.getByLabel('Title').fill('Review the PR ');
      // Saved once typing pauses, trimmed in storage; the field keeps what was typed while focused.
      await expect.poll(async () => (await storedTask(page, '2'))?.title).toBe('Review the PR');
      await expect(dialog.getByLabel('Title')).toHaveValue('Review the PR ');
      await expect(dialog.getByRole('heading', { name: 'Review the PR' })).toBeVisible();

      await dialog.getByLabel('Description').fill('Line one\nLine two');
      await dialog.getByLabel('Priority').selectOption('Low');
      await dialog.getByLabel('Deadline').fill('2099-04-01');
      await expect
        .poll(async () => {
          const task = await storedTask(page, '2');
          return [task?.description, task?.priority, task?.deadline];
        })
        .toEqual(['Line one\nLine two', 'Low', '2099-04-01']);
      expect((await storedTask(page, '2')) as Record<string, unknown>).toHaveProperty('updatedAt');
      await expect(dialog.getByText('Last changed', { exact: true })).toBeVisible();

      // A blank title is refused: message by the field, the stored title unchanged, the draft kept.
      await dialog.getByLabel('Title').fill('   ');
      await expect(dialog.getByText('Title is required.')).toBeVisible();
      await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel('Description').focus();
      expect((await storedTask(page, '2'))?.title).toBe('Review the PR');
      await expect(dialog.getByLabel('Title')).toHaveValue('   ');
      await dialog.getByLabel('Title').fill('Review it');
      await expect(dialog.getByText('Title is required.')).toBeHidden();

      // The description may be cleared and the deadline removed: a task may have neither.
      await dialog.getByLabel('Description').fill('');
      await dialog.getByRole('button', { name: 'Remove deadline', exact: true }).click();
      await expect
        .poll(async () => {
          const task = await storedTask(page, '2');
          return [task?.description, task?.deadline];
        })
        .toEqual(['', '']);
      await expect(dialog.getByLabel('Deadline')).toHaveValue('');
      await expect(dialog.getByRole('button', { name: 'Remove deadline', exact: true })).toHaveCount(0);
      await expect(dialog.getByText('Description is required.')).toHaveCount(0);

      // Closing mid-edit keeps what was typed.
      await dialog.getByLabel('Description').fill('Typed just before closing');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect((await storedTask(page, '2'))?.description).toBe('Typed just before closing');
      // The grid card shows the new values.
      await expect(page.getByRole('heading', { name: 'Review it' })).toBeVisible();
      await expect(page.getByText('Typed just before closing')).toBeVisible();
    },
  );

  test(
    'progress moves the card on the board; Delete Task removes it',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openBoard(page);
      await page.locator('#task-card-2').click();
      const dialog = view(page);
      const slider = dialog.getByLabel('Progress', { exact: true });
      await slider.focus();
      for (let press = 0; press < 30; press++) await page.keyboard.press('ArrowRight');
      await expect(dialog.getByText('90% Completed')).toBeVisible();
      await expect(
        page.locator('section[data-column="Completed"]').getByText('Review PR', { exact: true }),
      ).toBeAttached();
      await dialog.getByRole('button', { name: 'Delete Task' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Task removed successfully!')).toBeVisible();
      expect(await storedTask(page, '2')).toBeUndefined();
      // The toast's Undo brings the task back as it was.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(async () => (await storedTask(page, '2'))?.progress).toBe(90);
      await expect(
        page.locator('section[data-column="Completed"]').getByText('Review PR', { exact: true }),
      ).toBeVisible();
    },
  );

  test('opens from the Create Tasks card, the calendar, Notifications and the admin pages', async ({
    memberPage: page,
  }) => {
    await openWith(page, '/user/userpage', { tasks: TASKS });
    await page.getByRole('link', { name: 'Review PR' }).click();
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/userpage\?task=2$/);
    await page.keyboard.press('Escape');

    const today = new Date();
    const key = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const dueToday = [{ ...TASKS[1]!, deadline: key(today) }];
    await openWith(page, '/user/notifications', { tasks: dueToday });
    await page.getByRole('link', { name: '🚨 Task "Review PR" is due today!' }).click();
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/user/calendar');
    await page
      .getByRole('link', { name: /Review PR/ })
      .first()
      .click();
    await expect(view(page).getByRole('heading', { name: 'Review PR' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/calendar\?task=2$/);
  });

  test(
    'admins open tasks from Manage Tasks and change the status there',
    { tag: '@one-width' },
    async ({ adminPage: page }) => {
      await openWith(page, '/admin/manage-tasks', { tasks: TASKS });
      await page.getByRole('link', { name: 'Review PR' }).click();
      const dialog = view(page);
      await expect(dialog.getByRole('heading', { name: 'Review PR' })).toBeVisible();
      await dialog.getByLabel('Status').selectOption('Completed');
      await expect(dialog.getByText('100% Completed')).toBeVisible();
      const stored = await storedTask(page, '2');
      expect([stored?.status, stored?.progress]).toEqual(['Completed', 100]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('table', { name: 'Completed Tasks' }).getByText('Review PR')).toBeVisible();

      await page.goto('/admin/dashboard');
      await page.getByRole('link', { name: 'Write release notes' }).click();
      await expect(view(page).getByRole('heading', { name: 'Write release notes' })).toBeVisible();
    },
  );

  test('axe finds no violations in the view, light and dark', async ({ memberPage: page }) => {
    await openWith(page, '/user/dashboard?task=1767225600000', { tasks: TASKS });
    await expect(view(page).getByRole('heading', { name: 'Write release notes' })).toBeVisible({
      timeout: 15_000,
    });
    expect(await findAxeViolations(page)).toEqual([]);
    // At 360 px the view fills the screen and nothing scrolls sideways.
    const box = await view(page).boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    if (width <= 400) {
      expect(Math.round(box?.width ?? 0)).toBe(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
