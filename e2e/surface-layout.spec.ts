import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, type StoredTask } from './page-helpers';
import { startAppServer, type AppProcess } from './process-helpers';
import { openDeviceAt, registerAccount, type Account } from './team-sync-helpers';

/**
 * How three screens sit at 1280 px and 360 px (docs/product.md#admin-settings,
 * docs/product.md#finding-tasks, docs/product.md#labels): Admin Settings in two balanced columns (one
 * below 1280 px), the finder's filters in one row, the label colour select showing its whole name.
 * Each in the light and dark themes (axe) at both widths.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'a box on screen').not.toBeNull();
  return box!;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

function block(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('region', { name: title, exact: true });
}

const OWN_BLOCKS = ['Profile Settings', 'Change Password', 'Recent Activity'];
const WORKSPACE_BLOCKS = ['Sign-up', 'Outgoing Mail'];

/**
 * The blocks in reading order; at 1280 px the admin's own blocks in a left column and the workspace's
 * in a right one of the same width, both starting at the same height; at 360 px one column.
 */
async function expectSettingsLayout(page: Page, own: string[], right: string[]): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([...own, ...right]);
  const left = await Promise.all(own.map((title) => boxOf(block(page, title))));
  const rightBoxes = await Promise.all(right.map((title) => boxOf(block(page, title))));
  const wide = (page.viewportSize()?.width ?? 0) >= 1280;
  for (const column of [left, rightBoxes]) {
    for (const [index, box] of column.entries()) {
      expect(Math.abs(box.x - column[0]!.x)).toBeLessThanOrEqual(1);
      if (index > 0) expect(box.y).toBeGreaterThan(column[index - 1]!.y + column[index - 1]!.height);
    }
  }
  if (wide) {
    expect(rightBoxes[0]!.x).toBeGreaterThan(left[0]!.x + left[0]!.width);
    expect(Math.abs(rightBoxes[0]!.y - left[0]!.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(rightBoxes[0]!.width - left[0]!.width)).toBeLessThanOrEqual(1);
  } else {
    // One column: the workspace's blocks follow the account's.
    expect(Math.abs(rightBoxes[0]!.x - left[0]!.x)).toBeLessThanOrEqual(1);
    expect(rightBoxes[0]!.y).toBeGreaterThan(left.at(-1)!.y + left.at(-1)!.height);
  }
  await noSidewaysScroll(page);
}

test('Admin Settings: the account on the left, the workspace on the right at 1280 px; one column at 360 px; axe', async ({
  adminPage: page,
}) => {
  await openWith(page, '/admin/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Settings', { timeout: 15_000 });
  await expect(block(page, 'Sign-up').getByRole('button', { name: 'Save Sign-up Settings' })).toBeVisible({
    timeout: 15_000,
  });
  await expectSettingsLayout(page, OWN_BLOCKS, WORKSPACE_BLOCKS);
  expect(await findAxeViolations(page)).toEqual([]);
});

const LABEL_TASKS: StoredTask[] = [
  {
    id: '1',
    title: 'Fix login bug',
    description: 'd',
    priority: 'High',
    deadline: '2099-03-08',
    progress: 10,
  },
  { id: '2', title: 'Write report', description: 'd', priority: 'Low', deadline: '2099-03-14', progress: 90 },
];
const LABELS = [
  { id: 'l1', name: 'Release', color: 'teal' },
  { id: 'l2', name: 'Customer', color: 'purple' },
];

/** The finder opened: its search, its Filters button and each filter. */
async function openFinder(page: Page): Promise<Locator[]> {
  const finder = page.getByRole('search', { name: 'Find tasks' });
  await finder.getByRole('button', { name: 'Filters' }).click();
  return [
    finder.getByRole('searchbox', { name: 'Search tasks' }),
    finder.getByRole('button', { name: 'Filters' }),
    finder.getByRole('group', { name: 'Priority' }),
    ...(await finder.getByRole('combobox').all()),
  ];
}

