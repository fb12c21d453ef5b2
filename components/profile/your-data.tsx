'use client';

import { useId, useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { CARD } from '@/components/ui/styles';
import { IMPORT_FILE_MAX_BYTES } from '@/lib/constants';
import { useTeamSyncOn } from '@/components/sync/team-sync-context';
import type { ImportPanelProps, PreparedImport } from './data-import-panel';

/** When a chunk of this section cannot be fetched (offline since the page loaded). */
export const SECTION_LOAD_FAILED =
  'This part of the page could not be loaded. Check your connection and try again.';

type Panel = { Component: ComponentType<ImportPanelProps>; prepared: PreparedImport };

/**
 * "Your data" on the member profile (docs/product.md#your-data): export and import. Only this shell
 * loads with the page; the export code is fetched on the first export click and the import code when a
 * file is chosen, so the page's JavaScript hardly grows.
 */
export function YourData() {
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pickerShown, setPickerShown] = useState(false);
  const hintId = `${baseId}-hint`;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState('');
  const team = useTeamSyncOn();

  async function exportAs(kind: 'json' | 'csv') {
    setLoadError('');
    try {
      const { downloadExport } = await import('@/lib/data-transfer/download');
      downloadExport(kind, { team });
    } catch {
      setLoadError(SECTION_LOAD_FAILED);
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
      const prepared = await prepareImport(file);
      setPanel({ Component: ImportPanel, prepared });
    } catch {
      setLoadError(SECTION_LOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${baseId}-heading`} className={`${CARD} mt-8 space-y-4 p-4 sm:p-6`}>
      <h2 id={`${baseId}-heading`} className="text-xl font-bold text-brand-900">
        Your data
      </h2>
      <p className="text-slate-600">
        Download your tasks, notes, calendar events and profile, or bring them back from a file exported here.
        Everything stays in this browser.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void exportAs('json')}>
          Export all data (JSON)
        </Button>
        <Button variant="secondary" onClick={() => void exportAs('csv')}>
          Export tasks (CSV)
        </Button>
        <Button variant="secondary" onClick={openFilePicker} disabled={busy} aria-describedby={hintId}>
          Import a file
        </Button>
        {/* Rendered on first use only: the profile form's picture input stays the page's one file input
            until the user asks to import. */}
        {pickerShown ? (
          <input
            ref={inputRef}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(event) => void chooseFile(event)}
            hidden
          />
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        A .json or .csv file exported from Tasklane, up to {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. You see
        what changes before anything is saved.
      </p>
      {busy ? (
        <p role="status" className="text-sm text-slate-600">
          Reading the file…
        </p>
      ) : null}
      {loadError ? <FormAlert tone="error">{loadError}</FormAlert> : null}
      {panel ? <panel.Component prepared={panel.prepared} /> : null}
    </section>
  );
}
