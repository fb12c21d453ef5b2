'use client';

import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { CARD } from '@/shared/ui/styles';
import { IMPORT_FILE_MAX_BYTES } from '@/shared/constants';
import { IMPORT_JSON_MAX_BYTES } from '../model/import-limits';
import { useYourData } from './use-your-data';

/**
 * "Your data" on the member profile (docs/product.md#your-data): export and import. Only this shell
 * loads with the page; the export code is fetched on the first export click and the import code when a
 * file is chosen, so the page's JavaScript hardly grows.
 */
export function YourData() {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const {
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
  } = useYourData();

  return (
    <section aria-labelledby={`${baseId}-heading`} className={`${CARD} mt-8 space-y-4 p-4 sm:p-6`}>
      <h2 id={`${baseId}-heading`} className="text-xl font-bold text-brand-900">
        Your data
      </h2>
      <p className="text-slate-600">
        Download your projects, tasks{team ? '' : ' with their files'}, notes, calendar events and profile, or
        bring them back from a file exported here. Everything stays in this browser.
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
        A .json file (up to {IMPORT_JSON_MAX_BYTES / 1024 / 1024} MB) or a .csv file (up to{' '}
        {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB) exported from Tasklane. You see what changes before anything
        is saved.
      </p>
      {exporting ? (
        <p role="status" className="text-sm text-slate-600">
          Preparing the export…
        </p>
      ) : null}
      {exportNotice ? <FormAlert tone="error">{exportNotice}</FormAlert> : null}
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
