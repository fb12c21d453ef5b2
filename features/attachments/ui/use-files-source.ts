'use client';

import { BROWSER_FILES, SERVER_FILES, type FilesSource } from '@/features/attachments/client/files-source';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** Where this mode's files live: the server with team sync, this browser by default. */
export function useFilesSource(): FilesSource {
  return useTeamSyncOn() ? SERVER_FILES : BROWSER_FILES;
}
