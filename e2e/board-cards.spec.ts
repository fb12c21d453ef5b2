/**
 * Cards that scan (docs/product.md#board): the description in two lines at most, long words and
 * addresses wrapped, `Deadline: {date}` with how near it is (a fixed clock), nothing where a task has no
 * description or deadline; the Create Tasks slider disabled while progress follows the checklist
 * (docs/product.md#checklists); the spec's emoji drawn from the app's own font (docs/product.md#emoji).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findAxeViolations, openWith, type StoredTask } from './page-helpers';

/** The fixed "now" of these tests (local time). */
const NOW = new Date('2026-03-10T10:00:00');

const LONG_WORD = 'Supercalifragilistic'.repeat(10);
const LONG_URL = `https://example.com/${'very-long-path-segment/'.repeat(8)}?query=${'x'.repeat(60)}`;

const DESCRIPTION_LINES = ['First line of the notes', 'Second line', 'Third line, hidden on the card'];

const TASKS: StoredTask[] = [
  {
    id: 'o2',
    title: 'Two days late',
    description: 'Late',
    priority: 'High',
    deadline: '2026-03-08',
    progress: 0,
  },
  {
    id: 'o1',
    title: 'One day late',
    description: 'Late',
    priority: 'Low',
    deadline: '2026-03-09',
    progress: 0,
  },
  {
    id: 'td',
    title: 'Due today',
    description: 'Now',
    priority: 'Medium',
    deadline: '2026-03-10',
    progress: 50,
  },
  {
    id: 'tm',
    title: 'Due tomorrow',
    description: 'Soon',
    priority: 'Low',
    deadline: '2026-03-11',
    progress: 0,
  },
  {
    id: 'in3',
    title: 'In three days',
    description: 'Later',
    priority: 'Low',
    deadline: '2026-03-13',
    progress: 0,
  },
  {
    id: 'far',
    title: 'Far away',
    description: 'Much later',
    priority: 'Low',
    deadline: '2026-03-30',
    progress: 0,
  },
  {
    id: 'done',
    title: 'Finished late',
    description: 'Done',
    priority: 'Low',
    deadline: '2026-03-01',
    progress: 90,
  },
  { id: 'bare', title: 'Just a title', description: '', priority: 'Medium', deadline: '', progress: 0 },
  {
    id: 'long',
    title: LONG_WORD,
    description: `${DESCRIPTION_LINES.join('\n')}\nSee ${LONG_URL}`,
    priority: 'High',
    deadline: '2026-03-12',
    progress: 0,
  },
];

function card(page: Page, title: string): Locator {
  return page.locator('[aria-roledescription="draggable task"]').filter({ hasText: title });
}

async function openBoard(page: Page, tasks: StoredTask[] = TASKS) {
  await page.clock.setFixedTime(NOW);
  await openWith(page, '/user/dashboard', { tasks });
  // Generous: the first load of a cold production page on a busy 2-core machine can take seconds.
  await expect(page.getByRole('heading', { name: 'To Do' })).toBeVisible({ timeout: 15_000 });
}

