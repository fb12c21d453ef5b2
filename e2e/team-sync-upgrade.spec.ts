/**
 * The upgrade to team mode's IndexedDB store (docs/decisions/0027-team-replica-in-indexeddb.md): a
 * browser that synced with the previous version kept its tasks in `tasks` and the engine's bookkeeping
 * in `tasklane.sync` (localStorage). Its waiting changes must reach the server once, nothing lost.
 *
 * The previous version's storage is made by the replica code that wrote it (the format, version 1,
 * is unchanged), in Node, then put in the browser before the new version loads.
 */
import { request } from '@playwright/test';
import { createMeta, freezeOps, nextPushBatch, recordChanges } from '@/features/sync/client/replica';
import type { SyncOp } from '@/features/sync/model/protocol';
import type { Task } from '@/features/tasks/model/task-types';
import { expect as baseExpect, test } from './fixtures';
import { readTeamRecords, readTeamTasks } from './page-helpers';
import type { AppProcess } from './process-helpers';
import { uniqueEmail } from './session-helpers';
import { openDeviceAt, pullAll, registerAccount, syncStatus, type Account } from './team-sync-helpers';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppProcess;
let alice: Account;

test.beforeAll(async ({ teamServer }) => {
  server = teamServer;
  alice = await registerAccount(server.base, 'Alice Upgrade', uniqueEmail('alice-upgrade'), 'user');
});

function userIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

function task(id: string, title: string): Task {
  return {
    id,
    title,
    description: 'Written offline before the upgrade',
    priority: 'High',
    deadline: '2099-01-01',
    progress: 0,
    assignedTo: 'Alice Upgrade',
    email: alice.email,
  };
}

test('@one-width an offline change of the previous version reaches the server once after the upgrade', async ({
  browser,
}) => {
  // The previous version, offline: "Sent before" was frozen into an operation and sent, but its answer
  // never came back; "Waiting" was made after, and is only recorded.
  let uids = 0;
  const newUid = () => `0f0e0d0c-0000-4000-8000-${String(uids++).padStart(12, '0')}`;
  const meta = createMeta(userIdOf(alice.token), 'legacyclient0001');
  meta.decided = 'upload';
  const now = Date.now();
  let tasks = recordChanges(meta, null, [task(String(now - 10_000), 'Sent before')], now - 10_000, newUid);
  freezeOps(meta, tasks);
  const sentBefore: SyncOp[] = nextPushBatch(meta);
  const api = await request.newContext({ baseURL: server.base });
  const first = await api.post('/api/sync/push', {
    headers: { Authorization: `Bearer ${alice.token}` },
    data: { clientId: meta.clientId, ops: sentBefore },
  });
  expect(first.ok()).toBe(true);
  await api.dispose();
  tasks = recordChanges(meta, tasks, [...tasks, task(String(now - 5_000), 'Waiting')], now - 5_000, newUid);

  const { context, page } = await openDeviceAt(server.base, browser, alice);
  await page.evaluate(
    ({ storedTasks, storedMeta }) => {
      localStorage.setItem('tasks', storedTasks);
      localStorage.setItem('tasklane.sync', storedMeta);
    },
    { storedTasks: JSON.stringify(tasks), storedMeta: JSON.stringify(meta) },
  );

  // Every push the new version makes, to see what it sends.
  const pushed: SyncOp[] = [];
  await page.route('**/api/sync/push', async (route) => {
    const body = route.request().postDataJSON() as { ops: SyncOp[] };
    pushed.push(...body.ops);
    await route.continue();
  });

  await page.goto('/user/userpage');
  await expect(syncStatus(page)).toHaveText('Synced');
  await expect(page.getByRole('article', { name: 'Sent before' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Waiting' })).toBeVisible();

  // On the server, once each.
  const onServer = await pullAll(server.base, alice);
  expect(
    onServer
      .filter((row) => !row.deleted)
      .map((row) => row.data.title)
      .sort(),
  ).toEqual(['Sent before', 'Waiting']);
  // The operation whose answer was lost went again under its own id (the server skips it), and the
  // fields it carried were not sent again under new ones.
  const sentIds = new Set(sentBefore.map((op) => op.opId));
  const sentUid = sentBefore[0]!.uid;
  expect(pushed.filter((op) => sentIds.has(op.opId))).toEqual(sentBefore);
  expect(pushed.filter((op) => op.uid === sentUid && !sentIds.has(op.opId))).toEqual([]);
  expect(pushed.filter((op) => op.uid !== sentUid).map((op) => op.kind)).toEqual(['upsert']);

  // The store moved: the old keys are gone, the tasks and the bookkeeping are in IndexedDB, and
  // nothing waits.
  expect(
    await page.evaluate(() => [localStorage.getItem('tasks'), localStorage.getItem('tasklane.sync')]),
  ).toEqual([null, null]);
  expect((await readTeamTasks(page))?.map((stored) => stored.title)).toEqual(['Sent before', 'Waiting']);
  await expect
    .poll(async () => {
      const [state] = (await readTeamRecords<{ inflight: unknown[]; clientId: string }>(page, 'state')) ?? [];
      return state && { inflight: state.inflight.length, clientId: state.clientId };
    })
    .toEqual({ inflight: 0, clientId: 'legacyclient0001' });
  expect(await readTeamRecords(page, 'dirty')).toBeNull();
  await context.close();
});
