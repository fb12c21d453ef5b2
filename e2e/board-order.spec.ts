/**
 * Capture in a second and order within a column (docs/product.md#capture, docs/product.md#board), in
 * the default mode: `+ Add task` at the foot of each column, the `n` quick add with a title only, and
 * a card dragged above another (mouse, keyboard) staying there after a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  findAxeViolations,
  openWith,
  pickUpWithKeyboard,
  readStoredJson,
  type StoredTask,
} from './page-helpers';

const NOW = new Date('2026-03-10T10:00:00');

const TASKS: StoredTask[] = ['Alpha', 'Bravo', 'Charlie'].map((title, index) => ({
  id: String(index + 1),
  title,
  description: `About ${title}`,
  priority: 'Medium',
  deadline: '2026-04-01',
  progress: 0,
}));

type Column = 'To Do' | 'In Progress' | 'Completed';

function column(page: Page, name: Column): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

/** The titles of a column's cards, top to bottom. */
function titlesIn(page: Page, name: Column): Promise<string[]> {
  return column(page, name).locator('h3').allTextContents();
}

function card(page: Page, title: string): Locator {
  return page.locator('[aria-roledescription="draggable task"]').filter({ hasText: title });
}

async function openBoard(page: Page, tasks: StoredTask[] = TASKS) {
  await page.clock.setFixedTime(NOW);
  await openWith(page, '/user/dashboard', { tasks });
  await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
}

type Stored = StoredTask & { rank?: string };

test.describe('order within a column', () => {
  test('a keyboard move up the column stays after a reload; the steps are announced', async ({
    memberPage: page,
  }) => {
    await openBoard(page);
    expect(await titlesIn(page, 'To Do')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await card(page, 'Charlie').focus();
    await pickUpWithKeyboard(page, 'Task "Charlie" is over the To Do column. Place 3 of 3.');
    // An arrow pressed before dnd-kit has measured the cards does nothing: press until announced.
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText('Task "Charlie" is over the To Do column. Place 2 of 3.')).toBeAttached({
        timeout: 1_000,
      });
    }).toPass();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Task "Charlie" is over the To Do column. Place 1 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByText('Task "Charlie" was dropped in the To Do column. Place 1 of 3.'),
    ).toBeAttached();
    await expect.poll(() => titlesIn(page, 'To Do')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    // One card got a place; the others were not renumbered, and progress is unchanged.
    const stored = (await readStoredJson<Stored[]>(page, 'tasks'))!;
    expect(stored.filter((task) => task.rank !== undefined).map((task) => task.title)).toEqual(['Charlie']);
    expect(stored.find((task) => task.title === 'Charlie')).toMatchObject({ progress: 0 });
    expect(stored.find((task) => task.title === 'Charlie')).not.toHaveProperty('column');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
    expect(await titlesIn(page, 'To Do')).toEqual(['Charlie', 'Alpha', 'Bravo']);
  });

  test('a mouse drag above another card stays after a reload', async ({ memberPage: page }) => {
    await openBoard(page);
    const from = (await card(page, 'Bravo').boundingBox())!;
    const to = (await card(page, 'Alpha').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the 6 px that start a drag, then onto the top part of Alpha, in steps as a hand moves.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => titlesIn(page, 'To Do')).toEqual(['Bravo', 'Alpha', 'Charlie']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
    expect(await titlesIn(page, 'To Do')).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  test(
    'a keyboard drop into another column sets both its column and its place',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openBoard(page, [
        ...TASKS,
        { ...TASKS[0]!, id: '4', title: 'Delta', description: 'About Delta', progress: 50 },
        { ...TASKS[0]!, id: '5', title: 'Echo', description: 'About Echo', progress: 60 },
      ]);
      await card(page, 'Alpha').focus();
      await pickUpWithKeyboard(page, 'Task "Alpha" is over the To Do column. Place 1 of 3.');
      await expect(async () => {
        await page.keyboard.press('ArrowRight');
        await expect(page.getByText(/Task "Alpha" is over the In Progress column\./)).toBeAttached({
          timeout: 1_000,
        });
      }).toPass();
      // Up until it is the first card there.
      await expect(async () => {
        await page.keyboard.press('ArrowUp');
        await expect(
          page.getByText('Task "Alpha" is over the In Progress column. Place 1 of 3.'),
        ).toBeAttached({
          timeout: 1_000,
        });
      }).toPass();
      await page.keyboard.press('Space');
      await expect.poll(() => titlesIn(page, 'In Progress')).toEqual(['Alpha', 'Delta', 'Echo']);
      const stored = (await readStoredJson<Stored[]>(page, 'tasks'))!;
      expect(stored.find((task) => task.title === 'Alpha')).toMatchObject({
        column: 'In Progress',
        progress: 0,
        rank: expect.any(String),
      });
      await page.reload();
      await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
      expect(await titlesIn(page, 'In Progress')).toEqual(['Alpha', 'Delta', 'Echo']);
    },
  );
});

