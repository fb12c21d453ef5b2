import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_MAX_BYTES } from '@/shared/constants';
import type { Task } from '@/features/tasks/model/task-types';
import { exportFileName, formatJsonExport } from './export';
import {
  applyImportPlan,
  checkImportFile,
  describeInvalidTask,
  IMPORT_MESSAGES,
  planChangesAnything,
  planImport,
  PREVIEW_TEXTS,
  readImportText,
  type CurrentData,
  type ImportPlan,
} from './import-plan';

const NOTHING: CurrentData = { tasks: [], notes: '', calendarEvents: [], userProfile: null };

const TASK: Task = {
  id: '1',
  title: 'Write',
  description: 'Docs',
  priority: 'High',
  deadline: '2026-11-30',
  progress: 10,
  assignedTo: 'Ada',
};

function exportText(fields: Record<string, unknown>): string {
  return JSON.stringify({
    format: 'tasklane-export',
    version: 1,
    exportedAt: '2026-11-25T10:00:00Z',
    ...fields,
  });
}

function planOf(kind: 'json' | 'csv', text: string, current: CurrentData = NOTHING): ImportPlan {
  const source = readImportText(kind, text);
  if (!source.ok) throw new Error(source.message);
  return planImport(source.value, current);
}

function failureOf(kind: 'json' | 'csv', text: string): string {
  const source = readImportText(kind, text);
  if (source.ok) throw new Error('expected a failure');
  return source.message;
}

describe('checkImportFile', () => {
  it('takes .json and .csv by name, or by type when the name has no extension', () => {
    expect(checkImportFile({ name: 'Backup.JSON', size: 10 })).toEqual({ ok: true, value: 'json' });
    expect(checkImportFile({ name: 'tasks.csv', size: 10 })).toEqual({ ok: true, value: 'csv' });
    expect(checkImportFile({ name: 'export', size: 10, type: 'text/csv' })).toEqual({
      ok: true,
      value: 'csv',
    });
  });

  it('refuses other files, files over the limit and empty files, with their messages', () => {
    expect(checkImportFile({ name: 'photo.png', size: 10, type: 'image/png' })).toEqual({
      ok: false,
      message: 'Choose a .json or .csv file exported from Tasklane. Nothing was imported.',
    });
    expect(checkImportFile({ name: 'big.json', size: IMPORT_FILE_MAX_BYTES + 1 })).toEqual({
      ok: false,
      message: 'This file is 5.0 MB; files of up to 5 MB can be imported. Nothing was imported.',
    });
    expect(checkImportFile({ name: 'big.csv', size: 6.25 * 1024 * 1024 }).ok).toBe(false);
    expect(checkImportFile({ name: 'limit.csv', size: IMPORT_FILE_MAX_BYTES }).ok).toBe(true);
    expect(checkImportFile({ name: 'empty.csv', size: 0 })).toEqual({
      ok: false,
      message: 'This file is empty. Nothing was imported.',
    });
  });
});

describe('readImportText', () => {
  it('refuses malformed and foreign JSON with a message each', () => {
    expect(failureOf('json', '{"format": "tasklane-export",')).toBe(
      'This file is not valid JSON. Nothing was imported.',
    );
    expect(failureOf('json', '[{"id": "1"}]')).toBe(
      'This JSON file is not a Tasklane export. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ version: 3, tasks: [] }))).toBe(
      'This export is version 3; this Tasklane reads versions 1 and 2. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ version: '2', tasks: [] }))).toBe(
      'This export is version "2"; this Tasklane reads versions 1 and 2. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ tasks: {} }))).toBe(
      'This Tasklane export is damaged: "tasks" is not a list. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ tasks: [], notes: 3 }))).toBe(
      'This Tasklane export is damaged: "notes" is not text. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ tasks: [], calendarEvents: 'x' }))).toBe(
      'This Tasklane export is damaged: "calendarEvents" is not a list. Nothing was imported.',
    );
    expect(failureOf('json', '  \n')).toBe(IMPORT_MESSAGES.empty);
  });

  it('refuses malformed CSV and CSV that is not a task list', () => {
    expect(failureOf('csv', 'id,title\r\n1,"never closed')).toBe(
      'This file is not valid CSV: a quoted cell that starts on line 2 is never closed. Nothing was imported.',
    );
    expect(failureOf('csv', 'name,amount\r\nx,1\r\n')).toBe(
      'This CSV file has no "id" and "title" columns, so it is not a Tasklane task list. Nothing was imported.',
    );
    expect(failureOf('csv', 'id,title,title\r\n')).toBe(
      'This CSV file\'s header names the column "title" twice. Nothing was imported.',
    );
    expect(failureOf('csv', 'id,,title\r\n')).toBe(
      "This CSV file's header has no name for column 2. Nothing was imported.",
    );
  });
});

