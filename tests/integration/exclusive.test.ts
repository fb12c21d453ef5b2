import { describe, expect, it } from 'vitest';
import { getDatabase, isUniqueViolation } from '@/server/db';
import { syncRows } from '@/tests/helpers/sync';
import { getTestDialect, withClient } from '@/tests/setup/test-database';

/** A promise and the function that settles it, to hold an `exclusive` call open. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('DatabaseHandle.exclusive lock keys', () => {
  it('writes all of writeAll’s statements or none, and a sync call that throws leaves what others wrote meanwhile', async () => {
    const handle = await getDatabase();
    const { syncState, syncTasks } = handle.tables;
    const now = new Date();
    const task = { uid: 't1', fields: '{}', version: 7, createdAt: now, updatedAt: now };
    const hold = gate();
    const failing = handle.exclusive(async (db) => {
      await hold.opened;
      await handle.writeAll([
        db.insert(syncState).values({ id: 1, lastSeq: 7, gcFloorSeq: 0, assigneesBound: false }),
        db.insert(syncTasks).values(task),
        db.insert(syncTasks).values(task),
      ]);
    }, 'sync');
    // Another request writes while the sync call is open: that write is not part of the sync call.
    await handle.db.insert(syncTasks).values({ ...task, uid: 'other', version: 0 });
    hold.open();
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    const rows = await syncRows();
    expect([rows.state, rows.tasks.map((row) => row.uid)]).toEqual([[], ['other']]);
    // The lock is free again and the next call commits.
    await handle.exclusive(
      (db) =>
        handle.writeAll([
          db.insert(syncState).values({ id: 1, lastSeq: 1, gcFloorSeq: 0, assigneesBound: false }),
        ]),
      'sync',
    );
    expect((await syncRows()).state).toEqual([{ id: 1, lastSeq: 1, gcFloorSeq: 0, assigneesBound: false }]);
  });

  it('serialises calls with one key and lets the other key through meanwhile', async () => {
    const handle = await getDatabase();
    const events: string[] = [];
    const hold = gate();
    const started = gate();
    const first = handle.exclusive(async (db) => {
      events.push('sync 1 start');
      started.open();
      await hold.opened;
      await db.select().from(handle.tables.syncState);
      events.push('sync 1 end');
    }, 'sync');
    // PostgreSQL: two calls on two pooled connections may reach the lock in either order.
    await started.opened;
    const second = handle.exclusive(async () => {
      events.push('sync 2 start');
    }, 'sync');
    // The users lock does not wait for the held sync call.
    await handle.exclusive(async () => {
      events.push('users');
    });
    expect(events).not.toContain('sync 2 start');
    hold.open();
    await Promise.all([first, second]);
    expect(events.filter((event) => event.startsWith('sync'))).toEqual([
      'sync 1 start',
      'sync 1 end',
      'sync 2 start',
    ]);
    expect(events).toContain('users');
  });
});

// The pool is shared by every request: callers queued for a key must not each hold a connection.
if (getTestDialect() === 'postgres')
  describe('DatabaseHandle.exclusive on PostgreSQL', () => {
    it('queues calls for a key in the process, so only the running one waits on the advisory lock', async () => {
      const handle = await getDatabase();
      const hold = gate();
      const started = gate();
      const calls = Array.from({ length: 12 }, (_, index) =>
        handle.exclusive(async (db) => {
          if (index === 0) {
            started.open();
            await hold.opened;
          }
          await db.select().from(handle.tables.syncState);
        }, 'sync'),
      );
      await started.opened;
      // Give the eleven queued calls time to reach the database, were they to go there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const waiting = await withClient(process.env.DATABASE_URL, async (client) => {
        const { rows } = await client.query<{ count: string }>(
          `select count(*) from pg_locks l join pg_database d on d.oid = l.database
          where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
        );
        return Number(rows[0]?.count);
      });
      // Advisory locks belong to a database, and each test file has its own.
      expect(waiting).toBe(0);
      hold.open();
      await Promise.all(calls);
    });
  });
