import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { GET as account } from '@/app/api/auth/account/route';
import { POST as changePassword } from '@/app/api/auth/change-password/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { openBackup, RESTORE_SESSION_GAP, restoreBackup } from '@/server/backup/restore';
import { writeBackupFile } from '@/server/backup/write';
import { getDatabase, type DatabaseHandle } from '@/server/db';
import { call } from '@/tests/helpers/api';
import { scratchDatabase } from '@/tests/helpers/backup';
import { createUserWithToken, DEFAULT_PASSWORD, loginAs } from '@/tests/helpers/factories';
import { getTestDialect } from '@/tests/setup/test-database';

/**
 * "Restore does not revive ended sessions": a restore puts back the accounts (their session
 * versions) and the logged-out tokens as the backup had them, so without more a session that ended
 * after the backup (a logout, a password change) would work again. Every session ends instead.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'tasklane-backup-sessions-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const accountStatus = async (token: string) => (await call(account, '/api/auth/account', { token })).status;

async function restoreFile(handle: DatabaseHandle, file: string, force: boolean) {
  return restoreBackup(handle, await openBackup(createReadStream(file), handle.dialect), { force });
}

async function newPassword(token: string, currentPassword: string, next: string): Promise<string> {
  const res = await call<{ token: string }>(changePassword, '/api/auth/change-password', {
    token,
    body: { currentPassword, newPassword: next },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.token;
}

describe('a restore does not bring back sessions that ended after the backup', () => {
  it('a logout and password changes after the backup stay in force; everyone signs in again', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice' });
    const bob = await createUserWithToken({ fullName: 'Bob' });
    const bobsPhone = await loginAs(bob.user.email);
    const file = path.join(dir, 'before.tlbak');
    await writeBackupFile(await getDatabase(), file);

    // After the backup: Bob logs out on his laptop; Alice changes her password twice (each change
    // ends the sessions before it, the second one the session the first one gave her).
    expect((await call(logout, '/api/auth/logout', { token: bob.token, method: 'POST' })).status).toBe(204);
    const afterFirstChange = await newPassword(alice.token, DEFAULT_PASSWORD, 'second password');
    const afterSecondChange = await newPassword(afterFirstChange, 'second password', 'third password');
    for (const ended of [bob.token, alice.token, afterFirstChange])
      expect(await accountStatus(ended)).toBe(401);
    expect(await accountStatus(afterSecondChange)).toBe(200);

    await restoreFile(await getDatabase(), file, true);

    // The ended sessions stay ended, and so does every other: the restore cannot tell which ended.
    for (const token of [bob.token, alice.token, afterFirstChange, afterSecondChange, bobsPhone]) {
      expect(await accountStatus(token)).toBe(401);
    }
    // Signing in again works, with the passwords the backup holds.
    expect(await accountStatus(await loginAs(alice.user.email, DEFAULT_PASSWORD))).toBe(200);
    expect(await accountStatus(await loginAs(bob.user.email, DEFAULT_PASSWORD))).toBe(200);
  });

  it('a restore into another, empty database (a move, or a lost server) ends every session too', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice' });
    const source = await getDatabase();
    const file = path.join(dir, 'move.tlbak');
    await writeBackupFile(source, file);
    const other = await scratchDatabase(getTestDialect());
    try {
      await restoreFile(other.handle, file, false);
      const { users } = other.handle.tables;
      const [moved] = await other.handle.db
        .select({ sessionVersion: users.sessionVersion })
        .from(users)
        .where(eq(users.id, alice.user.id));
      // Alice's token carries version 0; the moved account is a million past it.
      expect(moved!.sessionVersion).toBe(RESTORE_SESSION_GAP);
    } finally {
      await other.drop();
    }
  });

  it('an account whose session version cannot move on that far refuses the restore, changing nothing', async () => {
    const alice = await createUserWithToken({ fullName: 'Alice' });
    const { db, tables } = await getDatabase();
    const nearTheEnd = 2 ** 31 - 1 - RESTORE_SESSION_GAP + 1;
    await db
      .update(tables.users)
      .set({ sessionVersion: nearTheEnd })
      .where(eq(tables.users.id, alice.user.id));
    const file = path.join(dir, 'near-the-end.tlbak');
    await writeBackupFile(await getDatabase(), file);
    await expect(restoreFile(await getDatabase(), file, true)).rejects.toThrow(
      `An account's session version (${nearTheEnd}) is too close to its largest value to move on after a restore, so nothing was restored: report this to the Tasklane maintainers.`,
    );
    const [row] = await db
      .select({ sessionVersion: tables.users.sessionVersion })
      .from(tables.users)
      .where(eq(tables.users.id, alice.user.id));
    expect(row!.sessionVersion).toBe(nearTheEnd);
  });
});
