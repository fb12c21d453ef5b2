'use client';

import dynamic from 'next/dynamic';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { SettingsSection } from '@/shared/ui/settings-section';

/** Loaded only with team sync on (files on tasks are a team feature). */
const FilesUsageView = dynamic(() => import('./files-usage').then((module) => module.FilesUsageView), {
  ssr: false,
});

/** Admin Settings' `Files`, with team sync on only (docs/product.md#files-on-tasks). */
export function FilesSettings() {
  if (!useTeamSyncOn()) return null;
  return (
    <SettingsSection title="Files">
      <FilesUsageView />
    </SettingsSection>
  );
}
