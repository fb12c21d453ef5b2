import {
  labelParser,
  labelsParser,
  type Label,
  type LabelInput,
  type LabelPatch,
} from '@/features/tasks/model/labels';
import { deleteJson, getJson, postJson, requestJson } from '@/shared/http/http';

/**
 * The team's labels (docs/product.md#endpoint-labels), TEAM_SYNC=on only. Answers are checked by
 * hand like every browser read (ADR 0010): a label that does not read is left out.
 */

export const LABELS_URL = '/api/labels';

/** A background read: a 401 here does not end the session (the screen's own requests decide that). */
const BACKGROUND = { endSessionOn401: false } as const;

function readLabelList(body: unknown): Label[] {
  const list = typeof body === 'object' && body !== null ? (body as { labels?: unknown }).labels : undefined;
  if (!Array.isArray(list)) return [];
  const whole = labelsParser.safeParse(list);
  if (whole.success) return whole.data;
  return list.flatMap((item: unknown) => {
    const one = labelParser.safeParse(item);
    return one.success ? [one.data] : [];
  });
}

function readOneLabel(body: unknown): Label {
  const parsed = labelParser.safeParse((body as { label?: unknown } | undefined)?.label);
  if (!parsed.success) throw new Error('The server answered without the label.');
  return parsed.data;
}

export async function fetchTeamLabels(options: { signal?: AbortSignal } = {}): Promise<Label[]> {
  return readLabelList(await getJson<unknown>(LABELS_URL, { ...BACKGROUND, ...options }));
}

export async function createTeamLabel(input: LabelInput): Promise<Label> {
  return readOneLabel(await postJson<unknown>(LABELS_URL, input));
}

export async function updateTeamLabel(id: string, patch: LabelPatch): Promise<Label> {
  return readOneLabel(
    await requestJson<unknown>(`${LABELS_URL}/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
  );
}

export async function deleteTeamLabel(id: string): Promise<void> {
  await deleteJson<unknown>(`${LABELS_URL}/${encodeURIComponent(id)}`);
}