describe('planImport', () => {
  it('sorts tasks into new, updated, unchanged and invalid, with row numbers and reasons', () => {
    const current = { ...NOTHING, tasks: [TASK, { ...TASK, id: '2', title: 'Second' }] };
    const csv = [
      'id,title,description,priority,progress,assignedTo,deadline',
      '1,Write,Docs,High,10,Ada,2026-11-30',
      '2,Second (edited),Docs,High,10,Ada,2026-11-30',
      '3,New one,,Low,0,Ada,',
      '4,Bad,,Urgent,0,Ada,',
      '5,Bad progress,,Low,150,Ada,',
      '3,Same id again,,Low,0,Ada,',
      '6,Short row',
      ',No id,,Low,0,Ada,',
    ].join('\r\n');
    const plan = planOf('csv', csv, current);
    expect(plan.unchangedTasks.map(({ row }) => row)).toEqual([2]);
    expect(plan.updatedTasks.map(({ row, task }) => [row, task.title])).toEqual([[3, 'Second (edited)']]);
    expect(plan.newTasks.map(({ row, task }) => [row, task.title])).toEqual([[4, 'New one']]);
    expect(plan.invalidRows).toEqual([
      { row: 5, message: '"priority" must be High, Medium or Low.' },
      { row: 6, message: '"progress" must be a whole number from 0 to 100.' },
      { row: 7, message: 'Row 4 of this file already has the id "3".' },
      { row: 8, message: 'This row has 2 cells; the header has 7.' },
      { row: 9, message: '"id" is missing or is not text.' },
    ]);
    expect(PREVIEW_TEXTS.tasks(plan)).toBe('Tasks: 1 new, 1 updated, 1 unchanged, 5 invalid.');
  });

  it('names the field the task rules refuse', () => {
    expect(describeInvalidTask('text')).toBe('This entry is not a task.');
    expect(describeInvalidTask({ id: '1' })).toBe('"title" is missing or is not text.');
    expect(describeInvalidTask({ id: '1', title: 'x', description: 5 })).toBe('"description" is not text.');
    expect(describeInvalidTask({ id: '1', title: 'x', email: false })).toBe('"email" is not text.');
    expect(describeInvalidTask({ id: true, title: 'x' })).toBe('"id" is missing or is not text.');
  });

  it('JSON: calendar events merge without duplicates; notes and profile only when they differ', () => {
    const event = { title: 'Launch', start: '2026-12-01', type: 'event' as const };
    const current: CurrentData = {
      tasks: [],
      notes: 'mine',
      calendarEvents: [event],
      userProfile: { name: 'Ada' },
    };
    const text = exportText({
      tasks: [],
      notes: 'theirs',
      calendarEvents: [
        { type: 'event', start: '2026-12-01', title: 'Launch' },
        { title: 'Review', start: '2026-12-02', type: 'deadline' },
        { title: 'Review', start: '2026-12-02', type: 'deadline' },
        { start: 3 },
      ],
      userProfile: { name: 'Ada' },
    });
    const plan = planOf('json', text, current);
    expect(plan.newEvents).toEqual([{ title: 'Review', start: '2026-12-02', type: 'deadline' }]);
    expect(plan.knownEventCount).toBe(2);
    expect(plan.invalidEventCount).toBe(1);
    expect(PREVIEW_TEXTS.events(plan)).toBe(
      'Calendar events: 1 new, 2 already here, 1 could not be read and will be skipped.',
    );
    expect(plan.notes).toBe('theirs');
    expect(plan.userProfile).toBeNull();

    const untouched = applyImportPlan(plan, current, { replaceNotes: false, replaceProfile: false });
    expect(untouched).toEqual({ calendarEvents: [event, plan.newEvents[0]] });
    expect(applyImportPlan(plan, current, { replaceNotes: true, replaceProfile: true }).notes).toBe('theirs');
  });

  it('JSON: a different profile is offered, an unreadable one is reported and skipped', () => {
    const other = planOf('json', exportText({ tasks: [], userProfile: { name: 'Grace', github: 'g' } }));
    expect(other.userProfile).toEqual({ name: 'Grace', github: 'g' });
    expect(planChangesAnything(other, { replaceNotes: false, replaceProfile: false })).toBe(false);
    expect(planChangesAnything(other, { replaceNotes: false, replaceProfile: true })).toBe(true);
    const writes = applyImportPlan(other, NOTHING, { replaceNotes: false, replaceProfile: true });
    expect(writes).toEqual({ userProfile: { name: 'Grace', github: 'g' } });
    expect(PREVIEW_TEXTS.applied(writes, other)).toBe('Import applied: profile replaced.');

    const broken = planOf('json', exportText({ tasks: [], userProfile: { name: 7 } }));
    expect(broken.profileInvalid).toBe(true);
    expect(broken.userProfile).toBeNull();
  });

  it('an export of this browser changes nothing', () => {
    const current: CurrentData = {
      tasks: [TASK],
      notes: 'n',
      calendarEvents: [{ title: 'E', start: '2026-12-01', type: 'event' }],
      userProfile: { name: 'Ada' },
    };
    const plan = planOf('json', formatJsonExport(current, new Date()), current);
    expect(planChangesAnything(plan, { replaceNotes: true, replaceProfile: true })).toBe(false);
    expect(PREVIEW_TEXTS.tasks(plan)).toBe('Tasks: 0 new, 0 updated, 1 unchanged, 0 invalid.');
    expect(PREVIEW_TEXTS.events(plan)).toBe('Calendar events: 0 new, 1 already here.');
  });
});

describe('applyImportPlan and its message', () => {
  it('replaces updated tasks in place and appends new ones in file order', () => {
    const current = { ...NOTHING, tasks: [TASK, { ...TASK, id: '2' }] };
    const plan = planOf('csv', 'id,title\r\n9,Nine\r\n2,Two\r\n8,Eight\r\n', current);
    const writes = applyImportPlan(plan, current, { replaceNotes: false, replaceProfile: false });
    expect(writes.tasks?.map((task) => [task.id, task.title])).toEqual([
      ['1', 'Write'],
      ['2', 'Two'],
      ['9', 'Nine'],
      ['8', 'Eight'],
    ]);
    expect(PREVIEW_TEXTS.applied(writes, plan)).toBe('Import applied: 2 tasks added, 1 task replaced.');
  });
});

describe('exportFileName', () => {
  it('names the file after the local date', () => {
    expect(exportFileName(new Date(2026, 10, 25, 23, 59), 'json')).toBe('tasklane-2026-11-25.json');
    expect(exportFileName(new Date(2026, 0, 5), 'csv')).toBe('tasklane-2026-01-05.csv');
  });
});
