'use client';

import { useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import type { ImportPanelProps, PreparedImport } from './data-import-panel';

/** When a chunk of this section cannot be fetched (offline since the page loaded). */
export const SECTION_LOAD_FAILED =
  'This part of the page could not be loaded. Check your connection and try again.';

/** When the export itself failed (its code was fetched). */
export const EXPORT_FAILED = 'The export could not be made. Please try again.';

type Panel = { Component: ComponentType<ImportPanelProps>; prepared: PreparedImport };

/**
 * Your data's actions, each fetching its code on first use: `exportAs` downloads (`exporting` while
 * it reads this browser's files; `exportNotice` says when the JSON export left files out),
 * `openFilePicker` shows the (lazily rendered) file input, `chooseFile` reads the file into the import
 * `panel`. `loadError` says when a chunk could not be fetched, or the export failed.
 */
export function useYourData() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pickerShown, setPickerShown] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportNotice, setExportNotice] = useState('');
  // A second click while an export reads the files starts no second download.
  const exportingRef = useRef(false);
  const team = useTeamSyncOn();

  async function exportAs(kind: 'json' | 'csv') {
    if (exportingRef.current) return;
    setLoadError('');
    setExportNotice('');
    const download = await import('@/features/data-transfer/client/download').catch(() => null);
    if (!download) {
      setLoadError(SECTION_LOAD_FAILED);
      return;
    }
    exportingRef.current = true;
    setExporting(true);
    try {
      const { notice } = await download.downloadExport(kind, { team });
      setExportNotice(notice ?? '');
    } catch {
      setLoadError(EXPORT_FAILED);
    } finally {
      exportingRef.current = false;
      setExporting(false);
    }
  }

  function openFilePicker() {
    // Rendered within the click, so the browser still counts the picker as the user's doing.
    if (!pickerShown) flushSync(() => setPickerShown(true));
    inputRef.current?.click();
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again (after editing it) is a new choice.
    input.value = '';
    if (!file) return;
    setLoadError('');
    setBusy(true);
    try {
      const { ImportPanel, prepareImport } = await import('./data-import-panel');
      const prepared = await prepareImport(file, team);
      setPanel({ Component: ImportPanel, prepared });
    } catch {
      setLoadError(SECTION_LOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return {
    inputRef,
    pickerShown,
    panel,
    busy,
    loadError,
    exporting,
    exportNotice,
    team,
    exportAs,
    openFilePicker,
    chooseFile,
  };
}
