'use client';

import { ArrowDown, ArrowUp, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  checkColumns,
  COLUMN_KIND_NAMES,
  COLUMN_KINDS,
  PROJECT_COLUMNS_MAX,
  WIP_LIMIT_MAX,
  type ColumnDraft,
  type ColumnKind,
} from '@/features/projects/model/columns';
import type { Project } from '@/features/projects/model/project';
import { projectCommands } from '@/features/projects/client/project-commands';
import { useTeamSyncOn } from '@/shared/session/team-sync-context';
import { cn } from '@/shared/cn';
import { describeRequestFailure } from '@/shared/http/failure-message';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { ManagerDialogButton, SaveActions } from './manager-dialog-button';
import { SelectField } from '@/shared/ui/select-field';
import { FOCUS_RING } from '@/shared/ui/styles';
import { TextField } from '@/shared/ui/text-field';

export const COLUMNS_TEXTS = {
  open: 'Columns',
  title: (name: string) => `Columns of ${name}`,
  description:
    'Moving a card into a Done column completes its task; out of one reopens it. ' +
    'The cards of a removed column go to the first column of their kind. An empty WIP limit is none.',
  legend: (index: number) => `Column ${index + 1}`,
  name: 'Name',
  kind: 'Kind',
  wipLimit: 'WIP limit',
  up: (name: string) => `Move ${name || 'this column'} up`,
  down: (name: string) => `Move ${name || 'this column'} down`,
  remove: (name: string) => `Remove ${name || 'this column'}`,
  add: 'Add column',
  newName: 'New column',
  saved: 'Columns saved.',
  failed: 'Could not save the columns',
  wipRule: `A WIP limit is a whole number from 1 to ${WIP_LIMIT_MAX}.`,
} as const;

/** A column being edited: the WIP limit as typed. */
type Row = { key: string; id?: string; name: string; kind: ColumnKind; wip: string };

let rowKeys = 0;
const rowKey = () => `row-${++rowKeys}`;

function rowsOf(project: Project): Row[] {
  return project.columns.map((column) => ({
    key: rowKey(),
    id: column.id,
    name: column.name,
    kind: column.kind,
    wip: column.wipLimit === null ? '' : String(column.wipLimit),
  }));
}

/** The rows as the endpoint takes them, or the first rule they break (checkColumns). */
function draftsOf(rows: readonly Row[]): { drafts: ColumnDraft[] } | { problem: string } {
  const drafts: ColumnDraft[] = [];
  for (const row of rows) {
    const typed = row.wip.trim();
    const wipLimit = typed === '' ? null : Number(typed);
    if (wipLimit !== null && !/^\d+$/.test(typed)) return { problem: COLUMNS_TEXTS.wipRule };
    drafts.push({ ...(row.id ? { id: row.id } : {}), name: row.name.trim(), kind: row.kind, wipLimit });
  }
  const problem = checkColumns(drafts);
  return problem ? { problem } : { drafts };
}

/**
 * A manager's `Columns` of a project's board (docs/product.md#project-columns): each column's name,
 * kind and WIP limit, in order (moved up and down by buttons, so the keyboard does it too), added
 * and removed. Checked here by the rules the server checks again.
 */
export function ColumnsButton({ project }: { project: Project }) {
  return (
    <ManagerDialogButton
      project={project}
      label={COLUMNS_TEXTS.open}
      title={COLUMNS_TEXTS.title(project.name)}
      description={COLUMNS_TEXTS.description}
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-2xl p-5"
    >
      {(form) => <ColumnsForm project={project} {...form} />}
    </ManagerDialogButton>
  );
}

function useColumnsForm(project: Project, setBusy: (busy: boolean) => void, onDone: () => void) {
  const [rows, setRows] = useState(() => rowsOf(project));
  const [problem, setProblem] = useState<string | null>(null);
  const commands = projectCommands(useTeamSyncOn());

  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (index: number, step: -1 | 1) =>
    setRows((current) => {
      const next = current.slice();
      const [row] = next.splice(index, 1);
      next.splice(index + step, 0, row!);
      return next;
    });
  const remove = (key: string) => setRows((current) => current.filter((row) => row.key !== key));
  const add = () =>
    setRows((current) => [
      ...current,
      { key: rowKey(), name: COLUMNS_TEXTS.newName, kind: 'doing', wip: '' },
    ]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = draftsOf(rows);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setBusy(true);
    try {
      await commands.saveColumns(project.id, checked.drafts);
      toast.success(COLUMNS_TEXTS.saved);
      onDone();
    } catch (caught) {
      setProblem(describeRequestFailure(caught, COLUMNS_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  }

  return { rows, problem, change, move, remove, add, submit };
}

function ColumnsForm({
  project,
  busy,
  setBusy,
  onDone,
}: {
  project: Project;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { rows, problem, change, move, remove, add, submit } = useColumnsForm(project, setBusy, onDone);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <ol className="max-h-[55vh] space-y-3 overflow-y-auto pr-1">
        {rows.map((row, index) => (
          <li key={row.key}>
            <ColumnRow
              row={row}
              index={index}
              last={index === rows.length - 1}
              only={rows.length === 1}
              onChange={(patch) => change(row.key, patch)}
              onMove={(step) => move(index, step)}
              onRemove={() => remove(row.key)}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="sm" onClick={add} disabled={rows.length >= PROJECT_COLUMNS_MAX}>
        <Plus className="size-4" aria-hidden="true" />
        {COLUMNS_TEXTS.add}
      </Button>
      <SaveActions busy={busy} onDone={onDone} />
    </form>
  );
}

const ICON_BUTTON = cn(
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-40',
  FOCUS_RING,
);

function ColumnRow({
  row,
  index,
  last,
  only,
  onChange,
  onMove,
  onRemove,
}: {
  row: Row;
  index: number;
  last: boolean;
  only: boolean;
  onChange: (patch: Partial<Row>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{COLUMNS_TEXTS.legend(index)}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_7.5rem_5.5rem_auto]">
        <TextField
          label={COLUMNS_TEXTS.name}
          autoComplete="off"
          value={row.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <SelectField
          label={COLUMNS_TEXTS.kind}
          options={COLUMN_KINDS}
          optionText={(kind) => COLUMN_KIND_NAMES[kind]}
          value={row.kind}
          onChange={(kind) => onChange({ kind })}
        />
        <TextField
          label={COLUMNS_TEXTS.wipLimit}
          inputMode="numeric"
          autoComplete="off"
          value={row.wip}
          onChange={(event) => onChange({ wip: event.target.value })}
        />
        <div className="flex items-end justify-end gap-1 sm:pb-1">
          <IconButton
            icon={ArrowUp}
            label={COLUMNS_TEXTS.up(row.name)}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <IconButton
            icon={ArrowDown}
            label={COLUMNS_TEXTS.down(row.name)}
            disabled={last}
            onClick={() => onMove(1)}
          />
          <IconButton
            icon={Trash2}
            label={COLUMNS_TEXTS.remove(row.name)}
            disabled={only}
            onClick={onRemove}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** A row's button that shows an icon only; its name is for screen readers (and the tooltip). */
function IconButton({
  icon: Icon,
  label,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={ICON_BUTTON}
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
