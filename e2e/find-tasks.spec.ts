import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, storeData, type StoredTask } from './page-helpers';

/**
 * Finding tasks (docs/product.md#finding-tasks): 'Search tasks', 'Priority', 'Due', (Create Tasks only)
 * 'Column' and 'Has files' above the board and the task grid, kept in the URL.
 */

/** The fixed "now" of these tests (local time): a Tuesday. */
const NOW = new Date('2026-03-10T10:00:00');

const TASKS: StoredTask[] = [
  // To Do, overdue
  {
    id: '1',
    title: 'Fix login bug',
    description: 'Users cannot sign in',
    priority: 'High',
    deadline: '2026-03-08',
    progress: 10,
  },
  // In Progress, due today
  {
    id: '2',
    title: 'Login page copy',
    description: 'Café wording',
    priority: 'Medium',
    deadline: '2026-03-10',
    progress: 50,
  },
  // Completed, due within the week
  {
    id: '3',
    title: 'Write report',
    description: 'Quarterly numbers',
    priority: 'Low',
    deadline: '2026-03-14',
    progress: 90,
  },
  // To Do, no date
  {
    id: '4',
    title: 'Plan offsite',
    description: 'Book the venue',
    priority: 'High',
    deadline: '',
    progress: 0,
  },
  // Completed and past its deadline: not overdue
  {
    id: '5',
    title: 'Old login audit',
    description: 'Done already',
    priority: 'High',
    deadline: '2026-03-01',
    progress: 100,
  },
  // To Do, next month
  {
    id: '6',
    title: 'Budget',
    description: 'Next quarter',
    priority: 'Medium',
    deadline: '2026-04-30',
    progress: 30,
  },
];

const NO_MATCH = 'No tasks match your search and filters.';

function finder(page: Page): Locator {
  return page.getByRole('search', { name: 'Find tasks' });
}

function searchBox(page: Page): Locator {
  return finder(page).getByRole('searchbox', { name: 'Search tasks', exact: true });
}

function priority(page: Page, name: 'Any' | 'High' | 'Medium' | 'Low'): Locator {
  return finder(page).getByRole('group', { name: 'Priority' }).getByRole('radio', { name, exact: true });
}

function due(page: Page): Locator {
  return finder(page).getByRole('combobox', { name: 'Due', exact: true });
}

function columnFilter(page: Page): Locator {
  return finder(page).getByRole('combobox', { name: 'Column', exact: true });
}

/** The polite live region with '{n} of {total} tasks'. */
function matchCount(page: Page): Locator {
  return finder(page).locator('[aria-live="polite"]');
}

function boardColumn(page: Page, name: 'To Do' | 'In Progress' | 'Completed'): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

function boardTitles(page: Page): Locator {
  return page.locator('section[data-column] h3');
}

function gridTitles(page: Page): Locator {
  return page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
}

async function open(page: Page, path: string, tasks: StoredTask[] = TASKS): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await openWith(page, path, { tasks });
}

