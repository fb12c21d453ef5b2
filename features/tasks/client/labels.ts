import {
  addLabel,
  editLabel,
  labelsParser,
  newLabelId,
  removeLabel,
  type Label,
  type LabelChange,
  type LabelInput,
  type LabelPatch,
} from '@/features/tasks/model/labels';
import { TEAM_LABELS_KEY } from '@/shared/browser-storage/keys';
import { createLocalStore, toReadableStore, type ReadableStore } from '@/shared/browser-storage/local-store';

/**
 * Where the labels live in the browser (docs/product.md#labels, docs/decisions/0024-labels.md).
 * Default mode: the browser's own set under `tasklane.labels`, changed only by the commands below.
 * Team sync: the team's set is the server's; `tasklane.teamLabels` keeps the last one received so that
 * labels still show offline and on the first paint (features/tasks/ui/use-labels.ts keeps it).
 */

const NO_LABELS: Label[] = [];

export const LOCAL_LABELS_KEY = 'tasklane.labels';
export { TEAM_LABELS_KEY };

const localStore = createLocalStore<Label[]>({
  key: LOCAL_LABELS_KEY,
  schema: labelsParser,
  fallback: NO_LABELS,
});

/** The browser's own labels (default mode): read here, written by the commands below. */
export const localLabelsStore: ReadableStore<Label[]> = toReadableStore(localStore);

/** The last team set the server sent (team sync). */
export const teamLabelsStore = createLocalStore<Label[]>({
  key: TEAM_LABELS_KEY,
  schema: labelsParser,
  fallback: NO_LABELS,
});

/**
 * Writes the set `change` made, when it made one. Throws `StorageQuotaError` / `StorageUnavailableError`
 * when the browser refuses the write (nothing is written then).
 */
function commit(change: LabelChange): LabelChange {
  if (change.ok) localStore.write(change.labels);
  return change;
}

/** A new label in the browser's own set, or why not (docs/product.md#labels). */
export function createLocalLabel(input: LabelInput): LabelChange {
  return commit(addLabel(localStore.read(), input, newLabelId(Date.now())));
}

/** Renames and/or recolours a label of the browser's own set, or says why not. */
export function updateLocalLabel(id: string, patch: LabelPatch): LabelChange {
  return commit(editLabel(localStore.read(), id, patch));
}

/** Deletes a label of the browser's own set; tasks keep its id, which nothing shows. Returns whether it wrote. */
export function deleteLocalLabel(id: string): boolean {
  const labels = localStore.read();
  const next = removeLabel(labels, id);
  if (next === labels) return false;
  localStore.write([...next]);
  return true;
}
