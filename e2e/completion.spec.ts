import { expect, test } from './fixtures';
import { findAxeViolations, openWith, readStoredJson, type StoredTask } from './page-helpers';

/**
 * One rule for done in the default mode (docs/product.md#task-completion): the admin's Mark as
 * Completed on a weekly task whose progress follows its checklist (2 of 3 ticked) ticks the last item,
 * makes the next occurrence once and stores progress 100 with status Completed; the task view agrees
 * (`100% Completed`, `3 of 3 done`) and its Status says how to reopen it; axe in both themes.
 */

const WEEKLY = {
  id: '1767225600000',
  title: 'Weekly report',
  description: 'Numbers for the team',
  priority: 'Medium',
  deadline: '2099-01-01',
  progress: 67,
  assignedTo: 'Mira',
  email: 'mira@example.com',
  checklistProgress: true,
  repeat: { every: 'week', interval: 1, from: 'deadline' },
  ck_aaaaaaaa: { text: 'Gather numbers', done: true, pos: 1 },
  ck_bbbbbbbb: { text: 'Write summary', done: true, pos: 2 },
  ck_cccccccc: { text: 'Send to team', done: false, pos: 3 },
} as StoredTask;

test('Mark as Completed on a checklist-driven weekly task: every item ticked, next occurrence once, the view agrees', async ({
  adminPage: page,
}, testInfo) => {
  await openWith(page, '/admin/manage-tasks', { tasks: [WEEKLY] });
  await page
    .getByRole('table', { name: 'Pending Tasks' })
    .getByRole('row')
    .filter({ hasText: 'Weekly report' })
    .getByRole('button', { name: '✅ Mark as Completed' })
    .click();
  await expect(page.getByText('"Weekly report" marked as completed.', { exact: true })).toBeVisible();
  await expect(page.getByText('Next "Weekly report" is due 2099-01-08.', { exact: true })).toBeVisible();

  const stored = (await readStoredJson<StoredTask[]>(page, 'tasks'))!;
  expect(stored).toHaveLength(2);
  expect(stored[0]).toMatchObject({
    progress: 100,
    status: 'Completed',
    checklistProgress: true,
    ck_cccccccc: { text: 'Send to team', done: true, pos: 3 },
    repeatedAs: stored[1]!.id,
  });
  expect(stored[1]).toMatchObject({ deadline: '2099-01-08', progress: 0 });
  // The completed one in Completed Tasks; its next occurrence, once, in Pending Tasks.
  const rows = (name: 'Pending Tasks' | 'Completed Tasks') =>
    page.getByRole('table', { name }).getByRole('row').filter({ hasText: 'Weekly report' });
  await expect(rows('Completed Tasks')).toHaveCount(1);
  await expect(rows('Completed Tasks')).toContainText('2099-01-01');
  await expect(rows('Pending Tasks')).toHaveCount(1);
  await expect(rows('Pending Tasks')).toContainText('2099-01-08');

  await page.goto(`/admin/manage-tasks?task=${WEEKLY.id}`);
  const view = page.getByRole('dialog');
  await expect(view.getByRole('heading', { name: 'Weekly report' })).toBeVisible({ timeout: 15_000 });
  await expect(view.getByText('100% Completed', { exact: true })).toBeVisible();
  await expect(view.getByText('3 of 3 done', { exact: true })).toBeVisible();
  const status = view.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('Completed');
  await expect(status).toBeDisabled();
  await expect(status).toHaveAccessibleDescription(
    'To reopen it, lower its progress or untick a checklist item.',
  );
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('completed-view-light.png') });
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await page.screenshot({ path: testInfo.outputPath('completed-view-dark.png') });
  expect(await findAxeViolations(page)).toEqual([]);

  // Reload: the same, as read from storage.
  await page.reload();
  await expect(view.getByText('3 of 3 done', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(view.getByText('100% Completed', { exact: true })).toBeVisible();
});
