import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ne } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { ensurePostgresWorkerDatabase, getTestDialect, sqliteRunDir } from './test-database';

/** Values every integration test starts from; a test may override and call applyTestEnv() again. */
export const BASE_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  AUTH_SECRET: 'integration-test-secret-that-is-long-enough-1234567890',
  AUTH_TOKEN_TTL: '1h',
  // The lowest cost bcryptjs accepts keeps the suite fast; production uses 12.
  BCRYPT_COST: '4',
  APP_URL: 'http://tasklane.test',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_LOGIN_MAX_FAILURES: '1000',
  RATE_LIMIT_LOGIN_EMAIL_MAX_FAILURES: '1000',
  RATE_LIMIT_LOGIN_IP_MAX_FAILURES: '1000',
  RATE_LIMIT_REGISTER_MAX: '1000',
  RATE_LIMIT_FORGOT_MAX: '1000',
  RATE_LIMIT_RESET_MAX: '1000',
  RATE_LIMIT_CONFIRM_MAX: '1000',
  RATE_LIMIT_CONTACT_MAX: '1000',
  RATE_LIMIT_SYNC_MAX: '100000',
  // The production defaults, listed so that a test's override is undone by the next applyTestEnv().
  SYNC_PUSH_BYTES_PER_MINUTE: String(2 * 1024 * 1024),
  SYNC_MAX_TASKS_PER_OWNER: '100000',
  RATE_LIMIT_SYNC_STREAM_MAX: '100000',
  RATE_LIMIT_INVITE_MAX: '1000',
  RATE_LIMIT_COMMENT_MAX: '1000',
  RATE_LIMIT_ATTACHMENT_MAX: '1000',
  // File tests set these; the production defaults (empty: unset).
  MAX_UPLOAD_SIZE: '25MB',
  MAX_ATTACHMENTS_PER_TASK: '100',
  MAX_FILES_TOTAL: '',
  RATE_LIMIT_MENTION_MAX: '1000',
  // Sync route tests turn it on; every other test runs with the default.
  TEAM_SYNC: 'off',
  // Sign-up tests set presets; listed so that applyTestEnv() puts the defaults back (empty: unset).
  SIGNUP_MODE: '',
  SIGNUP_DOMAINS: '',
  // Single sign-on tests set these (empty: unset).
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
  OIDC_CLIENT_SECRET: '',
  OIDC_NAME: '',
  OIDC_SCOPES: '',
  OIDC_ADMIN_GROUPS: '',
  OIDC_ONLY: '',
  OIDC_BREAK_GLASS_EMAIL: '',
  RATE_LIMIT_OIDC_MAX: '1000',
  // Two-factor tests set it (empty: unset).
  REQUIRE_2FA: '',
};

const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
let databaseUrl = '';

/** Applies env overrides and reopens the database so every cached setting is read again. */
export async function applyTestEnv(overrides: Record<string, string | undefined> = {}): Promise<void> {
  await closeDatabase();
  const values = { ...BASE_TEST_ENV, DATABASE_URL: databaseUrl, ...overrides };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

export async function resetDatabase(): Promise<void> {
  const { db, tables } = await getDatabase();
  await db.delete(tables.reminderSends);
  await db.delete(tables.reminderSettings);
  await db.delete(tables.inboxItems);
  await db.delete(tables.inboxDigests);
  await db.delete(tables.userTwoFactor);
  await db.delete(tables.taskComments);
  await db.delete(tables.taskAttachments);
  await db.delete(tables.taskKeys);
  await db.delete(tables.projectMembers);
  // The General project as the migration makes it (ADR 0049); every other project goes.
  await db.delete(tables.projects).where(ne(tables.projects.id, 'general'));
  const general = {
    key: 'GEN',
    name: 'General',
    color: 'blue',
    description: '',
    teamRole: 'assigned',
    nextNumber: 1,
    columns: null,
    archivedAt: null,
    createdBy: null,
  } as const;
  const now = new Date();
  await db
    .insert(tables.projects)
    .values({ id: 'general', ...general, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: tables.projects.id, set: general });
  await db.delete(tables.syncRevocations);
  await db.delete(tables.syncConflicts);
  await db.delete(tables.syncChanges);
  await db.delete(tables.syncTasks);
  await db.delete(tables.syncState);
  await db.delete(tables.contactMessages);
  await db.delete(tables.passwordResetTokens);
  await db.delete(tables.emailConfirmations);
  await db.delete(tables.userIdentities);
  await db.delete(tables.rateLimits);
  await db.delete(tables.revokedTokens);
  await db.delete(tables.invitations);
  await db.delete(tables.labels);
  await db.delete(tables.appSettings);
  await db.delete(tables.setupMarks);
  await db.delete(tables.users);
}

beforeAll(async () => {
  const runDir = sqliteRunDir();
  const dataDir = path.join(runDir, getTestDialect(), `worker-${workerId}`);
  process.env.DATA_DIR = dataDir;
  databaseUrl =
    getTestDialect() === 'postgres'
      ? await ensurePostgresWorkerDatabase(workerId)
      : `file:${path.join(runDir, `worker-${workerId}.db`)}`;
  await applyTestEnv();
});

beforeEach(async () => {
  await resetDatabase();
});

afterAll(async () => {
  await closeDatabase();
});
