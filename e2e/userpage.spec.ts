import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openWith, readStoredJson, type StoredTask } from './page-helpers';
import { MEMBER } from './session-helpers';

/**
 * The Create Tasks page (/user/userpage; docs/product.md#create-tasks): the 'Create a New Task' form
 * and the task grid.
 */

const FAR_DEADLINE = '2099-01-01';

type NewTask = {
  title: string;
  description: string;
  priority?: 'High' | 'Medium' | 'Low';
  deadline?: string;
};

function form(page: Page): Locator {
  return page.getByRole('form', { name: 'Create a New Task' });
}

async function fillTaskForm(page: Page, task: NewTask): Promise<void> {
  const fields = form(page);
  await fields.getByRole('textbox', { name: 'Title', exact: true }).fill(task.title);
  await fields.getByRole('textbox', { name: 'Description', exact: true }).fill(task.description);
  if (task.priority) await fields.getByRole('combobox', { name: 'Priority' }).selectOption(task.priority);
  if (task.deadline !== undefined)
    await fields.getByRole('textbox', { name: 'Deadline', exact: true }).fill(task.deadline);
}

async function submitTask(page: Page, task: NewTask): Promise<void> {
  await fillTaskForm(page, task);
  await form(page).getByRole('button', { name: 'Add Task' }).click();
}

function card(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('article', { name: title, exact: true });
}

function slider(page: Page, title: string): Locator {
  return page.getByRole('slider', { name: `Progress of ${title}`, exact: true });
}

function storedTasks(page: Page): Promise<StoredTask[] | null> {
  return readStoredJson<StoredTask[]>(page, 'tasks');
}

function boardColumn(page: Page, name: 'To Do' | 'In Progress' | 'Completed'): Locator {
  // Each column is a <section aria-labelledby> whose heading reads e.g. "To Do" then "1 task".
  return page.getByRole('region', { name: new RegExp(`^${name}\\b`) });
}

test(
  'shows the form (Priority defaults to Medium; Title, Description, Deadline required) and the empty state',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Task Management');
    await expect(form(page).getByRole('heading', { name: 'Create a New Task' })).toBeVisible();
    const priority = form(page).getByRole('combobox', { name: 'Priority' });
    await expect(priority).toHaveValue('Medium');
    await expect(priority.getByRole('option')).toHaveText(['High', 'Medium', 'Low']);
    await expect(form(page).getByRole('textbox', { name: 'Deadline', exact: true })).toHaveAttribute(
      'type',
      'date',
    );
    for (const label of ['Title', 'Description', 'Deadline']) {
      await expect(form(page).getByRole('textbox', { name: label, exact: true })).toHaveAttribute(
        'required',
        '',
      );
    }
    await expect(priority).not.toHaveAttribute('required', '');
    await expect(page.getByText('No tasks created yet. Start by adding a task!')).toBeVisible();
  },
);

