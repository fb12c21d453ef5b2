import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';

/** Helpers that act on a page: its stored data, its network, its dialogs, its accessibility. */

export type StoredTask = {
  id: string;
  /** The task's identity across devices, with team sync on. */
  uid?: string;
  /** Team sync: its number in its project, the server's (docs/product.md#projects). */
  number?: number;
  title: string;
  description?: string;
  priority?: 'High' | 'Medium' | 'Low';
  deadline?: string;
  progress?: number;
  assignedTo?: string;
  email?: string;
  status?: string;
  column?: string;
};

export type StoredData = {
  /** Stored under `tasks` as JSON, unless `raw` gives the exact text. */
  tasks?: StoredTask[];
  /** Keys stored with exactly this text (e.g. `{ tasks: 'not json' }`). */
  raw?: Record<string, string>;
  /** Stored as JSON. */
  json?: Record<string, unknown>;
};

/**
 * Writes `data` into this origin's localStorage: the page must already be on the app's origin (a signed-in
 * page from the fixtures is, on /robots.txt).
 */
export async function storeData(page: Page, data: StoredData): Promise<void> {
  await page.evaluate(
    ({ tasks, raw, json }) => {
      if (tasks) localStorage.setItem('tasks', JSON.stringify(tasks));
      for (const [key, value] of Object.entries(json ?? {})) localStorage.setItem(key, JSON.stringify(value));
      for (const [key, value] of Object.entries(raw ?? {})) localStorage.setItem(key, value);
    },
    { tasks: data.tasks, raw: data.raw, json: data.json },
  );
}

/** Stores `data` (when given) and opens `path`. */
export async function openWith(page: Page, path: string, data?: StoredData): Promise<void> {
  if (data) await storeData(page, data);
  await page.goto(path);
}

/** The parsed value of a localStorage key (`null` when missing). */
export function readStoredJson<T = unknown>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((storageKey) => {
    const raw = localStorage.getItem(storageKey);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key) as Promise<T | null>;
}

/**
 * The records of one store of team mode's IndexedDB replica (`tasklane-team`: `tasks`, `synced`,
 * `dirty`, `state`, `marks`), or null when it holds none. Read in the page, without the app's code.
 */
export function readTeamRecords<T = unknown>(page: Page, store: string): Promise<T[] | null> {
  return page.evaluate(
    (name) =>
      new Promise<unknown[] | null>((resolve, reject) => {
        const opening = indexedDB.open('tasklane-team');
        // No database yet: opening would create one, so it is abandoned (and none is made).
        opening.onupgradeneeded = () => opening.transaction?.abort();
        opening.onerror = () =>
          opening.error?.name === 'AbortError' ? resolve(null) : reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(null);
            return;
          }
          const reading = db.transaction(name, 'readonly').objectStore(name).getAll();
          reading.onsuccess = () => {
            db.close();
            const records = reading.result as unknown[];
            resolve(records.length === 0 ? null : records);
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
    store,
  ) as Promise<T[] | null>;
}

/** Team mode's tasks on this device, as stored (in id order), or null when there are none. */
export function readTeamTasks<T = StoredTask>(page: Page): Promise<T[] | null> {
  return readTeamRecords<T>(page, 'tasks');
}

/** Every localStorage key starting with `prefix`, with its text. */
export function readStoredKeys(page: Page, prefix: string): Promise<Record<string, string>> {
  return page.evaluate((keyPrefix) => {
    const found: Record<string, string> = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(keyPrefix)) found[key] = localStorage.getItem(key) ?? '';
    }
    return found;
  }, prefix);
}

/** Makes every `localStorage.setItem` in this page throw a QuotaExceededError, as a full disk does. */
export async function fillStorageQuota(page: Page): Promise<void> {
  await page.evaluate(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}

/** yyyy-mm-dd of a Date in local time (the browser's and the test's time zone are the same here). */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Counts the browser's requests to one API path (any method), to prove a form did or did not call it. */
export function countRequests(
  page: Page,
  pathname: string,
): { readonly count: number; readonly last?: Request } {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return {
    get count() {
      return seen.length;
    },
    get last() {
      return seen.at(-1);
    },
  };
}

/**
 * Holds every request to `pathname` until `release()` is called, then lets `answer` handle it (default:
 * pass it on to the server). Lets a test look at the busy state of a form that is waiting.
 */
export async function holdRequests(
  page: Page,
  pathname: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await released;
      await answer(route);
    },
  );
  return { release };
}

/** Answers every request to `pathname` with `status` and, when given, a JSON body. */
export async function stubApi(page: Page, pathname: string, status: number, body?: unknown): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) =>
      body === undefined
        ? route.fulfill({ status, body: '' })
        : route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/** Makes every request to `pathname` fail as if the network were down. */