/** At 1280 px every part in one row (the same middle line); at 360 px all inside the screen. */
async function expectFinderRow(page: Page, parts: Locator[]): Promise<void> {
  const boxes = await Promise.all(parts.map(boxOf));
  const wide = (page.viewportSize()?.width ?? 0) >= 1280;
  const width = page.viewportSize()!.width;
  for (const [index, box] of boxes.entries()) {
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    if (!wide) continue;
    expect(Math.abs(box.y + box.height / 2 - (boxes[0]!.y + boxes[0]!.height / 2))).toBeLessThanOrEqual(3);
    if (index > 0) expect(box.x).toBeGreaterThan(boxes[index - 1]!.x);
  }
  await noSidewaysScroll(page);
}

test('the finder: its filters in one row at 1280 px (board and Create Tasks), inside the screen at 360 px; axe', async ({
  memberPage: page,
}) => {
  await openWith(page, '/user/userpage', { tasks: LABEL_TASKS, json: { 'tasklane.labels': LABELS } });
  const parts = await openFinder(page);
  // Create Tasks has the most: Due, Column and Label.
  expect(parts).toHaveLength(6);
  await expect(page.getByRole('search', { name: 'Find tasks' }).getByRole('combobox')).toHaveText([
    /^Any due date/,
    /^Any column/,
    /^Any label/,
  ]);
  await expectFinderRow(page, parts);
  expect(await findAxeViolations(page)).toEqual([]);

  await page.goto('/user/dashboard');
  const boardParts = await openFinder(page);
  expect(boardParts).toHaveLength(5);
  await expectFinderRow(page, boardParts);
  expect(await findAxeViolations(page)).toEqual([]);
});

/** Whether `select` is wide enough for the longest of its options' texts (its arrow included). */
function showsWholeOptions(select: Locator): Promise<boolean> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const longest = Math.max(...[...element.options].map((option) => context.measureText(option.text).width));
    const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // Chromium draws the list's arrow inside the content box.
    return inner >= longest + 16;
  });
}

test.describe('team mode', () => {
  test.describe.configure({ mode: 'serial' });
  let server: AppProcess;
  let admin: Account;

  test.beforeAll(async () => {
    server = await startAppServer({ TEAM_SYNC: 'on' });
    admin = await registerAccount(server.base, 'Ada Layout', 'ada-layout@example.com', 'admin');
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('Admin Settings → Labels: the colour select shows the whole colour name; the blocks stay balanced; axe', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { page, context } = await openDeviceAt(server.base, browser, admin);
    await page.setViewportSize(testInfo.project.use.viewport!);
    await page.goto('/admin/settings');
    const labels = block(page, 'Labels');
    const colour = labels.getByRole('combobox', { name: 'Colour' });
    await expect(colour).toHaveValue('blue', { timeout: 15_000 });
    await expect(colour.locator('option')).toHaveText([
      'Red',
      'Orange',
      'Yellow',
      'Green',
      'Teal',
      'Blue',
      'Purple',
      'Grey',
    ]);
    expect(await showsWholeOptions(colour)).toBe(true);
    await expectSettingsLayout(
      page,
      [...OWN_BLOCKS, 'Missed Notifications'],
      [...WORKSPACE_BLOCKS, 'Labels', 'Files'],
    );

    // A label's own row, in edit: the same.
    await labels.getByRole('textbox', { name: 'Label name' }).fill('Release');
    await colour.selectOption({ label: 'Purple' });
    await labels.getByRole('button', { name: 'Add label' }).click();
    await expect(page.getByText('Label "Release" created.', { exact: true })).toBeVisible();
    await labels.getByRole('button', { name: /^Edit/ }).first().click();
    const newColour = labels.getByRole('combobox', { name: 'New colour' });
    await expect(newColour).toHaveValue('purple');
    expect(await showsWholeOptions(newColour)).toBe(true);
    await noSidewaysScroll(page);
    expect(await findAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