test(
  'dashboard: search, Priority and Due narrow the board and Task Analytics; keyboard only; no match and its reset',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await open(page, '/user/dashboard');
    // With no filter, the board is as it always was: every task, spec counts, no count line, no reset.
    await expect(searchBox(page)).toHaveValue('', { timeout: 15_000 });
    await expect(boardColumn(page, 'To Do').getByRole('heading', { level: 2 })).toHaveText('To Do3 tasks');
    await expect(boardTitles(page)).toHaveCount(6);
    await expect(matchCount(page)).toHaveText('');
    await expect(finder(page).getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
    // Closed, the filters are not in the page: no form control beside the spec's own.
    await expect(page.locator('select, input[type="radio"]')).toHaveCount(0);

    // Case-insensitive, trimmed, over title and description.
    await searchBox(page).focus();
    await page.keyboard.type('  LOGIN ');
    await expect(boardTitles(page)).toHaveText(['Fix login bug', 'Login page copy', 'Old login audit']);
    await expect(matchCount(page)).toHaveText('3 of 6 tasks');
    await expect(boardColumn(page, 'To Do').getByRole('heading', { level: 2 })).toHaveText('To Do1 task');
    await expect(page).toHaveURL(/\/user\/dashboard\?q=\+\+LOGIN\+$/);

    // Tab to 'Filters', Enter opens them; Tab to the priority group (the chosen 'Any'), an arrow key
    // picks 'High'.
    await page.keyboard.press('Tab');
    const toggle = finder(page).getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(priority(page, 'Any')).toBeFocused();
    // The board's columns are its column filter.
    await expect(columnFilter(page)).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(priority(page, 'High')).toBeChecked();
    await expect(boardTitles(page)).toHaveText(['Fix login bug', 'Old login audit']);
    await expect(matchCount(page)).toHaveText('2 of 6 tasks');
    await expect(page).toHaveURL(/\?q=\+\+LOGIN\+&priority=high$/);

    // Overdue leaves out the completed task whose day has passed.
    await page.keyboard.press('Tab');
    await expect(due(page)).toBeFocused();
    await due(page).selectOption({ label: 'Overdue' });
    await expect(boardTitles(page)).toHaveText(['Fix login bug']);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks');
    await expect(boardColumn(page, 'Completed')).toContainText('No tasks here.');
    await expect(page.getByText('To Do: 1 task, In Progress: 0 tasks, Completed: 0 tasks')).toBeVisible();
    await expect(page).toHaveURL(/\?q=\+\+LOGIN\+&priority=high&due=overdue$/);

    // Accents do not matter either way; nothing matches 'cafe' among High tasks.
    await searchBox(page).fill('cafe');
    await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();
    await expect(boardColumn(page, 'To Do')).toHaveCount(0);
    await expect(matchCount(page)).toHaveText('0 of 6 tasks');
    await expect(page.getByText('To Do: 0 tasks, In Progress: 0 tasks, Completed: 0 tasks')).toBeVisible();

    const showAll = page.getByRole('button', { name: 'Show all tasks', exact: true });
    await showAll.focus();
    await page.keyboard.press('Enter');
    await expect(boardTitles(page)).toHaveCount(6);
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue('');
    await expect(priority(page, 'Any')).toBeChecked();
    await expect(due(page)).toHaveValue('');
    await expect(matchCount(page)).toHaveText('');
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.keyboard.type('café');
    await due(page).selectOption({ label: 'Today' });
    await expect(boardTitles(page)).toHaveText(['Login page copy']);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks');
    await finder(page).getByRole('button', { name: 'Clear filters', exact: true }).click();
    await expect(boardTitles(page)).toHaveCount(6);
    await expect(searchBox(page)).toBeFocused();
  },
);

test(
  'Create Tasks: a shared URL restores the view, unknown values are ignored, Column and paging follow the filter',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    // Every part restored from the URL, other parameters kept.
    await open(page, '/user/userpage?q=report&priority=LOW&due=week&column=completed&view=keep');
    await expect(searchBox(page)).toHaveValue('report', { timeout: 15_000 });
    await expect(priority(page, 'Low')).toBeChecked();
    await expect(due(page)).toHaveValue('week');
    await expect(due(page).locator('option:checked')).toHaveText('Next 7 days');
    await expect(columnFilter(page).locator('option:checked')).toHaveText('Completed');
    await expect(gridTitles(page)).toHaveText(['Write report']);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks');

    // Unknown values mean "any" (so the filters start closed); the search still applies.
    await page.goto('/user/userpage?priority=urgent&due=someday&column=done&q=login');
    await expect(searchBox(page)).toHaveValue('login');
    await expect(due(page)).toHaveCount(0);
    // Closed, the page's only select is the new-task form's Priority.
    await expect(page.locator('select')).toHaveCount(1);
    await finder(page).getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(priority(page, 'Any')).toBeChecked();
    await expect(due(page)).toHaveValue('');
    await expect(columnFilter(page)).toHaveValue('');
    await expect(gridTitles(page)).toHaveText(['Fix login bug', 'Login page copy', 'Old login audit']);
    await expect(matchCount(page)).toHaveText('3 of 6 tasks');
    // The URL is left as it came until the user changes something.
    await expect(page).toHaveURL(/\?priority=urgent&due=someday&column=done&q=login$/);

    await columnFilter(page).selectOption({ label: 'In Progress' });
    await expect(gridTitles(page)).toHaveText(['Login page copy']);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks');
    await expect(page).toHaveURL(/\/user\/userpage\?q=login&column=in-progress$/);
    // Replaced, not pushed: Back leaves the page instead of undoing a filter.
    await page.goBack();
    await expect(page).toHaveURL(/\?q=report&priority=LOW&due=week&column=completed&view=keep$/);
    await page.goForward();
    await expect(gridTitles(page)).toHaveText(['Login page copy']);

    // 'Budget' is in To Do.
    await searchBox(page).fill('budget');
    await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();
    await expect(matchCount(page)).toHaveText('0 of 6 tasks');
    await finder(page).getByRole('button', { name: 'Clear filters', exact: true }).click();
    await expect(gridTitles(page)).toHaveCount(6);
    await expect(page.getByText(NO_MATCH)).toHaveCount(0);
    await expect(page).toHaveURL(/\/user\/userpage$/);

    // Paging: 60 cards first, 'Show … more' counts what the filter keeps.
    const many: StoredTask[] = Array.from({ length: 70 }, (_, index) => ({
      id: String(100 + index),
      title: index < 65 ? `Alpha ${index + 1}` : `Beta ${index + 1}`,
      description: 'Bulk',
      priority: 'Medium',
      deadline: '',
      progress: 0,
    }));
    await storeData(page, { tasks: many });
    await page.goto('/user/userpage');
    await expect(page.getByRole('button', { name: 'Show 10 more (10 not shown)' })).toBeVisible();
    await page.goto('/user/userpage?q=alpha');
    await expect(page.getByRole('button', { name: 'Show 5 more (5 not shown)' })).toBeVisible();
    await expect(gridTitles(page)).toHaveCount(60);
    await expect(matchCount(page)).toHaveText('65 of 70 tasks');

    // No tasks at all: the spec's empty text, exactly, and nothing to search.
    await storeData(page, { tasks: [] });
    await page.goto('/user/userpage?q=alpha');
    await expect(
      page.getByText('No tasks created yet. Start by adding a task!', { exact: true }),
    ).toBeVisible();
    await expect(finder(page)).toHaveCount(0);
  },
);