test.describe('board cards', () => {
  test('say how near each deadline is, beside the spec’s text, and nothing for a finished task', async ({
    memberPage: page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'texts: one width');
    await openBoard(page);
    const expected: [string, string, string | null][] = [
      ['Two days late', 'Deadline: 2026-03-08', 'Overdue 2 days'],
      ['One day late', 'Deadline: 2026-03-09', 'Overdue 1 day'],
      ['Due today', 'Deadline: 2026-03-10', 'Today'],
      ['Due tomorrow', 'Deadline: 2026-03-11', 'Tomorrow'],
      ['In three days', 'Deadline: 2026-03-13', 'In 3 days'],
      ['Far away', 'Deadline: 2026-03-30', null],
      ['Finished late', 'Deadline: 2026-03-01', null],
    ];
    for (const [title, deadline, relative] of expected) {
      const line = card(page, title).getByText(deadline, { exact: true }).locator('..');
      await expect(card(page, title).getByText(deadline, { exact: true })).toBeVisible();
      await expect(line).toHaveText(relative ? `${deadline} ${relative}` : deadline);
    }
    // The danger colour for overdue, the app's red text (light theme here).
    const danger = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'text-red-800';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    for (const overdue of ['Overdue 2 days', 'Overdue 1 day']) {
      await expect(page.getByText(overdue, { exact: true })).toHaveCSS('color', danger);
    }
    await expect(page.getByText('Tomorrow', { exact: true })).not.toHaveCSS('color', danger);

    // A page left open past midnight moves on (the next check: a minute, or the window's focus).
    await page.clock.setFixedTime(new Date('2026-03-11T00:05:00'));
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(card(page, 'Due today').getByText('Overdue 1 day', { exact: true })).toBeVisible();
    await expect(card(page, 'Due tomorrow').getByText('Today', { exact: true })).toBeVisible();
  });

  test('a task with no description and no deadline shows neither, and no empty line', async ({
    memberPage: page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'texts: one width');
    await openBoard(page);
    const bare = card(page, 'Just a title');
    await expect(bare).toHaveText('Just a titleMedium priority');
    await expect(bare.getByText(/Deadline|None/)).toHaveCount(0);
    const emptyElements = await bare.evaluate(
      (element) =>
        [...element.querySelectorAll('p, span, h3')].filter((child) => child.textContent?.trim() === '')
          .length,
    );
    expect(emptyElements).toBe(0);
  });

  test('clamp the description to two lines, wrap long words and addresses, and never scroll sideways', async ({
    memberPage: page,
  }) => {
    await openBoard(page);
    const long = card(page, LONG_WORD.slice(0, 40));
    const description = long.getByText(DESCRIPTION_LINES[0]!);
    // Two lines shown, the rest clipped but still there for screen readers (and in the task view).
    const { height, lineHeight, clipped } = await description.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      clipped: element.scrollHeight > element.clientHeight,
    }));
    expect(Math.round(height / lineHeight)).toBe(2);
    expect(clipped).toBe(true);
    await expect(description).toContainText(LONG_URL);

    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    const column = (await page.locator('section[data-column="To Do"]').boundingBox())!;
    const box = (await long.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    const title = (await long.getByRole('heading').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(box.x + box.width);

    // The whole description in the task view.
    await long.click();
    const view = page.getByRole('dialog');
    await expect(view).toContainText(DESCRIPTION_LINES[2]!);
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  test('the board with these cards has no axe violations, light and dark', async ({ memberPage: page }) => {
    // Two full axe runs on a board of nine cards.
    test.setTimeout(90_000);
    await openBoard(page);
    await expect(card(page, 'Two days late')).toBeVisible();
    expect(await findAxeViolations(page)).toEqual([]);
  });
});

test.describe('Create Tasks slider', () => {
  test(
    'is disabled, with the reason, while progress follows the checklist',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      const follows = {
        id: 'f',
        title: 'Checklist driven',
        description: 'Steps',
        priority: 'Medium' as const,
        deadline: '2099-01-01',
        progress: 50,
        checklistProgress: true,
        ck_step1: { text: 'One', done: true, pos: 1 },
        ck_step2: { text: 'Two', done: false, pos: 2 },
      };
      const free = { ...follows, id: 'g', title: 'Moved by hand', checklistProgress: undefined };
      await page.clock.setFixedTime(NOW);
      await openWith(page, '/user/userpage', { tasks: [follows, free] as StoredTask[] });
      const driven = page.getByRole('slider', { name: 'Progress of Checklist driven' });
      await expect(driven).toBeDisabled({ timeout: 15_000 });
      await expect(driven).toHaveAccessibleDescription('Progress follows the checklist.');
      await expect(page.getByRole('article', { name: 'Checklist driven' })).toContainText(
        '50% CompletedProgress follows the checklist.',
      );
      const byHand = page.getByRole('slider', { name: 'Progress of Moved by hand' });
      await expect(byHand).toBeEnabled();
      await expect(page.getByRole('article', { name: 'Moved by hand' })).not.toContainText(
        'Progress follows the checklist.',
      );
      expect(await findAxeViolations(page)).toEqual([]);
    },
  );
});

test.describe('emoji font', () => {
  test(
    'the spec’s emoji come from the app’s own font, letters from the text font',
    { tag: '@one-width' },
    async ({ memberPage: page }) => {
      await page.goto('/user/notifications');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('📢 Notifications', { timeout: 15_000 });
      // What Chromium drew the heading with: the emoji from the app's font (a web font, one glyph), the
      // letters from a system font. Without the font, the emoji is a box of the text font.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
      const drawnWith = async () => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
      await expect
        .poll(async () => (await drawnWith()).filter((font) => font.isCustomFont))
        .toEqual([expect.objectContaining({ isCustomFont: true, glyphCount: 1 })]);
      // The letters ('Notifications'; the space may come from either).
      const text = (await drawnWith()).filter((font) => !font.isCustomFont);
      expect(text.reduce((sum, font) => sum + font.glyphCount, 0)).toBeGreaterThanOrEqual(
        'Notifications'.length,
      );
      const family = await heading.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(family).toMatch(/^"?uiEmoji"?, system-ui, sans-serif$/);
    },
  );
});
