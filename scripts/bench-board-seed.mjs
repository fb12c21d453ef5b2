import { generateNKeysBetween } from 'fractional-indexing';

/**
 * What `npm run bench:board` stores before it opens the dashboard: a signed-in member (a token the
 * member screens only read, never send) and a long task list, some of it due today and tomorrow.
 */
function fakeUserToken() {
  const encode = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 'bench', role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

/** The local calendar day `days` from now, yyyy-mm-dd (the browser runs in this process's time zone). */
function localDateKey(/** @type {number} */ days) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (/** @type {number} */ value) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * `count` tasks due in 2027; `due` of them, spread through the list, due today and tomorrow in turn.
 * `ranked`: every task has a place set by hand (`rank`, docs/product.md#board), in reverse stored order,
 * so the board sorts every column.
 */
export function makeTasks(/** @type {number} */ count, due = 0, ranked = false) {
  const priorities = ['High', 'Medium', 'Low'];
  const ranks = ranked ? generateNKeysBetween(null, null, count).reverse() : [];
  const every = due > 0 ? Math.floor(count / due) : Infinity;
  const soon = [localDateKey(0), localDateKey(1)];
  return Array.from({ length: count }, (_, index) => ({
    id: String(1_700_000_000_000 + index),
    title: `Task ${index + 1}`,
    description: `Description of task ${index + 1}, long enough to wrap onto a second line on a narrow card.`,
    priority: priorities[index % 3],
    deadline:
      index % every === 0 && index / every < due
        ? soon[(index / every) % 2]
        : `2027-0${(index % 9) + 1}-1${index % 10}`,
    progress: (index * 7) % 101,
    assignedTo: 'Bench User',
    email: 'bench@example.com',
    ...(ranked ? { rank: ranks[index] } : {}),
  }));
}

/** A page in a fresh context (a cold cache, as on a first visit), signed in with `tasks` stored. */
export async function openSeeded(
  /** @type {import('@playwright/test').Browser} */ browser,
  /** @type {string} */ base,
  /** @type {string} */ tasks,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ([storedToken, storedTasks]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', JSON.stringify({ email: 'bench@example.com' }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name: 'Bench User' }));
      localStorage.setItem('tasks', storedTasks);
    },
    [fakeUserToken(), tasks],
  );
  return { context, page };
}
