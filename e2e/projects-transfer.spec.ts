/**
 * Export and import carry the default mode's projects (docs/product.md#your-data, since export version 3):
 * a project made in this browser, with a task on its board, travels in the JSON export; a browser
 * with nothing stored imports it, shows the project in the sidebar and the task on its board, and
 * `Undo import` takes the project away again.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, readStoredJson } from './page-helpers';
import { memberSession, signIn } from './session-helpers';

type StoredProject = { id: string; key: string; name: string };
type StoredTask = Record<string, unknown> & { id: string; title: string };

function projectsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Projects' });
}

function column(page: Page, name: string): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

/** Creates the project Home (HOM) from the sidebar and adds a task on its board. */
async function createHomeWithTask(page: Page, title: string): Promise<void> {
  await page.goto('/user/dashboard');
  await expect(projectsNav(page).getByRole('link', { name: /GEN General/ })).toBeVisible({ timeout: 15_000 });
  await projectsNav(page).getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Home');
  await dialog.getByLabel('Key').fill('HOM');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard\?project=HOM$/);
  await column(page, 'To Do').getByRole('button', { name: 'Add task' }).click();
  const field = page.getByLabel('Title of a new task in To Do');
  await field.fill(title);
  await field.press('Enter');
  await field.press('Escape');
  await expect(column(page, 'To Do').getByText(title)).toBeVisible();
}

async function exportJson(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all data (JSON)' }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

async function importJson(page: Page, file: { name: string; text: string }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a file' }).click();
  await (
    await chooser
  ).setFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
}

test(
  'a project and its task travel in the JSON export to a browser with nothing stored; Undo takes the project away',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    const title = 'Fix the gate';
    await createHomeWithTask(page, title);
    const home = (await readStoredJson<StoredProject[]>(page, 'tasklane.projects'))!.find(
      (project) => project.key === 'HOM',
    )!;

    await page.goto('/user/profile');
    const file = await exportJson(page);
    const exported = JSON.parse(file.text) as {
      version: number;
      projects: StoredProject[];
      tasks: StoredTask[];
    };
    expect(exported.version).toBe(4);
    // General first (its edits travel too), then the browser's own.
    expect(exported.projects.map((project) => `${project.key} ${project.name}`)).toEqual([
      'GEN General',
      'HOM Home',
    ]);
    expect(exported.tasks.find((task) => task.title === title)).toMatchObject({ projectId: home.id });

    // Another browser: nothing stored but the session.
    await signIn(page, memberSession());
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({ timeout: 15_000 });
    await expect(projectsNav(page).getByRole('link', { name: /HOM Home/ })).toHaveCount(0);

    await importJson(page, file);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Import preview' })).toBeFocused();
    await expect(main.getByText('Projects: 1 new.', { exact: true })).toBeVisible();
    await expect(
      main.getByText('Tasks: 1 new, 0 updated, 0 unchanged, 0 invalid.', { exact: true }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { name: 'New projects (1)' })).toBeVisible();
    await expect(main.getByText('Home (HOM)', { exact: true })).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Apply import' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
      'Import applied: 1 project added, 1 task added.',
    );
    await expect(projectsNav(page).getByRole('link', { name: /HOM Home 1/ })).toBeVisible();
    // Only the new project is stored: General, unchanged here, stays unstored.
    expect(
      (await readStoredJson<StoredProject[]>(page, 'tasklane.projects'))!.map((project) => project.key),
    ).toEqual(['HOM']);

    await main.getByRole('button', { name: 'Undo import' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Import undone' })).toHaveText(
      'Import undone: everything is back as it was before.',
    );
    await expect(projectsNav(page).getByRole('link', { name: /HOM Home/ })).toHaveCount(0);
    expect(await readStoredJson(page, 'tasklane.projects')).toBeNull();
    expect(await readStoredJson(page, 'tasks')).toBeNull();

    // Imported again, the project's board shows its task.
    await importJson(page, file);
    await main.getByRole('button', { name: 'Apply import' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toBeVisible();
    await projectsNav(page)
      .getByRole('link', { name: /HOM Home/ })
      .click();
    await expect(page).toHaveURL(/\/user\/dashboard\?project=HOM$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    await expect(column(page, 'To Do').getByText(title)).toBeVisible({ timeout: 15_000 });
  },
);

test(
  'a file of version 2 imports into General, and the wrong-version message names the four versions',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible({ timeout: 15_000 });
    const task = {
      id: '1700000000201',
      title: 'From an older file',
      description: '',
      priority: 'Low',
      deadline: '',
      progress: 0,
      assignedTo: 'Mira Member',
      projectId: 'p-unknown',
    };
    const versionTwo = {
      format: 'tasklane-export',
      version: 2,
      exportedAt: '2026-11-25T10:00:00.000Z',
      tasks: [task],
      notes: '',
      calendarEvents: [],
      userProfile: null,
    };
    await importJson(page, { name: 'older.json', text: JSON.stringify(versionTwo) });
    const main = page.getByRole('main');
    await expect(
      main.getByText('1 task from a project not here will go into General.', { exact: true }),
    ).toBeVisible();
    await expect(main.getByText(/^Projects:/)).toHaveCount(0);
    await main.getByRole('button', { name: 'Apply import' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
      'Import applied: 1 task added.',
    );
    const { projectId: _gone, ...inGeneral } = task;
    expect(await readStoredJson(page, 'tasks')).toEqual([inGeneral]);
    expect(await readStoredJson(page, 'tasklane.projects')).toBeNull();

    await importJson(page, { name: 'future.json', text: JSON.stringify({ ...versionTwo, version: 5 }) });
    await expect(main.getByRole('alert')).toHaveText(
      'This export is version 5; this Tasklane reads versions 1, 2, 3 and 4. Nothing was imported.',
    );
  },
);
