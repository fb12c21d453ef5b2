/**
 * Shared by the team-sync specs: accounts registered on a TEAM_SYNC=on server, browser
 * contexts standing for devices, the sync status, the Create Tasks form and keyboard drags on the
 * board.
 */
import { randomUUID } from 'node:crypto';
import { request, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { pickUpWithKeyboard, readTeamTasks, type StoredTask } from './page-helpers';
import { E2E_PASSWORD, logInViaApi, registerViaApi, signIn } from './session-helpers';

export type Account = { fullName: string; email: string; role: 'user' | 'admin'; token: string };
export type Device = { context: BrowserContext; page: Page };

export const FAR_DEADLINE = '2099-01-01';

/** A new account on the server at `base`, registered through the API. */
export async function registerAccount(
  base: string,
  fullName: string,
  email: string,
  role: 'user' | 'admin',
): Promise<Account> {
  const api = await request.newContext({ baseURL: base });
  const token = await registerViaApi(api, { fullName, email, role });
  await api.dispose();
  return { fullName, email, role, token };
}

/**
 * A new session of `account`, with a token of its own: a test that logs out ends that token on the
 * server, and no other test's.
 */
export async function logInAgain(base: string, account: Account): Promise<Account> {
  const api = await request.newContext({ baseURL: base });
  const token = await logInViaApi(api, account.email, E2E_PASSWORD, account.role);
  await api.dispose();
  return { ...account, token };
}

/** A fresh browser profile on the server at `base`, signed in as `account`: one device. */
export async function openDeviceAt(base: string, browser: Browser, account: Account): Promise<Device> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await signIn(page, { token: account.token, email: account.email, name: account.fullName });
  return { context, page };
}

export function syncStatus(page: Page): Locator {
  return page.getByRole('banner').getByRole('status');
}

export async function addTask(page: Page, title: string, description: string): Promise<void> {
  await page.goto('/user/userpage');
  await submitTask(page, title, description);
}

/** Fills and sends the Create Tasks form of the page already open; `before` fills more fields first. */
export async function submitTask(
  page: Page,
  title: string,
  description: string,
  before?: (form: Locator) => Promise<void>,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Create a New Task' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
  await form.getByRole('textbox', { name: 'Deadline', exact: true }).fill(FAR_DEADLINE);
  await before?.(form);
  await form.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByRole('main').getByRole('article', { name: title, exact: true })).toBeVisible();
}

export const COLUMNS = ['To Do', 'In Progress', 'Completed'] as const;
export type Column = (typeof COLUMNS)[number];

export function boardColumn(page: Page, name: string): Locator {
  return page.locator(`section[data-column="${name}"]`);
}

/**
 * A keyboard drag of the card `title` from column `from` to column `to` of a board whose columns
 * are `columns` (the spec's three unless a project's), waiting for the board's announcement after
 * each key (a key pressed before the board has moved the card is lost).
 */
