import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Themes (docs/product.md#theme): light, dark and system, chosen in the navbar or on `/`, remembered
 * in this browser, applied before the first frame is painted.
 */
/** The page's background as painted (the body's), e.g. `oklch(0.129 0.042 264.695)`. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Records, from before any of the page's own code runs, the body's background in the first animation
 * frame in which the body exists (what the first paint shows) and whether the theme was set by then.
 */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      if (!document.body) {
        requestAnimationFrame(record);
        return;
      }
      (window as unknown as { __firstFrame: object }).__firstFrame = {
        theme: document.documentElement.dataset.theme ?? null,
        background: getComputedStyle(document.body).backgroundColor,
      };
    };
    requestAnimationFrame(record);
  });
}

const firstFrame = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { __firstFrame?: object }).__firstFrame)
    .then((handle) => handle.jsonValue());

test(
  'the navbar and / switch the theme, the choice is remembered and the first frame is already in it',
  { tag: '@one-width' },
  async ({ memberPage: page }) => {
    await page.goto('/user/notifications');
    const lightBackground = await pageBackground(page);
    const navbar = page.getByRole('navigation', { name: 'Main' });
    const theme = navbar.getByRole('button', { name: /^Theme: / });
    await expect(theme).toHaveAccessibleName('Theme: System');
    // Each press moves on: System → Light → Dark.
    await theme.click();
    await expect(theme).toHaveAccessibleName('Theme: Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await theme.click();
    await expect(theme).toHaveAccessibleName('Theme: Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('tasklane.theme'))).toBe('dark');
    const darkBackground = await pageBackground(page);
    expect(darkBackground).not.toBe(lightBackground);

    // Every later page, from either router, paints its first frame dark.
    await recordFirstFrame(page);
    for (const path of ['/user/dashboard', '/login', '/']) {
      await page.goto(path);
      expect(await firstFrame(page), path).toEqual({ theme: 'dark', background: darkBackground });
    }

    // `/` has the same switch, run by its own script: Dark → System → Light.
    const landingTheme = page.getByRole('button', { name: /^Theme: / });
    await expect(landingTheme).toHaveAccessibleName('Theme: Dark');
    await landingTheme.click();
    await expect(landingTheme).toHaveAccessibleName('Theme: System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await landingTheme.click();
    await expect(landingTheme).toHaveAccessibleName('Theme: Light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.goto('/user/dashboard');
    expect(await firstFrame(page)).toEqual({ theme: 'light', background: lightBackground });
    await expect(theme).toHaveAccessibleName('Theme: Light');

    // System follows the device, and forgets the choice.
    await page.emulateMedia({ colorScheme: 'dark' });
    await theme.click();
    await theme.click();
    await expect(theme).toHaveAccessibleName('Theme: System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    expect(await page.evaluate(() => localStorage.getItem('tasklane.theme'))).toBeNull();
    expect(await pageBackground(page)).toBe(darkBackground);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await pageBackground(page)).toBe(lightBackground);
  },
);

test(
  'toasts follow the theme, and another tab follows a change',
  { tag: '@one-width' },
  async ({ memberPage: page, context }) => {
    await page.goto('/user/userpage');
    const other = await context.newPage();
    await other.goto('/user/calendar');
    const theme = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Theme: / });
    await theme.click();
    await theme.click();
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(
      other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Theme: / }),
    ).toHaveAccessibleName('Theme: Dark');

    await page.getByLabel('Title').fill('Dark toast');
    await page.getByLabel('Description').fill('Shown in the dark theme');
    await page.getByLabel('Deadline').fill('2030-01-01');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByText('Task added successfully!')).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  },
);

test('the theme switch fits the navbar at every width and works from the keyboard', async ({
  memberPage: page,
}) => {
  await page.goto('/user/profile');
  const theme = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Theme: / });
  await theme.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await theme.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
});
