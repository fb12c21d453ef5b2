import type { Page } from '@playwright/test';
import { fakeToken } from './fixtures';

/**
 * Helpers for the member workspace (/user/*). Its screens read only the browser's storage (spec §7), so
 * a test signs in by writing the session keys directly; the token is fakeToken('user'), which the area
 * guard accepts (it reads the role claim) and no /user page sends anywhere.
 */

export const MEMBER = { name: 'Mira Member', email: 'mira@example.com' } as const;

export type StoredTask = {
  id: string;
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

export type SeedOptions = {
  /** Stored under `tasks` as JSON, unless `raw` gives the exact text. */
  tasks?: StoredTask[];
  /** Keys stored with exactly this text (e.g. `{ tasks: 'not json' }`). */
  raw?: Record<string, string>;
  /** Stored as JSON. */
  json?: Record<string, unknown>;
  member?: { name: string; email: string };
};

/** Writes a member session (and any data) into this origin's localStorage. Navigates to /robots.txt. */
export async function seedMemberStorage(page: Page, options: SeedOptions = {}): Promise<void> {
  const member = options.member ?? MEMBER;
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ token, member, tasks, raw, json }) => {
      localStorage.clear();
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify({ email: member.email }));
      localStorage.setItem('loggedInUser', JSON.stringify({ name: member.name }));
      if (tasks) localStorage.setItem('tasks', JSON.stringify(tasks));
      for (const [key, value] of Object.entries(json ?? {})) localStorage.setItem(key, JSON.stringify(value));
      for (const [key, value] of Object.entries(raw ?? {})) localStorage.setItem(key, value);
    },
    { token: fakeToken('user'), member, tasks: options.tasks, raw: options.raw, json: options.json },
  );
}

/** Signs in as a member with the given data and opens `path`. */
export async function openAsMember(page: Page, path: string, options: SeedOptions = {}): Promise<void> {
  await seedMemberStorage(page, options);
  await page.goto(path);
}

/** The parsed value of a localStorage key (`null` when missing). */
export function readStoredJson<T = unknown>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((storageKey) => {
    const raw = localStorage.getItem(storageKey);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key) as Promise<T | null>;
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

/** yyyy-mm-dd of a Date in local time (the browser's and the test's time zone are the same here). */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Makes every `localStorage.setItem` in this page throw a QuotaExceededError, as a full disk does. */
export async function fillStorageQuota(page: Page): Promise<void> {
  await page.evaluate(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}
