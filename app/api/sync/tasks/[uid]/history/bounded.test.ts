import { randomUUID } from 'node:crypto';
import { asc, eq, max } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HISTORY_ROWS_CONTEXT,
  HISTORY_ROWS_READ,
  type HistoryPage,
} from '@/features/sync/server/history-service';
import { getDatabase } from '@/server/db';
import { formatArchiveCursor } from '@/features/sync/server/store/archive-cursor';
import { formatHlc } from '@/features/sync/model/hlc';
import type { SyncOp } from '@/features/sync/model/protocol';
import type { HistoryInput } from '@/features/sync/model/history';
import { call } from '@/tests/helpers/api';
import { createUserWithToken } from '@/tests/helpers/factories';
import { push, stamp, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';
import { GET } from './route';

// Every derivation the service asks for, to count what one request replays (its work, not its time).
const seen = vi.hoisted(() => ({ inputs: [] as HistoryInput[] }));
vi.mock('@/features/sync/model/history', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/features/sync/model/history')>();
  return {
    ...actual,
    deriveHistory: (input: HistoryInput) => {
      seen.inputs.push(input);
      return actual.deriveHistory(input);
    },
  };
});
const { deriveHistory, historySentence } = await vi.importActual<
  typeof import('@/features/sync/model/history')
>('@/features/sync/model/history');

type Body = Partial<HistoryPage> & { message?: string; code?: string };

/** What one request may read of a task's log (ADR 0045): 400 rows up to the cursor, 100 after it. */
const ROWS_PER_REQUEST = 500;
const SIDE_RECORDS_PER_REQUEST = 200;
const LOG_ROWS = 1_500;
const STEP_MS = 4;

function history(token: string, uid: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return call<Body>(GET, `/api/sync/tasks/${uid}/history${search ? `?${search}` : ''}`, {
    token,
    params: { uid },
  });
}

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

beforeEach(() => {
  seen.inputs.length = 0;
});

/**
 * A task whose op log is `LOG_ROWS` pushes long, as one busy afternoon of two people makes it: Ana
 * and Ben take turns (ten pushes each), each push a progress step, every third the title too, and
 * Ben comments now and then. Stored straight into the tables, 4 ms apart, after a real creation.
 * `solo`: Ana alone, one progress step a push (one run of changes, as long as the log).
 */
async function longLog(uid: string, solo = false) {
  const ana = await createUserWithToken({ fullName: 'Ana Owner' });
  const ben = await createUserWithToken({ fullName: 'Ben Helper' });
  const t0 = Date.now();
  const created = await push(ana.token, 'ana-pc', [
    upsertOp('x0', uid, { title: 'Plan', progress: 0, assigneeId: ben.user.id }, { hlc: stamp(t0) }),
  ]);
  expect(created.status, created.text).toBe(200);
  const { db, tables } = await getDatabase();
  const [{ top }] = (await db.select({ top: max(tables.syncChanges.seq) }).from(tables.syncChanges)) as [
    { top: number },
  ];
  const startMs = t0 + 1_000;
  const rows: (typeof tables.syncChanges.$inferInsert)[] = [];
  for (let index = 1; index <= LOG_ROWS; index++) {
    const atMs = startMs + index * STEP_MS;
    // Turns of ten: the history is listed in parts of 300 rows from the newest, so no run crosses one.
    const who = solo || Math.floor((index - 1) / 10) % 2 === 0 ? ana : ben;
    const device = who === ana ? 'ana-pc' : 'ben-pc';
    const hlc = formatHlc({ wall: atMs, counter: 0, node: device });
    const values: Record<string, unknown> = {
      progress: solo ? index : index % 100,
      ...(index % 3 === 0 && !solo ? { title: `Plan ${index}` } : {}),
      updatedAt: new Date(atMs).toISOString(),
    };
    rows.push({
      id: randomUUID(),
      seq: top + index,
      taskUid: uid,
      userId: who.user.id,
      clientId: device,
      opId: `x${index}`,
      kind: 'upsert',
      outcome: 'applied',
      payload: JSON.stringify({
        baseV: top + index - 1,
        fields: Object.fromEntries(Object.entries(values).map(([field, value]) => [field, { value, hlc }])),
      }),
      createdAt: new Date(atMs),
    });
  }
  for (let start = 0; start < rows.length; start += 250)
    await db.insert(tables.syncChanges).values(rows.slice(start, start + 250));
  await db.update(tables.syncState).set({ lastSeq: top + LOG_ROWS });
  for (let k = 1; k <= (solo ? 0 : 6); k++) {
    const atMs = startMs + k * 230 * STEP_MS + 2;
    await db.insert(tables.taskComments).values({
      id: randomUUID(),
      taskUid: uid,
      authorId: ben.user.id,
      body: `Comment ${k}`,
      createdAt: new Date(atMs),
      changedAt: new Date(atMs),
    });
  }
  return { ana, ben };
}

