import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBackup, RESTORE_SEQ_GAP, restoreBackup } from '@/server/backup/restore';
import { writeBackup } from '@/server/backup/write';
import { getDatabase, openDatabase } from '@/server/db';
import { getEnv } from '@/server/env';
import { createUserWithToken, loginAs } from '@/tests/helpers/factories';
import { pullAll, push, syncRows, upsertOp } from '@/tests/helpers/sync';
import { applyTestEnv } from '@/tests/setup/integration';

const OPS_PER_PUSH = 50;

beforeAll(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('a backup taken while pushes are arriving', () => {
  it('restores to a state the app accepts: whole pushes only, a counter ahead of every version, pull and push work', async () => {
    const olive = await createUserWithToken({ fullName: 'Olive Owner' });
    const ash = await createUserWithToken({ fullName: 'Ash Assignee' });
    const writers = [olive, ash];
    for (const [n, person] of writers.entries()) {
      const ops = Array.from({ length: 200 }, (_, i) =>
        upsertOp(`seed-${n}-${i}`, `seed-${n}-${i}`, {
          title: `Seed ${i}`,
          // Text that does not compress, so the backup's output fills the stream's buffers early.
          description: randomBytes(150).toString('hex'),
        }),
      );
      expect((await push(person.token, `seed-${n}`, ops)).status).toBe(200);
    }

    // The backup reads through a connection of its own, as the command does beside a running app.
    const backupHandle = await openDatabase(getEnv().database);
    let pushing = true;
    let pushes = 0;
    const pushLoop = async (person: (typeof writers)[number], device: string) => {
      for (let round = 0; pushing || round < 3; round++) {
        const ops = Array.from({ length: OPS_PER_PUSH }, (_, i) =>
          // New tasks and edits of seeded ones in one push: a half-applied push would show.
          i % 2
            ? upsertOp(`${device}-${round}-${i}`, `${device}-${round}-${i}`, { title: `New ${round}` })
            : upsertOp(`${device}-${round}-${i}`, `seed-${device.endsWith('0') ? 0 : 1}-${i}`, {
                title: `Edit ${round}`,
              }),
        );
        const res = await push(person.token, device, ops);
        expect(res.status, res.text).toBe(200);
        pushes++;
        if (round >= 15) break;
      }
    };
    const loops = [pushLoop(olive, 'dev-0'), pushLoop(ash, 'dev-1')];
    while (pushes < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    // The backup's output is held until two more pushes have landed: by then the backup has read its
    // first rows (the snapshot is taken) and must wait, so pushes certainly arrive while it runs.
    const pushesBefore = pushes;
    const chunks: Buffer[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        const wait = () => (pushes >= pushesBefore + 2 ? done() : setTimeout(wait, 5));
        wait();
      },
    });
    const written = await writeBackup(backupHandle, output);
    const pushesDuring = pushes - pushesBefore;
    pushing = false;
    await Promise.all(loops);
    await backupHandle.close();
    const after = await syncRows();
    expect(after.tasks.length).toBeGreaterThan(written.rows.sync_tasks!);

    // The pushes went on while the backup read (else this test would prove nothing).
    expect(pushesDuring).toBeGreaterThanOrEqual(2);

    const database = await getDatabase();
    const file = Readable.from([Buffer.concat(chunks)]);
    await restoreBackup(database, await openBackup(file, database.dialect), { force: true });
    const restored = await syncRows();
    expect(restored.tasks).toHaveLength(written.rows.sync_tasks!);
    const uids = new Set(restored.tasks.map((task) => task.uid));
    for (const change of restored.changes) expect(uids.has(change.taskUid), change.taskUid).toBe(true);
    // Whole pushes only: every push after the seeds carried OPS_PER_PUSH operations under one number.
    const perSeq = new Map<number, number>();
    for (const change of restored.changes) perSeq.set(change.seq, (perSeq.get(change.seq) ?? 0) + 1);
    for (const [seq, count] of perSeq) expect([200, OPS_PER_PUSH], `push ${seq}`).toContain(count);
    const [state] = restored.state;
    const highest = Math.max(
      ...restored.tasks.map((task) => task.version),
      ...restored.changes.map((c) => c.seq),
    );
    // The counter is at the highest version the snapshot holds, moved on by the restore's gap.
    expect(state!.lastSeq).toBe(highest + RESTORE_SEQ_GAP);

    // The app takes it from there (every session ended with the restore: Olive signs in again): a
    // full pull, then a push that gets the next number.
    const token = await loginAs(olive.user.email);
    const pulled = await pullAll(token);
    expect(pulled.changes.length).toBe(
      restored.tasks.filter((task) => task.ownerId === olive.user.id).length,
    );
    const next = await push(token, 'dev-0', [upsertOp('after-restore', 'after-restore', { title: 'After' })]);
    expect(next.status).toBe(200);
    const [stateAfter] = (await syncRows()).state;
    expect(stateAfter!.lastSeq).toBe(highest + RESTORE_SEQ_GAP + 1);
  });
});
