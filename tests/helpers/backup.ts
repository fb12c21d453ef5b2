import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { getFileStore } from '@/server/storage';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { POST as inviteRoute } from '@/app/api/admin/invitations/route';
import { DELETE as revokeInvitation } from '@/app/api/admin/invitations/[id]/route';
import { PUT as firstRun } from '@/app/api/admin/first-run/route';
import { PUT as signupSettings } from '@/app/api/admin/signup-settings/route';
import { POST as resendConfirmation } from '@/app/api/auth/confirm-email/resend/route';
import { POST as enableTwoFactor } from '@/app/api/auth/two-factor/enable/route';
import { POST as setUpTwoFactor } from '@/app/api/auth/two-factor/setup/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as contact } from '@/app/api/contact/route';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { POST as createLabel } from '@/app/api/labels/route';
import { PUT as digestRoute } from '@/app/api/reminders/digest/route';
import { PUT as reminderRoute } from '@/app/api/reminders/settings/route';
import {
  DELETE as deleteComment,
  PATCH as editComment,
  PUT as putComment,
} from '@/app/api/sync/comments/[id]/route';
import { POST as resolveConflict } from '@/app/api/sync/conflicts/[id]/resolve/route';
import { GET as conflictsRoute } from '@/app/api/sync/conflicts/route';
import { POST as markRead } from '@/app/api/sync/inbox/read/route';
import { RESTORE_SEQ_GAP, RESTORE_SESSION_GAP } from '@/server/backup/restore';
import { handleTables, readTable } from '@/server/backup/snapshot';
import { backupTables } from '@/server/backup/tables';
import * as sqliteSchema from '@/server/db/schema.sqlite';
import { getDatabase, openDatabase, type DatabaseHandle } from '@/server/db';
import { claimDigest } from '@/features/inbox/server/inbox-digest-service';
import { claimReminderSend } from '@/features/reminders/server/reminder-service';
import { totpCode } from '@/features/accounts/server/two-factor-codes';
import type { ConflictsResponse } from '@/features/sync/model/protocol';
import { getTestRunId, withAdminClient } from '@/tests/setup/test-database';
import { call } from './api';
import { createAdminWithToken, createUserWithToken, loginAs } from './factories';
import { lifeOp, push, stamp, upsertOp } from './sync';

const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBeLessThan(300);

/**
 * Fills every table a backup holds with rows the app itself writes (routes and services, TEAM_SYNC=on):
 * people, tasks with checklists, labels and a repeat, a deleted and a completed task, a conflict
 * (one settled), a reassignment, comments (edited, deleted) with mentions and inbox items, reminder
 * and digest choices, invitations (one revoked), sign-up settings, the first run's checklist dismissed, a reset link, a logout, a message,
 * a confirmation link, a provider identity, an account with two-factor sign-in on, and a project with a
 * member and a task key.
 */