export async function drag(
  page: Page,
  title: string,
  from: string,
  to: string,
  columns: readonly string[] = COLUMNS,
): Promise<void> {
  const over = (column: string) => page.getByText(`Task "${title}" is over the ${column} column.`);
  await page
    .locator('[aria-roledescription="draggable task"]')
    .and(page.getByRole('button', { name: new RegExp(title) }))
    .focus();
  await pickUpWithKeyboard(page, `Task "${title}" is over the ${from} column.`);
  const step = columns.indexOf(to) > columns.indexOf(from) ? 1 : -1;
  for (let index = columns.indexOf(from); index !== columns.indexOf(to);) {
    index += step;
    await page.keyboard.press(step > 0 ? 'ArrowRight' : 'ArrowLeft');
    await expect(over(columns[index]!)).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(page.getByText(`Task "${title}" was dropped in the ${to} column.`)).toBeAttached();
}

/** A call of the app's API at `base` as `account` (JSON in and out), which must succeed. */
export async function apiAs(
  base: string,
  account: { token: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** The board's column headings, in order (the names, without their counts). */
export function columnHeadings(page: Page): Locator {
  return page.locator('section[data-column] h2 > span:first-child');
}

/** The user id a session token carries (its `sub`). */
export function userIdOf(account: { token: string }): string {
  const payload = JSON.parse(Buffer.from(account.token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/**
 * The two assignee fields this version's picker writes, for a task given to `account`: a name alone
 * binds only its writer (docs/product.md#assignees), so seeds assign others by id.
 */
export function assignTo(account: { fullName: string; token: string }): {
  assignedTo: string;
  assigneeId: string;
} {
  return { assignedTo: account.fullName, assigneeId: userIdOf(account) };
}

/** A task made on Create Tasks of `page`, assigned to `assignee` (as the picker names them), synced; its uid. */
export async function createTaskFor(page: Page, title: string, assignee: string): Promise<string> {
  await page.goto('/user/userpage');
  await submitTask(page, title, 'Venue and dates', async (form) => {
    await form.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: assignee });
  });
  await expect(syncStatus(page)).toHaveText('Synced', { timeout: 15_000 });
  const uid = (await storedTask(page, title)).uid;
  expect(uid).toBeTruthy();
  return String(uid);
}

export async function storedTask(page: Page, title: string): Promise<StoredTask> {
  const tasks = (await readTeamTasks(page)) ?? [];
  const task = tasks.find((item) => item.title === title);
  expect(task, `a stored task titled ${title}`).toBeDefined();
  return task!;
}

/** Every task the server lets `account` see, through the pull endpoint. */
export async function pullAll(
  base: string,
  account: Account,
): Promise<{ uid: string; deleted: boolean; data: StoredTask }[]> {
  const seen = [];
  let cursor = '0:';
  for (;;) {
    const response = await fetch(`${base}/api/sync/pull?cursor=${encodeURIComponent(cursor)}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      changes: { uid: string; deleted: boolean; data: StoredTask }[];
      cursor: string;
      more: boolean;
    };
    seen.push(...body.changes);
    cursor = body.cursor;
    if (!body.more) return seen;
  }
}

let stamps = 0;
/** A clock stamp as features/sync/model/hlc.ts writes them: wall ms, counter, node. */
function stamp(): string {
  return `${String(Date.now()).padStart(15, '0')}-${String(stamps++).padStart(6, '0')}-e2e`;
}

/** One push of `ops` to the server at `base` as `owner`, as a browser's sync would; its `seq`. */
async function pushOpsAt(base: string, owner: { token: string }, ops: unknown[]): Promise<number> {
  const response = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ clientId: 'e2e-seed', ops }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { seq: number }).seq;
}

const writes = (values: Record<string, unknown>, hlc: string) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value, hlc }]));

/**
 * `owner` stores new tasks on the server at `base` through the push endpoint, as a browser's sync
 * would (one push, a new uid each): a description, priority and deadline unless `tasks` give theirs.
 * Their uids, in order, and the version the push gave them.
 */
export async function pushTasksAt(
  base: string,
  owner: { token: string },
  tasks: Record<string, unknown>[],
): Promise<{ uids: string[]; version: number }> {
  const ops = tasks.map((values) => ({
    opId: randomUUID(),
    uid: randomUUID(),
    baseV: 0,
    kind: 'upsert',
    fields: writes(
      { description: 'Planned with the team', priority: 'Medium', deadline: FAR_DEADLINE, ...values },
      stamp(),
    ),
  }));
  const version = await pushOpsAt(base, owner, ops);
  return { uids: ops.map((op) => op.uid), version };
}

/** `writer` changes the task `uid` (at `version`) once per item of `changes`, one push each, in order. */
export async function pushChangesAt(
  base: string,
  writer: { token: string },
  uid: string,
  version: number,
  changes: Record<string, unknown>[],
): Promise<number> {
  let baseV = version;
  for (const values of changes) {
    const op = { opId: randomUUID(), uid, baseV, kind: 'upsert', fields: writes(values, stamp()) };
    baseV = await pushOpsAt(base, writer, [op]);
  }
  return baseV;
}