test(
  'adding a task stores it with the member as assignee, shows its card and resets the form',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage');
    const before = await page.evaluate(() => Date.now());
    await submitTask(page, {
      title: 'Write the changelog',
      description: 'For release 2.4',
      priority: 'High',
      deadline: '2026-03-20',
    });
    await expect(page.getByText('Task added successfully!')).toBeVisible();
    const after = await page.evaluate(() => Date.now());

    const tasks = await storedTasks(page);
    expect(tasks).toHaveLength(1);
    const [task] = tasks!;
    expect(task).toEqual({
      id: expect.stringMatching(/^\d+$/),
      title: 'Write the changelog',
      description: 'For release 2.4',
      priority: 'High',
      deadline: '2026-03-20',
      progress: 0,
      assignedTo: MEMBER.name,
      email: MEMBER.email,
    });
    expect(Number(task!.id)).toBeGreaterThanOrEqual(before);
    expect(Number(task!.id)).toBeLessThanOrEqual(after);

    const added = card(page, 'Write the changelog');
    await expect(added).toContainText('For release 2.4');
    await expect(added).toContainText('Priority: High');
    await expect(added).toContainText(`Assigned To: ${MEMBER.name}`);
    await expect(added).toContainText('Deadline: 2026-03-20');
    await expect(added).toContainText('0% Completed');
    await expect(slider(page, 'Write the changelog')).toHaveValue('0');
    await expect(page.getByText('No tasks created yet. Start by adding a task!')).toHaveCount(0);

    await expect(form(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
    await expect(form(page).getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('');
    await expect(form(page).getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium');
    await expect(form(page).getByRole('textbox', { name: 'Deadline', exact: true })).toHaveValue('');
  },
);

test(
  "a task added with no loggedInUser is assigned to 'Unknown User'",
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await page.evaluate(() => localStorage.removeItem('loggedInUser'));
    await page.goto('/user/userpage');
    await submitTask(page, { title: 'Orphan', description: 'Nobody named', deadline: FAR_DEADLINE });
    await expect(page.getByText('Task added successfully!')).toBeVisible();
    const tasks = await storedTasks(page);
    expect(tasks?.map((task) => [task.priority, task.assignedTo, task.email])).toEqual([
      ['Medium', 'Unknown User', MEMBER.email],
    ]);
    await expect(card(page, 'Orphan')).toContainText('Assigned To: Unknown User');
  },
);

test(
  'a blank (after trimming) title or description, or a missing deadline, adds nothing',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage');
    await submitTask(page, { title: '   ', description: 'Has a description', deadline: FAR_DEADLINE });
    await submitTask(page, { title: 'Has a title', description: ' \n\t ', deadline: FAR_DEADLINE });
    // The browser's required check stops this one (the deadline is empty).
    await submitTask(page, { title: 'No deadline', description: 'Has a description', deadline: '' });
    expect(await storedTasks(page)).toBeNull();

    // A valid submit afterwards proves the page was live: exactly one task and one toast.
    await submitTask(page, { title: 'Valid', description: 'Finally', deadline: FAR_DEADLINE });
    await expect(page.getByText('Task added successfully!')).toHaveCount(1);
    expect((await storedTasks(page))?.map((task) => task.title)).toEqual(['Valid']);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  },
);

test(
  "'Task added successfully!' shows for about 3 seconds",
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage');
    await fillTaskForm(page, { title: 'Timed', description: 'Toast timing', deadline: FAR_DEADLINE });
    await form(page).getByRole('button', { name: 'Add Task' }).click();
    const start = Date.now();
    // Keep the pointer off the toast: hovering pauses it.
    await page.mouse.move(2, page.viewportSize()!.height - 2);
    const toast = page.getByText('Task added successfully!');
    await expect(toast).toBeVisible();
    await page.waitForTimeout(Math.max(0, start + 1000 - Date.now()));
    await expect(toast).toBeVisible({ timeout: 200 });
    await expect(toast).toBeHidden({ timeout: Math.max(0, start + 4300 - Date.now()) });
    // The 5000 ms default would still show it here; a very short one would have failed above.
    expect(Date.now() - start).toBeGreaterThan(2500);
  },
);

test(
  'the slider saves progress as it moves (arrow keys, End, Home)',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage', {
      tasks: [
        {
          id: '1',
          title: 'Slide me',
          description: 'd',
          priority: 'Low',
          deadline: FAR_DEADLINE,
          progress: 0,
        },
        {
          id: '2',
          title: 'Bystander',
          description: 'd',
          priority: 'High',
          deadline: FAR_DEADLINE,
          progress: 30,
        },
      ],
    });
    const range = slider(page, 'Slide me');
    const moved = card(page, 'Slide me');
    await expect(range).toHaveAttribute('min', '0');
    await expect(range).toHaveAttribute('max', '100');
    await range.focus();

    const progressOf = async (id: string) =>
      (await storedTasks(page))?.find((task) => task.id === id)?.progress;
    await range.press('ArrowRight');
    await range.press('ArrowRight');
    await expect(moved).toContainText('2% Completed');
    await expect(range).toHaveValue('2');
    expect(await progressOf('1')).toBe(2);

    await range.press('End');
    await expect(moved).toContainText('100% Completed');
    expect(await progressOf('1')).toBe(100);

    await range.press('Home');
    await expect(moved).toContainText('0% Completed');
    expect(await progressOf('1')).toBe(0);
    expect(await progressOf('2')).toBe(30);
    await expect(card(page, 'Bystander')).toContainText('30% Completed');

    await page.reload();
    await range.focus();
    await range.press('ArrowRight');
    await expect(moved).toContainText('1% Completed');
    expect(await progressOf('1')).toBe(1);
  },
);

