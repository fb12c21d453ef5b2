import { ASSIGNEE_ID_FIELD, ASSIGNEE_NAME_FIELD } from './assignee-binding';
import { compareHlc } from './hlc';
import type { Json, PushRequest } from './protocol';
import type { StoredTask } from './push-rules/push-types';

/*
 * What the server reads before a push is decided (./push-rules.ts decidePush): the lookups are kept
 * apart from the rules so that the rule book stays one thing.
 */

export function writerKey(uid: string, seq: number): string {
  return `${seq}:${uid}`;
}

/**
 * What `decidePush` may look up, given the stored tasks the operations name: whether an operation
 * writes an assignee name (then the actor's own full name is needed: a name alone binds only its
 * writer), the ids of assignees an operation may bind (written by it, or stored on a task whose
 * binding it changes),
 * the (uid, seq) of stored values an upsert may overwrite unseen or lose to (their writers are named
 * in conflict records and told in the inbox), and whether the push may create
 * a task (then the actor's task count is needed).
 */
export function pushLookups(
  request: PushRequest,
  tasks: ReadonlyMap<string, StoredTask>,
): { byName: boolean; ids: Set<string>; writers: { uid: string; seq: number }[]; countOwned: boolean } {
  let byName = false;
  const ids = new Set<string>();
  const writers = new Map<string, { uid: string; seq: number }>();
  let countOwned = false;
  const addId = (value: Json | undefined) => {
    if (typeof value === 'string' && value !== '') ids.add(value);
  };
  for (const op of request.ops) {
    const stored = tasks.get(op.uid)?.synced;
    if (op.kind !== 'upsert') continue;
    if (!stored && op.baseV === 0) countOwned = true;
    const binds = ASSIGNEE_NAME_FIELD in op.fields || ASSIGNEE_ID_FIELD in op.fields;
    if (ASSIGNEE_NAME_FIELD in op.fields) byName = true;
    addId(op.fields[ASSIGNEE_ID_FIELD]?.value);
    if (binds && stored) {
      addId(stored.fields[ASSIGNEE_ID_FIELD]?.value);
    }
    for (const [field, write] of Object.entries(op.fields)) {
      const current = stored?.fields[field];
      if (current && (current.seq > op.baseV || compareHlc(write.hlc, current.hlc) < 0)) {
        writers.set(writerKey(op.uid, current.seq), { uid: op.uid, seq: current.seq });
      }
    }
  }
  return { byName, ids, writers: [...writers.values()], countOwned };
}
