import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, type StoredTask } from './page-helpers';

/**
 * Manage Tasks (/admin/manage-tasks; docs/product.md#manage-tasks): 'Pending Tasks' and
 * 'Completed Tasks' from the browser's tasks.
 */

const PATH = '/admin/manage-tasks';

const TASKS: StoredTask[] = [
  {
    id: '1',
    title: 'Draft plan',
    description: 'd',
    priority: 'High',
    deadline: '2099-03-01',
    progress: 20,
    assignedTo: 'Mira',
    email: 'mira@example.com',
    column: 'In Progress',
  },
  {
    id: '2',
    title: 'Fix login',
    description: 'd',
    priority: 'Medium',
    deadline: '2099-03-02',
    progress: 60,
    assignedTo: 'Mira',
    email: 'mira@example.com',
    status: 'In Progress',
  },
  {
    id: '3',
    title: 'Call vendor',
    description: 'd',
    priority: 'Low',
    deadline: '2099-03-03',
    progress: 99,
    assignedTo: 'Ravi',
    email: 'ravi@example.com',
    status: 'Blocked',
  },
  {
    id: '4',
    title: 'Ship release',
    description: 'd',
    priority: 'High',
    deadline: '2099-03-04',
    progress: 100,
    assignedTo: 'Ravi',
    email: 'ravi@example.com',
    status: 'Completed',
  },
];

function table(page: Page, name: 'Pending Tasks' | 'Completed Tasks'): Locator {
  return page.getByRole('table', { name });
}

function rowOf(page: Page, name: 'Pending Tasks' | 'Completed Tasks', title: string): Locator {
  return table(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title }) });
}

test('@one-width splits tasks at exactly 100, with the Manage Tasks columns and a status badge per pending task', async ({
  adminPage: page,
}) => {
  await openWith(page, PATH, { json: { tasks: TASKS } });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Tasks');
  await expect(table(page, 'Pending Tasks').getByRole('columnheader')).toHaveText([
    'Title',
    'Email',
    'Priority',
    'Deadline',
    'Actions',
  ]);
  await expect(table(page, 'Completed Tasks').getByRole('columnheader')).toHaveText([
    'Title',
    'Email',
    'Priority',
    'Deadline',
  ]);
  await expect(table(page, 'Pending Tasks').locator('tbody tr')).toHaveCount(3);
  await expect(table(page, 'Completed Tasks').locator('tbody tr')).toHaveCount(1);

  const draft = rowOf(page, 'Pending Tasks', 'Draft plan');
  await expect(draft.getByRole('cell')).toHaveText([
    'mira@example.com',
    'High',
    '2099-03-01',
    '✅ Mark as Completed❌ Delete',
  ]);
  await expect(draft.getByRole('button')).toHaveText(['✅ Mark as Completed', '❌ Delete']);
  await expect(rowOf(page, 'Completed Tasks', 'Ship release').getByRole('cell')).toHaveText([
    'ravi@example.com',
    'High',
    '2099-03-04',
  ]);
  await expect(table(page, 'Completed Tasks').getByRole('button')).toHaveCount(0);

  // Badge colours: Pending (the default) red, In Progress yellow, anything else grey — in words too.
  const badges = [
    ['Draft plan', 'Pending', 'red'],
    ['Fix login', 'In Progress', 'yellow'],
    ['Call vendor', 'Blocked', 'grey'],
  ] as const;
  for (const [title, status, tone] of badges) {
    const badge = rowOf(page, 'Pending Tasks', title).locator('[data-tone]');
    await expect(badge).toHaveText(status);
    await expect(badge).toHaveAttribute('data-tone', tone);
  }
  const colours = await page
    .locator('[data-tone]')
    .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).backgroundColor));
  expect(new Set(colours).size).toBe(3);
});

test('@one-width Mark as Completed moves the task and stores status Completed, progress 100', async ({
  adminPage: page,
}) => {
  await openWith(page, PATH, { json: { tasks: TASKS } });
  await rowOf(page, 'Pending Tasks', 'Draft plan')
    .getByRole('button', { name: '✅ Mark as Completed' })
    .click();

  await expect(rowOf(page, 'Pending Tasks', 'Draft plan')).toHaveCount(0);
  await expect(rowOf(page, 'Completed Tasks', 'Draft plan')).toBeVisible();
  const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
  const task = stored?.find((item) => item.id === '1');
  expect(task).toMatchObject({ status: 'Completed', progress: 100, title: 'Draft plan' });
  // The drag override is cleared: progress decides the board column again.
  expect(task).not.toHaveProperty('column');
  expect(stored).toHaveLength(4);

  await page.reload();
  await expect(rowOf(page, 'Completed Tasks', 'Draft plan')).toBeVisible();
  await expect(table(page, 'Completed Tasks').locator('tbody tr')).toHaveCount(2);
});

test('@one-width Delete asks first; Cancel keeps the task, Delete removes it', async ({
  adminPage: page,
}) => {
  await openWith(page, PATH, { json: { tasks: TASKS } });
  const row = rowOf(page, 'Pending Tasks', 'Fix login');
  const dialog = page.getByRole('dialog', { name: 'Delete task?' });

  await row.getByRole('button', { name: '❌ Delete' }).click();
  await expect(dialog).toContainText('Fix login');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: '❌ Delete' })).toBeFocused();
  expect(await readStoredJson<StoredTask[]>(page, 'tasks')).toHaveLength(4);

  await row.getByRole('button', { name: '❌ Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  const stored = await readStoredJson<StoredTask[]>(page, 'tasks');
  expect(stored?.map((task) => task.id)).toEqual(['1', '3', '4']);
});

test('@one-width empty tables say so', async ({ adminPage: page }) => {
  await openWith(page, PATH);
  await expect(page.getByText('No pending tasks', { exact: true })).toBeVisible();
  await expect(page.getByText('No completed tasks', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('has no axe violations with tasks shown, and no page-wide horizontal scroll', async ({
  adminPage: page,
}) => {
  await openWith(page, PATH, { json: { tasks: TASKS } });
  await expect(table(page, 'Pending Tasks').locator('tbody tr')).toHaveCount(3);
  expect(await findAxeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
