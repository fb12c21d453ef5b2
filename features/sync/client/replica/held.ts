/**
 * Writes the server refused over a limit (`too-large`, `task-limit`): they stay dirty (the task keeps
 * the change) but are not sent again until the field changes, and the server's message is shown
 * meanwhile. `meta.held` keeps them by `uid\nfield\nstamp` (field `$x` for a delete or restore), as
 * ./meta.ts frozenKey makes the keys.
 */
import type { SyncOp } from '../../model/protocol';
import { frozenKey, stampOf, type SyncMeta } from './meta';

export function holdOp(meta: SyncMeta, op: SyncOp, message: string): void {
  const held = (meta.held ??= {});
  if (op.kind === 'upsert') {
    for (const [field, write] of Object.entries(op.fields))
      held[frozenKey(op.uid, field, write.hlc)] = message;
  } else {
    held[frozenKey(op.uid, '$x', op.hlc)] = message;
  }
}

/** The keys of a task's pending writes, as `frozenKey` makes them. */
function pendingKeys(meta: SyncMeta, uid: string): string[] {
  const entry = meta.dirty[uid];
  if (!entry) return [];
  const keys = Object.keys(entry.f).map((field) => frozenKey(uid, field, stampOf(entry, field)));
  if (entry.x) keys.push(frozenKey(uid, '$x', entry.x.s));
  return keys;
}

/**
 * The held writes still in force: a task's holds end as soon as it has a pending write that is not
 * held (it was changed again), so the refused fields go out again together with the change that may
 * have fixed them; and a write no longer pending (acknowledged, given up) is no longer held.
 */
function heldInForce(meta: SyncMeta): [string, string][] {
  const held = meta.held ?? {};
  const byUid = new Map<string, [string, string][]>();
  for (const [key, message] of Object.entries(held)) {
    const uid = key.slice(0, key.indexOf('\n'));
    byUid.set(uid, [...(byUid.get(uid) ?? []), [key, message]]);
  }
  const inForce: [string, string][] = [];
  for (const [uid, entries] of byUid) {
    const pending = pendingKeys(meta, uid);
    if (pending.length === 0 || !pending.every((key) => held[key] !== undefined)) continue;
    const current = new Set(pending);
    inForce.push(...entries.filter(([key]) => current.has(key)));
  }
  return inForce;
}

/** Forgets the holds no longer in force (see heldInForce). */
export function pruneHeld(meta: SyncMeta): void {
  if (!meta.held) return;
  const inForce = heldInForce(meta);
  if (inForce.length === 0) delete meta.held;
  else meta.held = Object.fromEntries(inForce);
}

/** The server's message for a change it refused over a limit and this replica still holds, or null. */
export function heldMessage(meta: SyncMeta): string | null {
  return meta.held ? (heldInForce(meta)[0]?.[1] ?? null) : null;
}
