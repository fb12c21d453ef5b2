import { FIRST_RUN_STEPS, type FirstRunState } from '@/features/admin/model/first-run';
import { getJson, putJson } from '@/shared/http/http';

/** A body of GET/PUT /api/admin/first-run, read defensively: a step the server did not send is not done. */
function toFirstRunState(body: unknown): FirstRunState {
  const { steps, dismissed } = (body ?? {}) as Record<string, unknown>;
  const known = (steps ?? {}) as Record<string, unknown>;
  return {
    steps: Object.fromEntries(
      FIRST_RUN_STEPS.map((step) => [step, known[step] === true]),
    ) as FirstRunState['steps'],
    dismissed: dismissed === true,
  };
}

/** The checklist is an addition to the dashboard: a 401 to its read does not end the session. */
export async function fetchFirstRun(options: { signal?: AbortSignal } = {}): Promise<FirstRunState> {
  return toFirstRunState(
    await getJson<unknown>('/api/admin/first-run', { endSessionOn401: false, ...options }),
  );
}

export async function dismissFirstRun(): Promise<{ state: FirstRunState; message?: string }> {
  const body = await putJson<{ message?: string } | undefined>('/api/admin/first-run', { dismissed: true });
  return { state: toFirstRunState(body), message: body?.message };
}
