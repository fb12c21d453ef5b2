/**
 * Projects in the default mode (docs/product.md#projects-in-the-default-mode): the browser's own,
 * under `tasklane.projects`. New project in the sidebar, the project's board with its own columns
 * and settings (no people), a task added there keeping every spec field, Create Tasks' Project,
 * archive, restore and delete (its tasks go), axe in both themes.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, readStoredJson } from './page-helpers';

type Stored = Record<string, unknown> & { id: string; title: string };

function projectsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Projects' });
}

function column(page: Page, name: string): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

/**
 * On a narrow screen the sidebar is folded behind `Menu`: unfolded until `shown` is visible, and
 * again if the click came before the page could take it, or the page folded it once more as it
 * settled (right after a navigation). On a wide screen, waits for `shown`.
 */
async function unfoldSidebar(page: Page, shown: Locator = projectsNav(page)): Promise<void> {
  const menu = page.getByRole('complementary').getByRole('button', { name: 'Menu' });
  await expect(async () => {
    if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function createHome(page: Page): Promise<void> {
  await page.goto('/user/dashboard');
  await unfoldSidebar(page, projectsNav(page).getByRole('link', { name: /GEN General/ }));
  await projectsNav(page).getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog).toContainText(
    'A board of its own, with its own columns. Its key names it, as in OPS.',
  );
  await dialog.getByLabel('Name').fill('Home');
  await dialog.getByLabel('Key').fill('gen');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('A project with the key GEN already exists.')).toBeVisible();
  await dialog.getByLabel('Key').fill('HOM');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard\?project=HOM$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
}

test.describe('projects in the default mode', () => {
  test('a project of the browser’s own: its board, columns, tasks, archive, restore and delete', async ({
    memberPage: page,
  }) => {
    await createHome(page);
    // One person's projects: no people.
    await expect(page.getByRole('button', { name: 'Members' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of Home' });
    await expect(settings.getByLabel('Everyone else in the team')).toHaveCount(0);
    await settings.getByLabel('Description').fill('Chores and repairs');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Chores and repairs')).toBeVisible();

    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const columns = page.getByRole('dialog', { name: 'Columns of Home' });
    await columns.getByRole('group', { name: 'Column 1', exact: true }).getByLabel('Name').fill('Someday');
    await columns.getByRole('button', { name: 'Save' }).click();
    await expect(columns).toBeHidden();
    await expect(column(page, 'Someday')).toBeVisible();

    await column(page, 'Someday').getByRole('button', { name: 'Add task' }).click();
    await page.getByLabel('Title of a new task in Someday').fill('Fix the tap');
    await page.getByLabel('Title of a new task in Someday').press('Enter');
    await page.getByLabel('Title of a new task in Someday').press('Escape');
    await expect(column(page, 'Someday').getByText('Fix the tap')).toBeVisible();
    const projects = (await readStoredJson<{ id: string; key: string }[]>(page, 'tasklane.projects'))!;
    const home = projects.find((project) => project.key === 'HOM')!;
    const stored = (await readStoredJson<Stored[]>(page, 'tasks'))!;
    // Every spec field, and the project.
    expect(stored.find((task) => task.title === 'Fix the tap')).toMatchObject({
      title: 'Fix the tap',
      description: '',
      priority: expect.any(String),
      deadline: '',
      progress: 0,
      assignedTo: expect.any(String),
      projectId: home.id,
    });
    await unfoldSidebar(page, projectsNav(page).getByRole('link', { name: /HOM Home 1/ }));

    // Create Tasks offers the project once there is more than General.
    await page.goto('/user/userpage');
    const form = page.getByRole('form', { name: 'Create a New Task' });
    await form.getByLabel('Project').selectOption({ label: 'Home (HOM)' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Paint the fence');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('White');
    await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill('2099-01-01');
    await form.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added successfully!')).toBeVisible();
    // A selection on the grid moves to another project at once; one Undo brings it back.
    await page.getByRole('checkbox', { name: 'Select Paint the fence' }).check();
    const selection = page.getByRole('region', { name: 'Selection' });
    await expect(selection).toContainText('1 selected');
    await selection.getByRole('button', { name: 'Move to project' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 task' });
    await expect(move.getByLabel('Project')).toHaveValue('general');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText('Moved 1 task to General.')).toBeVisible();
    const fence = async () =>
      (await readStoredJson<Stored[]>(page, 'tasks'))!.find((task) => task.title === 'Paint the fence');
    expect((await fence())?.projectId).toBe('general');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Moved 1 task back.')).toBeVisible();
    expect((await fence())?.projectId).toBe(home.id);
    await page.goto('/user/dashboard?project=HOM');
    await expect(page.getByText('Paint the fence')).toBeVisible({ timeout: 15_000 });

    // Archive: out of the sidebar and the dashboard; restore; archive again and delete with its tasks.
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Archive Home?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByText('Archived: read-only until a manager restores it.')).toBeVisible();
    await page.goto('/user/dashboard');
    await expect(page.getByText('Fix the tap')).toHaveCount(0);
    await unfoldSidebar(page, projectsNav(page).getByText('Archived (1)'));
    await projectsNav(page).getByText('Archived (1)').click();
    await projectsNav(page).getByRole('link', { name: 'HOM Home' }).click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Home is restored.')).toBeVisible();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Archive Home?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Home?' });
    await expect(confirm).toContainText('Its tasks are deleted from this browser. This cannot be undone.');
    await confirm.getByLabel('Type the project’s name').fill('Home');
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const left = (await readStoredJson<Stored[]>(page, 'tasks'))!;
    expect(left.filter((task) => task.title === 'Fix the tap' || task.title === 'Paint the fence')).toEqual(
      [],
    );
    expect(
      (await readStoredJson<{ key: string }[]>(page, 'tasklane.projects'))!.map((project) => project.key),
    ).not.toContain('HOM');
  });

  test('the sidebar, a project’s board and its dialogs pass axe in both themes', async ({
    memberPage: page,
  }) => {
    await createHome(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/user/dashboard?project=HOM');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home', { timeout: 15_000 });
      expect(await findAxeViolations(page), `${theme} board`).toEqual([]);
      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      expect(await findAxeViolations(page), `${theme} columns`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});