export async function populateEveryTable() {
  const ada = await createAdminWithToken({ fullName: 'Ada Admin' });
  const olive = await createUserWithToken({ fullName: 'Olive Owner' });
  const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
  const max = await createUserWithToken({ fullName: 'Max Member' });

  const label = await call<{ label: { id: string } }>(createLabel, '/api/labels', {
    token: ada.token,
    body: { name: 'Urgent', color: 'red' },
  });
  ok(label);
  const labelId = label.body.label.id;

  const base = Date.now();
  ok(
    await push(olive.token, 'olive-pc', [
      upsertOp('o1', 't1', {
        title: 'Plan the “launch” ✓',
        description: 'Line one\nline two',
        priority: 'High',
        deadline: '2099-01-01',
        progress: 40,
        assignedTo: 'Ash Assignee',
        assigneeId: ash.user.id,
        labels: [labelId],
        repeat: { every: 'week', interval: 1, from: 'deadline' },
        ck_a1: { text: 'Draft', done: true, pos: 1 },
        ck_b2: { text: 'Review', done: false, pos: 2 },
      }),
      upsertOp('o2', 't2', { title: 'Done already', progress: 100, assignedTo: '' }),
      upsertOp('o3', 't3', { title: 'To be deleted' }),
      lifeOp('delete', 'o4', 't3'),
    ]),
  );
  // A conflict: Ash and Olive change t1's title concurrently; Olive's older stamp loses.
  ok(
    await push(ash.token, 'ash-pc', [
      upsertOp('a1', 't1', { title: 'Ash’s title' }, { hlc: stamp(base + 20, 'ash-pc'), baseV: 1 }),
    ]),
  );
  ok(
    await push(olive.token, 'olive-phone', [
      upsertOp('o5', 't1', { title: 'Olive’s title' }, { hlc: stamp(base + 10, 'olive-phone'), baseV: 1 }),
    ]),
  );
  const conflicts = await call<ConflictsResponse>(conflictsRoute, '/api/sync/conflicts?uid=t1', {
    token: olive.token,
  });
  const [conflict] = conflicts.body.conflicts;
  expect(conflict).toBeDefined();
  ok(
    await call(resolveConflict, `/api/sync/conflicts/${conflict!.id}/resolve`, {
      token: olive.token,
      params: { id: conflict!.id },
    }),
  );
  // A second task for Ash, then reassigned to Max: Ash's next pull drops it (a revocation).
  ok(
    await push(olive.token, 'olive-pc', [
      upsertOp('o6', 't4', { title: 'Hand over', assignedTo: 'Ash Assignee', assigneeId: ash.user.id }),
    ]),
  );
  ok(
    await push(olive.token, 'olive-pc', [
      upsertOp('o7', 't4', { assignedTo: 'Max Member', assigneeId: max.user.id }, { baseV: 0 }),
    ]),
  );

  const comment = async (token: string, task: string, body: string, mentions: string[] = []) => {
    const id = randomUUID();
    const res = await call(putComment, `/api/sync/comments/${id}`, {
      token,
      method: 'PUT',
      body: { task, body, mentions },
      params: { id },
    });
    ok(res);
    return id;
  };
  const first = await comment(olive.token, 't1', 'Can you look, @Ash?', [ash.user.id]);
  ok(
    await call(editComment, `/api/sync/comments/${first}`, {
      token: olive.token,
      method: 'PATCH',
      body: { body: 'Can you look today, @Ash?' },
      params: { id: first },
    }),
  );
  const second = await comment(ash.token, 't1', 'On it');
  ok(
    await call(deleteComment, `/api/sync/comments/${second}`, {
      token: ash.token,
      method: 'DELETE',
      params: { id: second },
    }),
  );
  await comment(ada.token, 't4', 'Thanks @Max', [max.user.id]);
  ok(await call(markRead, '/api/sync/inbox/read', { token: ash.token, body: { all: true } }));

  ok(
    await call(reminderRoute, '/api/reminders/settings', {
      token: olive.token,
      method: 'PUT',
      body: { email: true, time: '07:45', timeZone: 'Europe/Paris' },
    }),
  );
  expect(await claimReminderSend(olive.user.id, '2026-11-27', new Date(base))).toBe(true);
  ok(
    await call(digestRoute, '/api/reminders/digest', {
      token: max.token,
      method: 'PUT',
      body: { digest: false },
    }),
  );
  expect(await claimDigest(ash.user.id, new Date(base))).not.toBeNull();

  const invitation = await call<{ invitation: { id: string } }>(inviteRoute, '/api/admin/invitations', {
    token: ada.token,
    body: { email: 'ivy@example.com', role: 'user' },
  });
  ok(invitation);
  ok(await call(inviteRoute, '/api/admin/invitations', { token: ada.token, body: { role: 'admin' } }));
  const revokeId = invitation.body.invitation.id;
  ok(
    await call(revokeInvitation, `/api/admin/invitations/${revokeId}`, {
      token: ada.token,
      method: 'DELETE',
      params: { id: revokeId },
    }),
  );
  ok(
    await call(signupSettings, '/api/admin/signup-settings', {
      token: ada.token,
      method: 'PUT',
      body: { mode: 'invitation', domains: ['example.com'] },
    }),
  );
  ok(
    await call(firstRun, '/api/admin/first-run', {
      token: ada.token,
      method: 'PUT',
      body: { dismissed: true },
    }),
  );

  ok(await call(forgotPassword, '/api/forgot-password', { body: { email: max.user.email, role: 'user' } }));
  ok(await call(logout, '/api/auth/logout', { token: await loginAs(max.user.email), method: 'POST' }));
  ok(
    await call(contact, '/api/contact', {
      body: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        message: 'Hello from the landing page, with “quotes” and ünïcode.',
      },
    }),
  );
  // A confirmation link waiting for Max, and Olive's identity at a provider (ADR 0042).
  ok(await call(resendConfirmation, '/api/auth/confirm-email/resend', { body: { email: max.user.email } }));
  const { db, tables } = await getDatabase();
  await db.insert(tables.userIdentities).values({
    id: randomUUID(),
    userId: olive.user.id,
    issuer: 'https://id.example.com',
    subject: 'olive-1',
    createdAt: new Date(),
  });
  // A project of the team's with a member, and the key task t1 was given there (ADR 0049). Written
  // straight to the tables until the projects' endpoints exist.
  const now = new Date();
  await db.insert(tables.projects).values({
    id: 'p-ops',
    key: 'OPS',
    name: 'Operations',
    color: 'teal',
    description: 'The support queue',
    teamRole: null,
    nextNumber: 2,
    createdAt: now,
    updatedAt: now,
    createdBy: ada.user.id,
  });
  await db
    .insert(tables.projectMembers)
    .values({ projectId: 'p-ops', userId: max.user.id, role: 'commenter', createdAt: now });
  await db.insert(tables.taskKeys).values({ projectId: 'p-ops', number: 1, taskUid: 't1', createdAt: now });
  // A file on t1: its row, and its bytes in the store (a backup holds both).
  const bytes = Buffer.from('The plan, in a file.\n');
  const fileId = randomUUID();
  const key = `attachments/${fileId.slice(0, 2)}/${fileId}-0001`;
  await getFileStore().put(key, Readable.from([bytes]), { maxBytes: bytes.length });
  await db.insert(tables.taskAttachments).values({
    id: fileId,
    taskUid: 't1',
    name: 'plan.txt',
    mediaType: 'text/plain',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    storageKey: key,
    addedBy: olive.user.id,
    addedAt: now,
    deletedAt: null,
    changedAt: now,
    thumbnailKey: null,
    width: null,
    height: null,
    isCover: false,
  });
  // Two-factor sign-in on for an account of its own (its logins then ask for a code).
  const tess = await createUserWithToken({ fullName: 'Tess Twofactor' });
  const setup = await call<{ secret: string }>(setUpTwoFactor, '/api/auth/two-factor/setup', {
    token: tess.token,
    method: 'POST',
  });
  ok(setup);
  ok(
    await call(enableTwoFactor, '/api/auth/two-factor/enable', {
      token: tess.token,
      method: 'POST',
      body: { code: totpCode(setup.body.secret, Date.now()) },
    }),
  );
  return { ada, olive, ash, max };
}