/** The whole history as the derivation reads it from the whole log (what every page must add up to). */
async function wholeHistory(uid: string, names: Map<string, string>) {
  const { db, tables } = await getDatabase();
  const [task] = await db.select().from(tables.syncTasks).where(eq(tables.syncTasks.uid, uid));
  const rows = await db
    .select()
    .from(tables.syncChanges)
    .where(eq(tables.syncChanges.taskUid, uid))
    .orderBy(asc(tables.syncChanges.seq));
  const comments = await db.select().from(tables.taskComments).where(eq(tables.taskComments.taskUid, uid));
  return deriveHistory({
    createdAtMs: task!.createdAt.getTime(),
    ownerId: task!.ownerId,
    complete: true,
    changes: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      atMs: row.createdAt.getTime(),
      outcome: row.outcome,
      op: { ...(JSON.parse(row.payload) as object), kind: row.kind, opId: row.opId, uid } as SyncOp,
    })),
    conflicts: [],
    comments: comments.map((c) => ({ id: c.id, authorId: c.authorId, atMs: c.createdAt.getTime() })),
    names,
  }).map((entry) => ({ id: entry.id, text: historySentence(entry) }));
}

describe('GET /api/sync/tasks/{uid}/history on a long op log', () => {
  it('reads a bounded window of the log per page, however long the log is', async () => {
    const { ana } = await longLog('long1');
    const first = await history(ana.token, 'long1');
    expect(first.status, first.text).toBe(200);
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await history(ana.token, 'long1', { before: first.body.next! });
    expect(second.status, second.text).toBe(200);
    expect(seen.inputs).toHaveLength(2);
    for (const input of seen.inputs) {
      expect(input.changes.length).toBeLessThanOrEqual(ROWS_PER_REQUEST);
      expect(input.comments.length).toBeLessThanOrEqual(SIDE_RECORDS_PER_REQUEST);
      expect(input.conflicts.length).toBeLessThanOrEqual(SIDE_RECORDS_PER_REQUEST);
    }
  });

  it('adds up, page after page, to the history of the whole log: the same entries, each once, in order', async () => {
    const { ana, ben } = await longLog('long2');
    const expected = await wholeHistory(
      'long2',
      new Map([
        [ana.user.id, 'Ana Owner'],
        [ben.user.id, 'Ben Helper'],
      ]),
    );
    const paged: { id: string; text: string }[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof history>> = await history(
        ben.token,
        'long2',
        before ? { before } : {},
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.complete).toBe(true);
      paged.push(...res.body.entries!.map(({ id, text }) => ({ id, text })));
      before = res.body.next ?? null;
      pages += 1;
      expect(pages).toBeLessThan(100);
    } while (before);
    expect(expected.length).toBeGreaterThan(300);
    expect(paged).toEqual(expected);
    expect(paged.filter((e) => e.text === 'Ben Helper commented')).toHaveLength(6);
    expect(paged.at(-1)?.text).toBe('Ana Owner created the task');
    for (const input of seen.inputs) expect(input.changes.length).toBeLessThanOrEqual(ROWS_PER_REQUEST);
  });

  it('continues from a `before` of the previous version (time and entry id, as the archive’s)', async () => {
    const { ana } = await longLog('long4');
    const first = await history(ana.token, 'long4');
    const second = await history(ana.token, 'long4', { before: first.body.next! });
    const last = first.body.entries!.at(-1)!;
    const old = Buffer.from(`${Date.parse(last.at)}:${last.id}`, 'utf8').toString('base64url');
    expect(old).toBe(formatArchiveCursor(Date.parse(last.at), last.id));
    const continued = await history(ana.token, 'long4', { before: old });
    expect(continued.status, continued.text).toBe(200);
    // The same entries next (the new cursor also carries where the part of the log ends, so its page may end sooner).
    expect(second.body.entries!.length).toBeGreaterThan(5);
    expect(continued.body.entries!.slice(0, second.body.entries!.length)).toEqual(second.body.entries);
    expect(continued.body.next).toEqual(expect.any(String));
  });

  it('splits a run longer than one part of the log (300 rows) where the parts meet, losing no step', async () => {
    expect(HISTORY_ROWS_READ - HISTORY_ROWS_CONTEXT).toBe(300);
    const { ana } = await longLog('long3', true);
    const texts: string[] = [];
    const ids = new Set<string>();
    let before: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof history>> = await history(
        ana.token,
        'long3',
        before ? { before, limit: '2' } : { limit: '2' },
      );
      expect(res.status, res.text).toBe(200);
      for (const entry of res.body.entries!) {
        expect(ids.has(entry.id)).toBe(false);
        ids.add(entry.id);
        texts.push(entry.text);
      }
      before = res.body.next ?? null;
    } while (before);
    // One run of 1,400 steps from 101 (completing at 100 ends the run before it): whole, it would
    // read "101 → 1500"; each piece starts where the one after it ends.
    expect(texts).toEqual([
      'Ana Owner changed progress 1200 → 1500',
      'Ana Owner changed progress 900 → 1200',
      'Ana Owner changed progress 600 → 900',
      'Ana Owner changed progress 300 → 600',
      'Ana Owner changed progress 101 → 300',
      'Ana Owner reopened the task',
      'Ana Owner completed the task',
      'Ana Owner changed progress 0 → 99',
      'Ana Owner assigned the task to Ben Helper',
      'Ana Owner created the task',
    ]);
  });
});
