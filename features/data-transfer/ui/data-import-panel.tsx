'use client';

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { FOCUS_RING } from '@/shared/ui/styles';
import {
  readCurrentData,
  undoImport,
  writeImport,
  type ImportSnapshot,
} from '@/features/data-transfer/client/apply';
import {
  applyImportPlan,
  planChangesAnything,
  planImport,
  PREVIEW_TEXTS,
  type ImportChoices,
  type ImportPlan,
  type PlannedTask,
} from '@/features/data-transfer/client/import-plan';
import {
  checkImportFile,
  IMPORT_MESSAGES,
  readImportText,
  type ImportSource,
} from '@/features/data-transfer/client/import-read';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** How many entries each preview list shows before 'And {n} more.' */
const PREVIEW_LIST_LIMIT = 50;

/** A chosen file, read and planned against what is stored, or the message saying why it cannot be. */
export type PreparedImport =
  | { ok: true; fileName: string; source: ImportSource; plan: ImportPlan }
  | { ok: false; fileName: string; message: string };

/**
 * Reads `file` (only after its type and size passed) and plans the import against the mode's data
 * (`team`: with team sync on). Writes nothing.
 */
export async function prepareImport(file: File, team: boolean): Promise<PreparedImport> {
  const fileName = file.name;
  const kind = checkImportFile(file);
  if (!kind.ok) return { ok: false, fileName, message: kind.message };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, fileName, message: IMPORT_MESSAGES.unreadable };
  }
  const source = readImportText(kind.value, text);
  if (!source.ok) return { ok: false, fileName, message: source.message };
  return { ok: true, fileName, source: source.value, plan: planImport(source.value, readCurrentData(team)) };
}

export type ImportPanelProps = { prepared: PreparedImport };

function PreviewList({ title, items }: { title: string; items: readonly ReactNode[] }) {
  if (items.length === 0) return null;
  const shown = items.slice(0, PREVIEW_LIST_LIMIT);
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">
        {title} ({items.length})
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm break-words text-slate-700">
        {shown.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
      {items.length > shown.length ? (
        <p className="mt-1 text-sm text-slate-600">And {items.length - shown.length} more.</p>
      ) : null}
    </div>
  );
}

const taskItem = ({ row, task }: PlannedTask) => `Row ${row}: ${task.title || '(no title)'}`;

/**
 * The import preview, then Apply and Undo (docs/product.md#your-data). Stays mounted while the page is
 * open, so the undo snapshot (kept in memory only) lives until the next import applied or the page left.
 */
export function ImportPanel({ prepared }: ImportPanelProps) {
  const team = useTeamSyncOn();
  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [shownFor, setShownFor] = useState(prepared);
  const [open, setOpen] = useState(true);
  const [choices, setChoices] = useState<ImportChoices>({ replaceNotes: false, replaceProfile: false });
  const [status, setStatus] = useState('');
  const [snapshot, setSnapshot] = useState<ImportSnapshot | null>(null);

  // A new file chosen: show its preview (the snapshot of the last applied import stays).
  if (prepared !== shownFor) {
    setShownFor(prepared);
    setOpen(true);
    setChoices({ replaceNotes: false, replaceProfile: false });
    setStatus('');
  }

  useEffect(() => {
    if (prepared.ok) headingRef.current?.focus();
  }, [prepared]);

  function apply() {
    if (!prepared.ok) return;
    // Planned again on what is stored now: another tab may have changed it since the preview.
    const current = readCurrentData(team);
    const plan = planImport(prepared.source, current);
    const writes = applyImportPlan(plan, current, choices);
    const result: { snapshot?: ImportSnapshot } = {};
    if (!saveSafely(() => (result.snapshot = writeImport(writes))) || !result.snapshot) return;
    setSnapshot(result.snapshot);
    setOpen(false);
    setStatus(PREVIEW_TEXTS.applied(writes, plan));
  }

  function undo() {
    if (!snapshot) return;
    if (!saveSafely(() => undoImport(snapshot))) return;
    setSnapshot(null);
    setStatus(PREVIEW_TEXTS.undone);
  }

  return (
    <div className="space-y-3">
      {open && !prepared.ok ? <FormAlert tone="error">{prepared.message}</FormAlert> : null}
      {open && prepared.ok ? (
        <ImportPreview
          baseId={baseId}
          headingRef={headingRef}
          fileName={prepared.fileName}
          plan={prepared.plan}
          choices={choices}
          onChoicesChange={setChoices}
          onApply={apply}
          onCancel={() => setOpen(false)}
        />
      ) : null}
      <p role="status" className="text-sm font-medium text-green-800">
        {status}
      </p>
      {snapshot ? (
        <Button variant="secondary" onClick={undo}>
          Undo import
        </Button>
      ) : null}
    </div>
  );
}

