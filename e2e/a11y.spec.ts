import { expect, test } from './fixtures';
import { findAxeViolations } from './page-helpers';

/** The public screens must have no axe-core violations (all default rules, WCAG 2.x A and AA included). */
const PAGES = [
  '/',
  '/signup',
  '/signup?role=admin',
  '/login',
  '/login?role=admin&reason=expired',
  '/forgot-password',
  '/forgot-password?role=admin',
  '/reset-password?token=example',
  '/reset-password',
  '/confirm-email?token=example',
  '/confirm-email',
];

// One test visits them all in one page: a test of its own for each cost a fresh browser context and a
// cold start of every page's scripts, about half of the time these took (CI time budget).
test('axe finds no violations on / and the account screens', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect.soft(await findAxeViolations(page), path).toEqual([]);
    });
  }
});

test('axe finds no violations on the login form showing an error', async ({ page }) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 401,
      json: { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' },
    }),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  // Inside main: Next.js adds its own role=alert route announcer to every page.
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password.');
  expect(await findAxeViolations(page)).toEqual([]);
});