test(
  'progress set with the slider places the card on the board: 40 To Do, 41 and 80 In Progress, 81 Completed',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    const task = (id: string, title: string, progress: number): StoredTask => ({
      id,
      title,
      description: 'Threshold',
      priority: 'Medium',
      deadline: FAR_DEADLINE,
      progress,
    });
    await openWith(page, '/user/userpage', {
      tasks: [
        task('a', 'Rises to 41', 40),
        task('b', 'Rises to 81', 80),
        task('c', 'Falls to 40', 41),
        task('d', 'Falls to 80', 81),
      ],
    });
    for (const [title, key, label] of [
      ['Rises to 41', 'ArrowRight', '41% Completed'],
      ['Rises to 81', 'ArrowRight', '81% Completed'],
      ['Falls to 40', 'ArrowLeft', '40% Completed'],
      ['Falls to 80', 'ArrowLeft', '80% Completed'],
    ] as const) {
      await slider(page, title).focus();
      await slider(page, title).press(key);
      await expect(card(page, title)).toContainText(label);
    }
    expect((await storedTasks(page))?.map((stored) => stored.progress)).toEqual([41, 81, 40, 80]);

    await page.goto('/user/dashboard');
    const titles = (name: 'To Do' | 'In Progress' | 'Completed') =>
      boardColumn(page, name).getByRole('heading', { level: 3 });
    await expect(titles('To Do')).toHaveText(['Falls to 40']);
    await expect(titles('In Progress')).toHaveText(['Rises to 41', 'Falls to 80']);
    await expect(titles('Completed')).toHaveText(['Rises to 81']);
  },
);

test(
  'moving the slider clears the column a drag put the task in',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage', {
      tasks: [
        {
          id: '7',
          title: 'Dragged ahead',
          description: 'Dropped in Completed at 10%',
          priority: 'Medium',
          deadline: FAR_DEADLINE,
          progress: 10,
          column: 'Completed',
        },
      ],
    });
    await slider(page, 'Dragged ahead').focus();
    await slider(page, 'Dragged ahead').press('ArrowRight');
    await expect(card(page, 'Dragged ahead')).toContainText('11% Completed');
    const [task] = (await storedTasks(page)) ?? [];
    expect(task?.progress).toBe(11);
    expect(task).not.toHaveProperty('column');

    await page.goto('/user/dashboard');
    await expect(boardColumn(page, 'To Do').getByRole('heading', { level: 3 })).toHaveText(['Dragged ahead']);
  },
);

test(
  "'Delete Task' removes the task from the grid and storage, with a toast",
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await openWith(page, '/user/userpage', {
      tasks: [
        { id: '1', title: 'Keep me', description: 'd', priority: 'Low', deadline: FAR_DEADLINE, progress: 5 },
        {
          id: '2',
          title: 'Remove me',
          description: 'd',
          priority: 'High',
          deadline: FAR_DEADLINE,
          progress: 50,
        },
      ],
    });
    await card(page, 'Remove me').getByRole('button', { name: 'Delete Task' }).click();
    await expect(page.getByText('Task removed successfully!')).toBeVisible();
    await expect(card(page, 'Remove me')).toHaveCount(0);
    await expect(card(page, 'Keep me')).toBeVisible();
    expect((await storedTasks(page))?.map((task) => task.id)).toEqual(['1']);

    await card(page, 'Keep me').getByRole('button', { name: 'Delete Task' }).click();
    await expect(page.getByText('No tasks created yet. Start by adding a task!')).toBeVisible();
    expect(await storedTasks(page)).toEqual([]);
  },
);
