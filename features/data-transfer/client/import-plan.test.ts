import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_COLUMNS } from '@/features/projects/model/columns';
import type { Project } from '@/features/projects/model/project';
import { IMPORT_FILE_MAX_BYTES } from '@/shared/constants';
import { IMPORT_JSON_MAX_BYTES } from '../model/import-limits';
import type { Task } from '@/features/tasks/model/task-types';
import { exportFileName, formatJsonExport } from './export';
import {
  applyImportPlan,
  describeInvalidTask,
  fileLines,
  filesLeftOut,
  importedTaskIds,
  planChangesAnything,
  planImport,
  PREVIEW_TEXTS,
  type CurrentData,
  type FilesSummary,
  type ImportPlan,
} from './import-plan';
import { checkImportFile, IMPORT_MESSAGES, readImportText } from './import-read';

/** A project as local-projects.ts keeps it. */
function project(id: string, key: string, name: string, fields: Partial<Project> = {}): Project {
  return {
    id,
    key,
    name,
    color: 'blue',
    description: '',
    teamRole: null,
    role: 'manager',
    archived: false,
    columns: DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
    ...fields,
  };
}

const GENERAL = project('general', 'GEN', 'General');

/** A browser of the default mode with nothing stored: General alone, not stored. */
const NOTHING: CurrentData = {
  projects: [GENERAL],
  storedProjects: [],
  tasks: [],
  notes: '',
  calendarEvents: [],
  userProfile: null,
};

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
    expect(checkImportFile({ name: 'big.csv', size: IMPORT_FILE_MAX_BYTES + 1 })).toEqual({
      ok: false,
      message: 'This file is 5.0 MB; CSV files of up to 5 MB can be imported. Nothing was imported.',
    });
    expect(checkImportFile({ name: 'big.csv', size: 6.25 * 1024 * 1024 }).ok).toBe(false);
    expect(checkImportFile({ name: 'limit.csv', size: IMPORT_FILE_MAX_BYTES }).ok).toBe(true);
    // A JSON export may carry the default mode's files: up to 300 MB.
    expect(checkImportFile({ name: 'files.json', size: IMPORT_FILE_MAX_BYTES + 1 }).ok).toBe(true);
    expect(checkImportFile({ name: 'limit.json', size: IMPORT_JSON_MAX_BYTES }).ok).toBe(true);
    expect(checkImportFile({ name: 'big.json', size: 320 * 1024 * 1024 })).toEqual({
      ok: false,
      message: 'This file is 320.0 MB; JSON files of up to 300 MB can be imported. Nothing was imported.',
    });
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
    expect(failureOf('json', exportText({ version: 5, tasks: [] }))).toBe(
      'This export is version 5; this Tasklane reads versions 1, 2, 3 and 4. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ version: '2', tasks: [] }))).toBe(
      'This export is version "2"; this Tasklane reads versions 1, 2, 3 and 4. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ version: undefined, tasks: [] }))).toBe(
      'This export is version missing; this Tasklane reads versions 1, 2, 3 and 4. Nothing was imported.',
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
    expect(failureOf('json', exportText({ version: 3, tasks: [], projects: {} }))).toBe(
      'This Tasklane export is damaged: "projects" is not a list. Nothing was imported.',
    );
    expect(failureOf('json', exportText({ version: 4, tasks: [], files: {} }))).toBe(
      'This Tasklane export is damaged: "files" is not a list. Nothing was imported.',
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
      ...NOTHING,
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
      ...NOTHING,
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

describe('projects (export version 3)', () => {
  const HOME = project('p-home', 'HOM', 'Home', { description: 'Chores' });
  const GARDEN = project('p-garden', 'GAR', 'Garden', {
    archived: true,
    columns: [
      { id: 'later', name: 'Later', kind: 'todo', wipLimit: 3 },
      { id: 'col-done', name: 'Picked', kind: 'done', wipLimit: null },
    ],
  });
  const inProject = (id: string, projectId: string): Task => ({ ...TASK, id, projectId });

  function versionThree(fields: Record<string, unknown>): string {
    return exportText({ version: 3, notes: '', calendarEvents: [], userProfile: null, ...fields });
  }

  it('adds the projects that clash with none here, keeps their tasks in them, and General is never replaced', () => {
    const text = versionThree({
      projects: [
        { ...GENERAL, name: 'Inbox', color: 'red' },
        { ...HOME, role: 'commenter', teamRole: 'member' },
        GARDEN,
        { ...GARDEN, id: 'p-other', name: 'Same key in the file' },
        { id: 'p-broken', key: 'lower', name: 'Unreadable' },
      ],
      tasks: [
        inProject('1', 'p-home'),
        inProject('2', 'p-garden'),
        inProject('3', 'general'),
        { ...TASK, id: '4' },
      ],
    });
    const plan = planOf('json', text);
    expect(plan.hasProjects).toBe(true);
    // Each the browser's own: its manager, no team role; the file's columns and archive kept.
    expect(plan.newProjects).toEqual([HOME, GARDEN]);
    expect(PREVIEW_TEXTS.projects(plan)).toBe('Projects: 2 new.');
    expect(plan.intoGeneralCount).toBe(0);
    expect(plan.newTasks.map(({ task }) => task.projectId)).toEqual([
      'p-home',
      'p-garden',
      'general',
      undefined,
    ]);

    const writes = applyImportPlan(plan, NOTHING, { replaceNotes: false, replaceProfile: false });
    // Appended to the list as stored: General, never stored here, stays unstored.
    expect(writes.projects).toEqual([HOME, GARDEN]);
    expect(PREVIEW_TEXTS.applied(writes, plan)).toBe('Import applied: 2 projects added, 4 tasks added.');
  });

  it('keeps this browser’s projects where an id or a key clashes; the tasks of a project not added go into General', () => {
    const mine = project('p-mine', 'HOM', 'My home');
    const changedGeneral = { ...GENERAL, name: 'Everything' };
    const current: CurrentData = {
      ...NOTHING,
      projects: [changedGeneral, mine, GARDEN],
      storedProjects: [changedGeneral, mine, GARDEN],
      tasks: [inProject('9', 'p-garden')],
    };
    const text = versionThree({
      projects: [GENERAL, HOME, { ...GARDEN, name: 'Renamed' }, project('p-new', 'NEW', 'New')],
      tasks: [inProject('1', 'p-home'), inProject('2', 'p-new'), inProject('9', 'p-garden')],
    });
    const plan = planOf('json', text, current);
    expect(plan.newProjects.map((item) => item.key)).toEqual(['NEW']);
    // Task 1's project (HOM, another id) is not added: the task goes into General, its projectId gone.
    expect(plan.newTasks.map(({ task }) => [task.id, task.projectId])).toEqual([
      ['1', undefined],
      ['2', 'p-new'],
    ]);
    expect(plan.newTasks[0]!.task).toEqual(TASK);
    expect(plan.unchangedTasks.map(({ task }) => task.id)).toEqual(['9']);
    expect(plan.intoGeneralCount).toBe(1);
    expect(PREVIEW_TEXTS.intoGeneral(plan)).toBe('1 task from a project not here will go into General.');
    const writes = applyImportPlan(plan, current, { replaceNotes: false, replaceProfile: false });
    expect(writes.projects?.map((item) => item.name)).toEqual(['Everything', 'My home', 'Garden', 'New']);
    expect(PREVIEW_TEXTS.applied(writes, plan)).toBe('Import applied: 1 project added, 2 tasks added.');
  });

  it('an export of this browser adds no project and changes nothing', () => {
    const current: CurrentData = {
      ...NOTHING,
      projects: [GENERAL, HOME],
      storedProjects: [HOME],
      tasks: [inProject('1', 'p-home')],
    };
    const plan = planOf('json', formatJsonExport(current, new Date()), current);
    expect(plan.newProjects).toEqual([]);
    expect(PREVIEW_TEXTS.projects(plan)).toBe('Projects: 0 new.');
    expect(planChangesAnything(plan, { replaceNotes: true, replaceProfile: true })).toBe(false);
  });

  it('a file of version 1 or 2 and a CSV have no projects: tasks naming a project not here go into General', () => {
    const current: CurrentData = { ...NOTHING, projects: [GENERAL, HOME], storedProjects: [HOME] };
    for (const version of [1, 2]) {
      const plan = planOf(
        'json',
        exportText({
          version,
          tasks: [inProject('1', 'p-home'), inProject('2', 'p-gone'), { ...TASK, id: '3' }],
        }),
        current,
      );
      expect(plan.hasProjects).toBe(false);
      expect(plan.newProjects).toEqual([]);
      expect(plan.newTasks.map(({ task }) => task.projectId)).toEqual(['p-home', undefined, undefined]);
      expect(plan.intoGeneralCount).toBe(1);
    }
    const csv = planOf(
      'csv',
      'id,title,projectId\r\n1,One,"""p-home"""\r\n2,Two,"""p-x"""\r\n3,Three,"""p-y"""\r\n',
      current,
    );
    expect(csv.newTasks.map(({ task }) => task.projectId)).toEqual(['p-home', undefined, undefined]);
    expect(PREVIEW_TEXTS.intoGeneral(csv)).toBe('2 tasks from projects not here will go into General.');
  });

  it('with team sync on, adds no project: the tasks of a project the team does not have go into General', () => {
    const team: CurrentData = {
      ...NOTHING,
      projects: [
        { ...GENERAL, teamRole: 'assigned' },
        { ...HOME, role: 'member' },
      ],
      storedProjects: null,
    };
    const text = versionThree({
      projects: [GENERAL, HOME, GARDEN, project('p-new', 'NEW', 'New')],
      tasks: [inProject('1', 'p-home'), inProject('2', 'p-garden'), inProject('3', 'p-new')],
    });
    const plan = planOf('json', text, team);
    expect(plan.newProjects).toEqual([]);
    expect(plan.projectsNotAdded).toBe(2);
    expect(PREVIEW_TEXTS.projects(plan)).toBe('Projects: 0 new.');
    expect(PREVIEW_TEXTS.projectsNotAdded(plan)).toBe(
      '2 projects of this file will not be added: with team sync on, projects are the team’s.',
    );
    expect(plan.newTasks.map(({ task }) => task.projectId)).toEqual(['p-home', undefined, undefined]);
    expect(PREVIEW_TEXTS.intoGeneral(plan)).toBe('2 tasks from projects not here will go into General.');
    const writes = applyImportPlan(plan, team, { replaceNotes: false, replaceProfile: false });
    expect(writes.projects).toBeUndefined();
    expect(PREVIEW_TEXTS.applied(writes, plan)).toBe('Import applied: 3 tasks added.');
  });
});

describe('files (export version 4)', () => {
  const NONE: FilesSummary = {
    total: 0,
    team: false,
    unavailable: false,
    new: 0,
    alreadyHere: 0,
    unreadable: 0,
    overLimits: 0,
    ofTasksLeftOut: 0,
  };

  it('a version 4 file reads with its files, kept apart for local-transfer.ts; older files have none', () => {
    const entry = { id: 'x', data: 'AA==' };
    const source = readImportText('json', exportText({ version: 4, tasks: [TASK], files: [entry] }));
    expect(source.ok && source.value.files).toEqual([entry]);
    const older = readImportText('json', exportText({ version: 3, tasks: [TASK] }));
    expect(older.ok && older.value.files).toBeUndefined();
  });

  it('the tasks an import takes are the valid ones, new, updated or unchanged, under their own ids', () => {
    const current = { ...NOTHING, tasks: [TASK, { ...TASK, id: '2' }] };
    const plan = planOf('csv', 'id,title\r\n1,Write\r\n2,Edited\r\n3,New\r\n,No id\r\n', current);
    expect([...importedTaskIds(plan)].sort()).toEqual(['1', '2', '3']);
  });

  it('the preview says what happens to the files, only for a file that holds some', () => {
    expect(fileLines(null)).toEqual([]);
    expect(fileLines(NONE)).toEqual([]);
    const summary = {
      ...NONE,
      total: 9,
      new: 2,
      alreadyHere: 1,
      unreadable: 3,
      overLimits: 1,
      ofTasksLeftOut: 2,
    };
    expect(fileLines(summary)).toEqual([
      'Files: 2 new, 1 already here.',
      '3 files could not be read (damaged or changed) and will be left out.',
      '1 file is over the limits (25 MB each, 100 on a task) and will be left out.',
      '2 files belong to tasks that are not imported and will be left out.',
    ]);
    expect(filesLeftOut(summary)).toBe(6);
    expect(fileLines({ ...NONE, total: 1, unreadable: 1, ofTasksLeftOut: 1 }).slice(1)).toEqual([
      '1 file could not be read (damaged or changed) and will be left out.',
      '1 file belongs to a task that is not imported and will be left out.',
    ]);
    expect(fileLines({ ...NONE, total: 4, overLimits: 4 })[1]).toBe(
      '4 files are over the limits (25 MB each, 100 on a task) and will be left out.',
    );
    expect(fileLines({ ...NONE, total: 3, team: true })).toEqual([
      '3 files in this export will not be added: with team sync on, files are kept on the server (attach them in the task view).',
    ]);
    expect(fileLines({ ...NONE, total: 1, unavailable: true })).toEqual([
      'This browser cannot keep files (its storage is off or full), so the file in this export will be left out.',
    ]);
    expect(filesLeftOut({ ...NONE, total: 3, team: true })).toBe(3);
  });

  it('new files alone are a change to apply, and the message counts them and those left out', () => {
    const plan = planOf('json', formatJsonExport({ ...NOTHING, tasks: [TASK] }, new Date()), {
      ...NOTHING,
      tasks: [TASK],
    });
    const choices = { replaceNotes: false, replaceProfile: false };
    expect(planChangesAnything(plan, choices)).toBe(false);
    expect(planChangesAnything(plan, choices, 1)).toBe(true);
    expect(PREVIEW_TEXTS.applied({}, plan, { added: 2, leftOut: 0 })).toBe('Import applied: 2 files added.');
    expect(
      PREVIEW_TEXTS.applied(
        { tasks: [TASK] },
        { ...plan, newTasks: [{ row: 1, task: TASK }] },
        { added: 1, leftOut: 1 },
      ),
    ).toBe('Import applied: 1 task added, 1 file added. 1 file was left out.');
    expect(PREVIEW_TEXTS.applied({}, plan, { added: 1, leftOut: 3 })).toBe(
      'Import applied: 1 file added. 3 files were left out.',
    );
  });
});

describe('exportFileName', () => {
  it('names the file after the local date', () => {
    expect(exportFileName(new Date(2026, 10, 25, 23, 59), 'json')).toBe('tasklane-2026-11-25.json');
    expect(exportFileName(new Date(2026, 0, 5), 'csv')).toBe('tasklane-2026-01-05.csv');
  });
});
