import 'server-only';
import { count, eq } from 'drizzle-orm';
import { firstRunSteps, type FirstRunState } from '@/features/admin/model/first-run';
import { getDatabase } from '@/server/db';

type SetupMark = 'test-mail-sent' | 'checklist-dismissed';

/**
 * Records that a step happened, once for the install (the first time is kept). `by`: the admin who
 * did it.
 */
export async function recordSetupMark(name: SetupMark, by: string | null): Promise<void> {
  const { db, tables } = await getDatabase();
  await db.insert(tables.setupMarks).values({ name, at: new Date(), by }).onConflictDoNothing();
}

async function clearSetupMark(name: SetupMark): Promise<void> {
  const { db, tables } = await getDatabase();
  await db.delete(tables.setupMarks).where(eq(tables.setupMarks.name, name));
}

/**
 * GET /api/admin/first-run (docs/product.md#endpoint-first-run): each step of the first run's
 * checklist as the server knows it, and whether an admin dismissed it (once for the install).
 */
export async function getFirstRunState(): Promise<FirstRunState> {
  const { db, tables } = await getDatabase();
  const total = async (table: typeof tables.users | typeof tables.invitations | typeof tables.labels) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [accounts, invitationsMade, labels, settings, marks] = await Promise.all([
    total(tables.users),
    total(tables.invitations),
    total(tables.labels),
    db.select({ id: tables.appSettings.id }).from(tables.appSettings).limit(1),
    db.select({ name: tables.setupMarks.name }).from(tables.setupMarks),
  ]);
  const marked = new Set(marks.map((mark) => mark.name));
  return {
    steps: firstRunSteps({
      accounts: Number(accounts),
      invitationsMade: Number(invitationsMade),
      labels: Number(labels),
      signupSaved: settings.length > 0,
      testMailSent: marked.has('test-mail-sent'),
    }),
    dismissed: marked.has('checklist-dismissed'),
  };
}

/** PUT /api/admin/first-run {dismissed}: hides the checklist for every admin, or brings it back. */
export async function setFirstRunDismissed(dismissed: boolean, adminId: string): Promise<FirstRunState> {
  if (dismissed) await recordSetupMark('checklist-dismissed', adminId);
  else await clearSetupMark('checklist-dismissed');
  return getFirstRunState();
}
