import 'server-only';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  addLabel,
  editLabel,
  labelNameKey,
  LABEL_MESSAGES,
  type Label,
  type LabelChange,
} from '@/features/tasks/model/labels';
import type { CreateLabelInput, UpdateLabelInput } from '@/features/tasks/server/label-schemas';
import { getDatabase, type DatabaseHandle, type Executor, type Tables } from '@/server/db';
import { AppError } from '@/server/errors';
import { getSyncHub } from '@/server/realtime/hub';
import { notifyLabelsStatement } from '@/server/realtime/listener';

/**
 * The team's label set (docs/product.md#labels, docs/decisions/0024-labels.md): one set for every
 * account with TEAM_SYNC=on, read by all, changed by admins. A change runs under the `labels` lock,
 * so the count and the unique names are checked against the set as it is (the rules are the
 * browser's own, features/tasks/model/labels.ts).
 */

async function readLabels(db: Executor, tables: Tables): Promise<Label[]> {
  const rows = await db
    .select({ id: tables.labels.id, name: tables.labels.name, color: tables.labels.color })
    .from(tables.labels)
    .orderBy(asc(tables.labels.createdAt), asc(tables.labels.id));
  return rows;
}

/**
 * Runs a change of the set under the `labels` lock, then tells every open stream (`event: labels`)
 * so every page reads the set again. PostgreSQL: a NOTIFY inside the transaction, so every instance's
 * listener hears it at commit and never for a change rolled back; SQLite has one process.
 */
async function changeAndAnnounce<T>(handle: DatabaseHandle, work: (db: Executor) => Promise<T>): Promise<T> {
  const result = await handle.exclusive(async (db) => {
    const done = await work(db);
    if (handle.dialect === 'postgres') await notifyLabelsStatement(db);
    return done;
  }, 'labels');
  if (handle.dialect === 'sqlite') getSyncHub().publishLabels();
  return result;
}

/** 404 for a label that is gone, 409 for a full set or a taken name, 400 for the rest. */
function refuse(change: Extract<LabelChange, { ok: false }>): never {
  if (change.reason === 'missing') throw new AppError('NOT_FOUND', change.message);
  if (change.reason === 'invalid') throw new AppError('VALIDATION_ERROR', change.message);
  throw new AppError('CONFLICT', change.message);
}

/** GET /api/labels: the set, oldest first. */
export async function listLabels(): Promise<Label[]> {
  const { db, tables } = await getDatabase();
  return readLabels(db, tables);
}

/** POST /api/labels: 409 CONFLICT when the name is taken or the set is full. */
export async function createLabel(input: CreateLabelInput, adminId: string): Promise<Label> {
  const handle = await getDatabase();
  const { labels } = handle.tables;
  return changeAndAnnounce(handle, async (db) => {
    const change = addLabel(await readLabels(db, handle.tables), input, randomUUID());
    if (!change.ok) refuse(change);
    const now = new Date();
    await db.insert(labels).values({
      ...change.label,
      nameKey: labelNameKey(change.label.name),
      createdAt: now,
      updatedAt: now,
      createdBy: adminId,
    });
    return change.label;
  });
}

/** PATCH /api/labels/{id}: 404 when it is gone, 409 when the new name is taken. */
export async function updateLabel(id: string, patch: UpdateLabelInput): Promise<Label> {
  const handle = await getDatabase();
  const { labels } = handle.tables;
  return changeAndAnnounce(handle, async (db) => {
    const change = editLabel(await readLabels(db, handle.tables), id, patch);
    if (!change.ok) refuse(change);
    const { name, color } = change.label;
    await db
      .update(labels)
      .set({ name, color, nameKey: labelNameKey(name), updatedAt: new Date() })
      .where(eq(labels.id, id));
    return change.label;
  });
}

/** DELETE /api/labels/{id}: 404 when it is gone. Tasks keep the id, which nothing shows any more. */
export async function deleteLabel(id: string): Promise<void> {
  const handle = await getDatabase();
  const { labels } = handle.tables;
  await changeAndAnnounce(handle, async (db) => {
    const [deleted] = await db.delete(labels).where(eq(labels.id, id)).returning({ id: labels.id });
    // Thrown inside: nothing changed, so nobody is told (PostgreSQL rolls the NOTIFY back with it).
    if (!deleted) throw new AppError('NOT_FOUND', LABEL_MESSAGES.notFound);
  });
}
