'use client';

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { FOCUS_RING } from '@/shared/ui/styles';
import { transferFailureMessage } from '@/features/attachments/client/local-transfer';
import {
  applyImport,
  prepareImportFiles,
  readCurrentData,
  undoAppliedImport,
  type AppliedImport,
  type PreparedFiles,
} from '@/features/data-transfer/client/apply';
import {
  fileLines,
  planChangesAnything,
  planImport,
  PREVIEW_TEXTS,
  type FilesSummary,
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
import { useTeamSyncOn } from '@/shared/session/team-sync-context';

/** How many entries each preview list shows before 'And {n} more.' */
const PREVIEW_LIST_LIMIT = 50;

/** A chosen file, read and planned against what is stored, or the message saying why it cannot be. */
export type PreparedImport =
  | { ok: true; fileName: string; source: ImportSource; plan: ImportPlan; files: PreparedFiles }
  | { ok: false; fileName: string; message: string };

type ReadyImport = Extract<PreparedImport, { ok: true }>;

/**
 * Reads `file` (only after its type and size passed) and plans the import against the mode's data
 * (`team`: with team sync on), its files against this browser's. Writes nothing.
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
  const read = readImportText(kind.value, text);
  if (!read.ok) return { ok: false, fileName, message: read.message };
  // The files' base64 is not kept with the preview: their checked bytes are.
  const { files: entries, ...source } = read.value;
  const plan = planImport(source, readCurrentData(team));
  return { ok: true, fileName, source, plan, files: await prepareImportFiles(entries, plan, team) };
}

/** Apply and Undo, with the status line and the error they show. */
function useImportActions(team: boolean) {
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [snapshot, setSnapshot] = useState<AppliedImport | null>(null);
  const working = useRef(false);

  async function apply(prepared: ReadyImport, choices: ImportChoices): Promise<boolean> {
    if (working.current) return false;
    working.current = true;
    setError('');
    setStatus(PREVIEW_TEXTS.applying);
    try {
      const outcome = await applyImport(prepared, team, choices);
      if ('error' in outcome) {
        setStatus('');
        setError(outcome.error ?? '');
        return false;
      }
      setSnapshot(outcome.applied);
      setStatus(outcome.applied.status);
      return true;
    } finally {
      working.current = false;
    }
  }

  async function undo() {
    if (!snapshot || working.current) return;
    working.current = true;
    setError('');
    try {
      if (!(await undoAppliedImport(snapshot))) return;
      setSnapshot(null);
      setStatus(PREVIEW_TEXTS.undone);
    } catch (failure) {
      // The keys are back; the files stay until Undo is pressed again.
      setError(transferFailureMessage(failure));
    } finally {
      working.current = false;
    }
  }

  function reset() {
    setStatus('');
    setError('');
  }

  return { status, error, snapshot, apply, undo, reset };
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

const NO_CHOICES: ImportChoices = { replaceNotes: false, replaceProfile: false };

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
  const [choices, setChoices] = useState<ImportChoices>(NO_CHOICES);
  const actions = useImportActions(team);

  // A new file chosen: show its preview (the snapshot of the last applied import stays).
  if (prepared !== shownFor) {
    setShownFor(prepared);
    setOpen(true);
    setChoices(NO_CHOICES);
    actions.reset();
  }

  useEffect(() => {
    if (prepared.ok) headingRef.current?.focus();
  }, [prepared]);

  async function apply() {
    if (prepared.ok && (await actions.apply(prepared, choices))) setOpen(false);
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
          files={prepared.files.summary}
          choices={choices}
          onChoicesChange={setChoices}
          onApply={() => void apply()}
          onCancel={() => setOpen(false)}
        />
      ) : null}
      {actions.error ? <FormAlert tone="error">{actions.error}</FormAlert> : null}
      <p role="status" className="text-sm font-medium text-green-800">
        {actions.status}
      </p>
      {actions.snapshot ? (
        <Button variant="secondary" onClick={() => void actions.undo()}>
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
  files,
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
  /** What happens to the file's files (null: it holds none). */
  files: FilesSummary | null;
  choices: ImportChoices;
  onChoicesChange: (choices: ImportChoices) => void;
  onApply: () => void;
  onCancel: () => void;
}) {
  const changes = planChangesAnything(plan, choices, files?.new ?? 0);
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
      {fileLines(files).map((line, index) => (
        <p key={line} className={index === 0 ? 'text-slate-800' : 'text-sm text-slate-700'}>
          {line}
        </p>
      ))}
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