export async function failApi(page: Page, pathname: string): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    (route) => route.abort('internetdisconnected'),
  );
}

/** The admin API's list of users (GET /admin/users). */
export const USERS_API = '/admin/users';

export type ListedUser = { fullName: string; email: string; role: 'user' | 'admin'; createdAt: string };

/**
 * Answers GET /admin/users with `users`: fixes the data an admin screen shows (the real endpoint works
 * too), and lets a fake admin token reach an admin screen without the server ending its session.
 */
export async function stubUsers(page: Page, users: ListedUser[]): Promise<void> {
  await stubApi(page, USERS_API, 200, users);
}

/** Every alert/confirm/prompt message the page shows from now on, each dismissed at once. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** axe's violations, summarised so that a failure shows the rule, the elements and axe's reason. */
function summariseViolations(results: AxeResults, suffix = '') {
  return results.violations.map((violation) => ({
    id: `${violation.id}${suffix}`,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      text: node.html.replace(/<[^>]*>/g, '').slice(0, 60),
      why: node.any.map((check) => check.message),
    })),
  }));
}

/**
 * axe-core's violations on the page as it is now (all default rules, WCAG 2.x A and AA included), in
 * the light theme, then the colour contrast again in the dark theme (docs/product.md#theme): the
 * theme changes colours only, so the other rules would find the same. The page's own theme is put
 * back afterwards. A violation found in the dark theme has " (dark)" after its rule's id.
 */
export async function findAxeViolations(page: Page) {
  const setTheme = (theme: string | null) =>
    page.evaluate(async (value) => {
      const root = document.documentElement;
      const before = root.dataset.theme ?? null;
      if (value === null) delete root.dataset.theme;
      else root.dataset.theme = value;
      // Colours with a transition (buttons, links) would be read half-way. Only transitions: a
      // spinner's or a toast's animation may never finish.
      const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
      await Promise.all(transitions.map((transition) => transition.finished.catch(() => {})));
      return before;
    }, theme);
  // Legacy mode: axe runs in the page itself. The default mode opens a blank page in the context for
  // every run to put the results of each frame together, which took half of each check's time
  // (measured: 4.2 s against 1.9 s on a busy 2-core machine, the same results). Frames from other
  // origins, the only ones legacy mode cannot test, cannot load here: the CSP's default-src is 'self'.
  const axe = () => new AxeBuilder({ page }).setLegacyMode();
  const before = await setTheme('light');
  try {
    const light = summariseViolations(await axe().analyze());
    await setTheme('dark');
    const dark = summariseViolations(await axe().withRules(['color-contrast']).analyze(), ' (dark)');
    return [...light, ...dark];
  } finally {
    await setTheme(before);
  }
}

/**
 * Picks up the focused board card with Space: waits for the board's `announcement` (the card over its
 * own column), then for the keyboard sensor to listen. dnd-kit announces the pick-up at once but adds
 * its key listener in a timer, so an arrow pressed in between is lost (seen on a busy CI machine); a
 * timer set now runs after that one.
 */
export async function pickUpWithKeyboard(page: Page, announcement: string): Promise<void> {
  await page.keyboard.press('Space');
  await page.getByText(announcement).waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const NOTIFICATIONS_RECORD_KEY = 'e2e.notifications';
export type Recorded = { title: string; body: string; tag: string };

/**
 * Replaces window.Notification by a recorder (kept in localStorage, so it survives reloads), with the
 * permission the browser really has unless `permission` overrides it; `'missing'` removes the API.
 */
export async function recordNotifications(
  context: BrowserContext,
  permission?: NotificationPermission | 'missing',
) {
  await context.addInitScript(
    ({ key, permission }) => {
      if (permission === 'missing') {
        // @ts-expect-error: a browser without the Notification API.
        delete window.Notification;
        return;
      }
      const Original = window.Notification;
      function Recorder(title: string, options?: NotificationOptions) {
        const calls = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
        calls.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
        localStorage.setItem(key, JSON.stringify(calls));
      }
      Object.defineProperty(Recorder, 'permission', { get: () => permission ?? Original.permission });
      Object.defineProperty(Recorder, 'requestPermission', {
        value: () => {
          // Counted, so a test can tell whether (and how often) the page asked.
          sessionStorage.setItem('e2e.asked', String(Number(sessionStorage.getItem('e2e.asked') ?? '0') + 1));
          return Promise.resolve(permission ?? Original.permission);
        },
      });
      Object.defineProperty(window, 'Notification', { value: Recorder, configurable: true, writable: true });
    },
    { key: NOTIFICATIONS_RECORD_KEY, permission },
  );
}

export async function recordedNotifications(page: Page): Promise<Recorded[]> {
  return (await readStoredJson<Recorded[]>(page, NOTIFICATIONS_RECORD_KEY)) ?? [];
}