const comparable = (value: unknown) => (value instanceof Date ? { date: value.getTime() } : value);

export type TableDump = Record<string, unknown[][]>;

/**
 * `dump` as it reads after `restores` restores: every account's session version moved on by
 * RESTORE_SESSION_GAP each time, team sync's counter and pull floor by RESTORE_SEQ_GAP, from the
 * counter (everything else as it was).
 */
export function afterRestores(dump: TableDump, restores: number): TableDump {
  const columnsOf = (name: string) =>
    backupTables(sqliteSchema)
      .find((table) => table.name === name)!
      .columns.map((column) => column.name);
  const columns = columnsOf('sync_state');
  const [lastSeq, floor] = [columns.indexOf('last_seq'), columns.indexOf('gc_floor_seq')];
  const sessionVersion = columnsOf('users').indexOf('session_version');
  return {
    ...dump,
    users: dump.users!.map((row) => {
      const moved = [...row];
      moved[sessionVersion] = (row[sessionVersion] as number) + restores * RESTORE_SESSION_GAP;
      return moved;
    }),
    sync_state: dump.sync_state!.map((row) => {
      const moved = [...row];
      moved[lastSeq] = (row[lastSeq] as number) + restores * RESTORE_SEQ_GAP;
      moved[floor] = moved[lastSeq];
      return moved;
    }),
  };
}

/**
 * Every row of every backed-up table, in key order, with values as Drizzle's typed columns read
 * them (dates as milliseconds, so an instant that lost precision shows; not the file's encoding,
 * which would hide its own losses).
 */
export async function dumpTables(handle: DatabaseHandle): Promise<TableDump> {
  const dump: TableDump = {};
  for (const table of handleTables(handle)) {
    const rows: unknown[][] = [];
    for await (const batch of readTable(handle.db, table)) {
      for (const row of batch) rows.push(table.columns.map(({ key }) => comparable(row[key])));
    }
    dump[table.name] = rows;
  }
  return dump;
}

export interface ScratchDatabase {
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}

let scratchCount = 0;

/**
 * An empty database of `dialect` of its own (migrated), dropped by `drop()`: a SQLite file in a
 * temporary folder, or a PostgreSQL database beside this run's (TEST_DATABASE_URL must be set).
 */
export async function scratchDatabase(dialect: DatabaseHandle['dialect']): Promise<ScratchDatabase> {
  scratchCount += 1;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-test-'));
    const url = path.join(dir, 'scratch.db');
    const handle = await openDatabase({ dialect: 'sqlite', file: url });
    return {
      handle,
      url,
      async drop() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // Named like this run's worker databases, so other runs' clean-ups leave it alone while we run.
  const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
  const name = `tasklane_test_r${getTestRunId()}_w${workerId}_scratch${scratchCount}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const target = new URL(process.env.TEST_DATABASE_URL!);
  target.pathname = `/${name}`;
  const url = target.toString();
  const handle = await openDatabase({ dialect: 'postgres', url });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
