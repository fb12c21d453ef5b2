'use client';

import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { LabelManager } from '@/features/tasks/ui/label-manager';
import { useLabels } from '@/features/tasks/ui/use-labels';
import { SettingsSection } from '@/shared/ui/settings-section';

export const TEAM_LABELS_HELP =
  'One set of labels for the whole team: members put them on tasks; only administrators create, rename, recolour and delete them.';

/**
 * Admin Settings' 'Labels' (docs/product.md#labels): the team's label set, with team sync on only
 * (without it each browser keeps its own labels, managed from the task view).
 */
export function LabelsSettings() {
  const team = useTeamSyncOn();
  if (!team) return null;
  return (
    <SettingsSection title="Labels">
      <TeamLabels />
    </SettingsSection>
  );
}

function TeamLabels() {
  const manager = useLabels();
  return (
    <div id="labels" className="scroll-mt-36 space-y-4">
      <p className="text-sm text-slate-600">{TEAM_LABELS_HELP}</p>
      <LabelManager manager={manager} />
    </div>
  );
}