/** What the chosen file would change, the choices it offers, then Apply or Cancel. */
function ImportPreview({
  baseId,
  headingRef,
  fileName,
  plan,
  choices,
  onChoicesChange,
  onApply,
  onCancel,
}: {
  baseId: string;
  /** Focused when a file's preview opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  fileName: string;
  plan: ImportPlan;
  choices: ImportChoices;
  onChoicesChange: (choices: ImportChoices) => void;
  onApply: () => void;
  onCancel: () => void;
}) {
  const changes = planChangesAnything(plan, choices);
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 ref={headingRef} tabIndex={-1} className={`text-lg font-semibold text-brand-900 ${FOCUS_RING}`}>
        Import preview
      </h3>
      <p className="text-sm break-words text-slate-600">File: {fileName}</p>
      <ProjectLines plan={plan} />
      <p className="font-medium text-slate-800">{PREVIEW_TEXTS.tasks(plan)}</p>
      {plan.intoGeneralCount > 0 ? (
        <p className="text-sm text-slate-700">{PREVIEW_TEXTS.intoGeneral(plan)}</p>
      ) : null}
      {plan.kind === 'json' ? <p className="text-slate-800">{PREVIEW_TEXTS.events(plan)}</p> : null}
      <PreviewList
        title="New projects"
        items={plan.newProjects.map((project) => `${project.name} (${project.key})`)}
      />
      <PreviewList title="New" items={plan.newTasks.map(taskItem)} />
      <PreviewList title="Updated" items={plan.updatedTasks.map(taskItem)} />
      <PreviewList title="Unchanged" items={plan.unchangedTasks.map(taskItem)} />
      <PreviewList
        title="Invalid, skipped"
        items={plan.invalidRows.map(({ row, message }) => `Row ${row}: ${message}`)}
      />
      {plan.profileInvalid ? <p className="text-sm text-slate-700">{PREVIEW_TEXTS.profileInvalid}</p> : null}
      {plan.notes !== null ? (
        <Choice
          id={`${baseId}-notes`}
          label="Replace my notes with the notes in this file"
          checked={choices.replaceNotes}
          onChange={(replaceNotes) => onChoicesChange({ ...choices, replaceNotes })}
        />
      ) : null}
      {plan.userProfile !== null ? (
        <Choice
          id={`${baseId}-profile`}
          label="Replace my profile with the profile in this file"
          checked={choices.replaceProfile}
          onChange={(replaceProfile) => onChoicesChange({ ...choices, replaceProfile })}
        />
      ) : null}
      {changes ? null : <p className="text-sm text-slate-700">{PREVIEW_TEXTS.nothingToChange}</p>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onApply} disabled={!changes}>
          Apply import
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * The file's projects (an export of version 3): how many are new here; with team sync on, how many
 * the team does not have, which are not added.
 */
function ProjectLines({ plan }: { plan: ImportPlan }) {
  if (!plan.hasProjects) return null;
  return (
    <>
      <p className="font-medium text-slate-800">{PREVIEW_TEXTS.projects(plan)}</p>
      {plan.projectsNotAdded > 0 ? (
        <p className="text-sm text-slate-700">{PREVIEW_TEXTS.projectsNotAdded(plan)}</p>
      ) : null}
    </>
  );
}

function Choice({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={`mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-600 ${FOCUS_RING}`}
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
