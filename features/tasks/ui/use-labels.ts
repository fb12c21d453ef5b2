'use client';

import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { describeRequestFailure } from '@/shared/http/failure-message';
import {
  createTeamLabel,
  deleteTeamLabel,
  fetchTeamLabels,
  updateTeamLabel,
} from '@/features/tasks/client/labels-api';
import { readTokenRole } from '@/shared/auth/token-claims';
import {
  createLocalLabel,
  deleteLocalLabel,
  localLabelsStore,
  teamLabelsStore,
  updateLocalLabel,
} from '@/features/tasks/client/labels';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { onLabelsChanged } from '@/shared/realtime/live-labels';
import { getStoredToken } from '@/shared/session/session';
import {
  addLabel,
  editLabel,
  type Label,
  type LabelInput,
  type LabelPatch,
} from '@/features/tasks/model/labels';
import { useLocalStore } from '@/shared/hooks/use-local-store';

/**
 * The label set, whichever mode runs (docs/product.md#labels): the browser's own (`tasklane.labels`)
 * by default; with team sync the team's, from the server, kept in `tasklane.teamLabels` for offline
 * use and refreshed when a page loads, when the window regains focus or the page shows again, at the
 * live stream's `labels` events (an admin changed the set) and after this browser's own changes. Admins manage the team's set; members use it.
 */

/** What a label command answers: the label, or why not (`message` '' when a toast already said it). */
export type LabelCommandResult =
  { ok: true; label?: Label } | { ok: false; field: 'name' | 'color' | null; message: string };

export type LabelCommands = {
  create(input: LabelInput): Promise<LabelCommandResult>;
  update(id: string, patch: LabelPatch): Promise<LabelCommandResult>;
  remove(id: string): Promise<LabelCommandResult>;
};

let inflight: Promise<void> | null = null;
let refreshing = false;

/** Writes the team set's copy when it changed; a full storage only loses the offline copy. */
function keepTeamLabels(labels: Label[]): void {
  if (JSON.stringify(teamLabelsStore.read()) === JSON.stringify(labels)) return;
  try {
    teamLabelsStore.write(labels);
  } catch {
    // The set still shows from memory until the next page load; nothing else depends on the copy.
  }
}

/** Asks the server for the team's labels (one request at a time); a failure keeps the copy. */
export function refreshTeamLabels(): Promise<void> {
  inflight ??= fetchTeamLabels()
    .then(keepTeamLabels, () => undefined)
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/**
 * Once per page load: a first refresh, and one each time the window regains focus or the page
 * becomes visible again, and at each `labels` event of the live stream (shared/realtime/live-labels.ts:
 * an admin changed the set, or the stream opened again and may have missed one).
 */
function startTeamLabelsRefresh(): void {
  if (refreshing) return;
  refreshing = true;
  void refreshTeamLabels();
  window.addEventListener('focus', () => void refreshTeamLabels());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshTeamLabels();
  });
  onLabelsChanged(() => void refreshTeamLabels());
}

/** Tests only: forget that the refresh started. */
export function resetTeamLabelsForTests(): void {
  refreshing = false;
  inflight = null;
}

const LOCAL_COMMANDS: LabelCommands = {
  async create(input) {
    let result: LabelCommandResult = { ok: false, field: null, message: '' };
    saveSafely(() => {
      result = createLocalLabel(input);
    });
    return result;
  },
  async update(id, patch) {
    let result: LabelCommandResult = { ok: false, field: null, message: '' };
    saveSafely(() => {
      result = updateLocalLabel(id, patch);
    });
    return result;
  },
  async remove(id) {
    return saveSafely(() => deleteLocalLabel(id)) ? { ok: true } : { ok: false, field: null, message: '' };
  },
};

/** A request's failure as the manager shows it: the server's message, or what could not be done. */
function failed(error: unknown, action: string): LabelCommandResult {
  return { ok: false, field: null, message: describeRequestFailure(error, action) };
}

/**
 * The team's commands: the rules are checked first against the last set received (so a refusal
 * names its field at once), then the server decides; the set is read again after every change.
 */
const TEAM_COMMANDS: LabelCommands = {
  async create(input) {
    const checked = addLabel(teamLabelsStore.read(), input, 'new');
    if (!checked.ok) return checked;
    try {
      const label = await createTeamLabel(input);
      keepTeamLabels([...teamLabelsStore.read(), label]);
      return { ok: true, label };
    } catch (error) {
      return failed(error, 'Could not create the label');
    } finally {
      void refreshTeamLabels();
    }
  },
  async update(id, patch) {
    const checked = editLabel(teamLabelsStore.read(), id, patch);
    if (!checked.ok && checked.reason !== 'missing') return checked;
    try {
      const label = await updateTeamLabel(id, patch);
      keepTeamLabels(teamLabelsStore.read().map((item) => (item.id === id ? label : item)));
      return { ok: true, label };
    } catch (error) {
      return failed(error, 'Could not save the label');
    } finally {
      void refreshTeamLabels();
    }
  },
  async remove(id) {
    try {
      await deleteTeamLabel(id);
      keepTeamLabels(teamLabelsStore.read().filter((item) => item.id !== id));
      return { ok: true };
    } catch (error) {
      return failed(error, 'Could not delete the label');
    } finally {
      void refreshTeamLabels();
    }
  },
};

export function labelCommands(team: boolean): LabelCommands {
  return team ? TEAM_COMMANDS : LOCAL_COMMANDS;
}

/** The labels to show (cards, rows, the finder): the mode's set, read only. */
export function useLabelSet(): readonly Label[] {
  const team = useTeamSyncOn();
  const local = useLocalStore(localLabelsStore);
  const shared = useLocalStore(teamLabelsStore);
  useEffect(() => {
    if (team) startTeamLabelsRefresh();
  }, [team]);
  return team ? shared : local;
}

const noSubscribe = () => () => {};

/** Whether the stored session is an admin's (read after hydration; false on the server). */
function useIsAdmin(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => readTokenRole(getStoredToken()) === 'admin',
    () => false,
  );
}

export type LabelsApi = LabelCommands & {
  labels: readonly Label[];
  /** Team sync: the set is the team's. */
  team: boolean;
  /** Default mode: everyone, for their own set; team sync: admins only. */
  canManage: boolean;
};

/** The set and, for those who may manage it, its commands; the one hook that hides the mode. */
export function useLabels(): LabelsApi {
  const team = useTeamSyncOn();
  const labels = useLabelSet();
  const admin = useIsAdmin();
  return useMemo(
    () => ({ labels, team, canManage: !team || admin, ...labelCommands(team) }),
    [labels, team, admin],
  );
}