test.describe('title-only capture', () => {
  test(
    'Add task at the foot of a column: Enter adds to that column and keeps the field open; Escape closes',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openBoard(page);
      const doing = column(page, 'In Progress');
      await doing.getByRole('button', { name: 'Add task', exact: true }).click();
      const field = doing.getByRole('textbox', { name: 'Title of a new task in In Progress' });
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('placeholder', 'Task title');
      await expect(doing.getByText('Enter adds it; Escape closes.')).toBeVisible();
      // A blank title adds nothing.
      await field.press('Enter');
      await field.fill('Call the printer');
      await field.press('Enter');
      await expect(doing.getByRole('heading', { name: 'Call the printer' })).toBeVisible();
      await expect(doing.getByRole('status')).toHaveText('Added "Call the printer" to In Progress.');
      await expect(field).toHaveValue('');
      await expect(field).toBeFocused();
      await field.fill('Order paper');
      await field.press('Enter');
      expect(await titlesIn(page, 'In Progress')).toEqual(['Call the printer', 'Order paper']);
      await field.press('Escape');
      await expect(field).toBeHidden();
      await expect(doing.getByRole('button', { name: 'Add task', exact: true })).toBeFocused();

      const stored = (await readStoredJson<Stored[]>(page, 'tasks'))!;
      expect(stored).toHaveLength(5);
      expect(stored[3]).toMatchObject({
        title: 'Call the printer',
        description: '',
        deadline: '',
        priority: 'Medium',
        progress: 0,
        column: 'In Progress',
      });
      // To Do: progress 0 puts it there; no column is stored.
      const todo = column(page, 'To Do');
      await todo.getByRole('button', { name: 'Add task', exact: true }).click();
      await todo.getByRole('textbox', { name: 'Title of a new task in To Do' }).fill('Water the plants');
      await todo.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(todo.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
      await todo.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(todo.getByRole('button', { name: 'Add task', exact: true })).toBeFocused();
      const added = (await readStoredJson<Stored[]>(page, 'tasks'))!.at(-1)!;
      expect(added).toMatchObject({ title: 'Water the plants', progress: 0 });
      expect(added).not.toHaveProperty('column');

      // Finished, not broken, on the other screens: the grid has no deadline line and no empty line.
      await page.goto('/user/userpage');
      const gridCard = page.getByRole('article', { name: 'Water the plants' });
      await expect(gridCard).toContainText('Priority: Medium');
      await expect(gridCard).not.toContainText('Deadline');
      await expect(gridCard.locator('h3 + p')).toHaveCount(0);
    },
  );

  test(
    'the n quick add needs only a title; the Create Tasks form keeps its rules',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await openBoard(page);
      await page.keyboard.press('n');
      const dialog = page.getByRole('dialog', { name: 'Create a New Task' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Description')).not.toHaveAttribute('required');
      await expect(dialog.getByLabel('Deadline')).not.toHaveAttribute('required');
      await dialog.getByLabel('Title').fill('Book the train');
      await dialog.getByRole('button', { name: 'Add Task' }).click();
      await expect(page.getByText('Task added successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(column(page, 'To Do').getByRole('heading', { name: 'Book the train' })).toBeVisible();
      expect((await readStoredJson<Stored[]>(page, 'tasks'))!.at(-1)).toMatchObject({
        title: 'Book the train',
        description: '',
        deadline: '',
      });

      // The spec's form: description and deadline still required.
      await page.goto('/user/userpage');
      const form = page.getByRole('form', { name: 'Create a New Task' });
      await expect(form.getByLabel('Description')).toHaveAttribute('required');
      await expect(form.getByLabel('Deadline')).toHaveAttribute('required');
    },
  );

  test('the board with an Add task field open passes axe in both themes', async ({ memberPage: page }) => {
    await openBoard(page);
    await column(page, 'To Do').getByRole('button', { name: 'Add task', exact: true }).click();
    await column(page, 'To Do').getByRole('textbox').fill('Half typed');
    expect(await findAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('board-add-open.png'), fullPage: true });
  });
});