test('the finder fits the width (no sideways scroll) and axe finds nothing on either page', async ({
  memberPage: page,
}) => {
  for (const path of [
    '/user/dashboard?q=login&priority=high&due=overdue',
    '/user/userpage?q=login&column=todo',
  ]) {
    await open(page, path);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks', { timeout: 15_000 });
    const width = await page.evaluate(() => window.innerWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await findAxeViolations(page)).toEqual([]);
  }
  // With nothing chosen, the search and 'Filters' show, which opens the rest.
  await page.goto('/user/userpage');
  const toggle = finder(page).getByRole('button', { name: 'Filters', exact: true });
  await expect(searchBox(page)).toBeVisible();
  await expect(due(page)).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await due(page).selectOption({ label: 'No date' });
  await expect(finder(page).getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
  await expect(matchCount(page)).toHaveText('1 of 6 tasks');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
});

test(
  'Has files keeps the tasks holding a file (kept in this browser), on the board and Create Tasks, in the URL',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await open(page, '/user/dashboard?task=2');
    const files = page.getByRole('dialog').getByRole('region', { name: 'Files' });
    await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible({ timeout: 15_000 });
    await files
      .getByLabel('Attach files')
      .setInputFiles({ name: 'copy.txt', mimeType: 'text/plain', buffer: Buffer.from('The new wording') });
    await expect(files.getByRole('link', { name: 'copy.txt', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(boardColumn(page, 'In Progress').getByText('1 file', { exact: true })).toBeVisible();

    // A checkbox behind Filters, drawn as a paperclip and named Has files; checked, only that task.
    await finder(page).getByRole('button', { name: 'Filters', exact: true }).click();
    const hasFiles = finder(page).getByRole('checkbox', { name: 'Has files', exact: true });
    await expect(hasFiles).not.toBeChecked();
    await hasFiles.check();
    await expect(boardTitles(page)).toHaveText(['Login page copy']);
    await expect(matchCount(page)).toHaveText('1 of 6 tasks');
    await expect(finder(page).getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard\?has=files$/);
    // It combines with the rest: no High task holds a file.
    await priority(page, 'Any').focus();
    await page.keyboard.press('ArrowRight');
    await expect(priority(page, 'High')).toBeChecked();
    await expect(page.getByText(NO_MATCH, { exact: true })).toBeVisible();

    // A shared address restores it on Create Tasks; Clear filters unchecks it.
    await page.goto('/user/userpage?has=files');
    await expect(hasFiles).toBeChecked();
    await expect(gridTitles(page)).toHaveText(['Login page copy']);
    await finder(page).getByRole('button', { name: 'Clear filters', exact: true }).click();
    await expect(gridTitles(page)).toHaveCount(6);
    await expect(hasFiles).not.toBeChecked();
    await expect(page).toHaveURL(/\/user\/userpage$/);
  },
);
