import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@/features/calendar/model/calendar-event';
import type { UserProfile } from '@/features/accounts/client/profile-store';
import { DEFAULT_PROJECT_COLUMNS } from '@/features/projects/model/columns';
import type { Project } from '@/features/projects/model/project';
import { LABEL_COLORS } from '@/features/tasks/model/labels';
import { CHECKLIST_FIELD_PATTERN } from '@/features/tasks/model/checklist';
import { REPEAT_FROM, REPEAT_UNITS } from '@/features/tasks/model/repeat';
import {
  BOARD_COLUMNS,
  TASK_FIELD_NAMES,
  TASK_PRIORITIES,
  type Task,
} from '@/features/tasks/model/task-types';
import { tasksSchema } from '@/features/tasks/model/task-read';
import { parseCsv } from '../model/csv';
import {
  CSV_LABEL_IDS_COLUMN,
  formatJsonExport,
  formatTasksCsv,
  TASK_CSV_COLUMNS,
  TASK_CSV_READING_COLUMNS,
  type ExportData,
} from './export';
import {
  applyImportPlan,
  planChangesAnything,
  planImport,
  type CurrentData,
  type ImportPlan,
} from './import-plan';
import { readImportText } from './import-read';

/** Text a CSV or a spreadsheet could trip on: separators, quotes, line ends, formula starts, unicode. */
const trickyText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc
    .array(
      fc.constantFrom(
        ',',
        '"',
        "'",
        '\n',
        '\r\n',
        '\r',
        '=',
        '+',
        '-',
        '@',
        '\t',
        ' ',
        'a',
        'é',
        '✓',
        '😀',
        '\uFEFF',
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('')),
);

/** Names the arbitrary extra fields avoid: known fields, and the CSV's reading and label-id columns. */
const KNOWN = new Set<string>([
  ...TASK_CSV_COLUMNS,
  ...TASK_CSV_READING_COLUMNS,
  CSV_LABEL_IDS_COLUMN,
  ...TASK_FIELD_NAMES,
]);
const extraField = fc
  .string({ minLength: 1, maxLength: 8 })
  .filter((name) => !KNOWN.has(name) && name.trim() !== '' && !CHECKLIST_FIELD_PATTERN.test(name));

const isoTime = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString());

/** The task view's fields (issue 22), valid as the task rules read them. */
const taskViewFields = fc.record(
  {
    labels: fc.array(trickyText, { maxLength: 3 }),
    repeat: fc.record({
      every: fc.constantFrom(...REPEAT_UNITS),
      interval: fc.integer({ min: 1, max: 365 }),
      from: fc.constantFrom(...REPEAT_FROM),
    }),
    repeatedAs: trickyText,
    checklistProgress: fc.boolean(),
    createdAt: isoTime,
    updatedAt: isoTime,
  },
  { requiredKeys: [] },
);

/** Checklist items, each a field of its own (`ck_{id}`). */
const checklistItems = fc.dictionary(
  fc.stringMatching(/^[a-z0-9]{1,6}$/).map((id) => `ck_${id}`),
  fc.record({ text: trickyText, done: fc.boolean(), pos: fc.integer({ min: 0, max: 100 }) }),
  { maxKeys: 4 },
);

/** Any task as the store reads it: every field the rules allow, unknown fields with any JSON value. */
const storedTask: fc.Arbitrary<Task> = fc
  .record(
    {
      id: fc.string({ minLength: 1 }),
      title: trickyText,
      description: trickyText,
      priority: fc.constantFrom(...TASK_PRIORITIES),
      deadline: fc.oneof(trickyText, fc.constant('2026-11-25')),
      progress: fc.integer({ min: 0, max: 100 }),
      assignedTo: trickyText,
      email: trickyText,
      status: trickyText,
      column: fc.constantFrom(...BOARD_COLUMNS),
    },
    { requiredKeys: ['id', 'title', 'description', 'priority', 'deadline', 'progress', 'assignedTo'] },
  )
  .chain((task) =>
    fc
      .tuple(
        fc.dictionary(extraField, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        taskViewFields,
        checklistItems,
      )
      .map(([extra, view, items]) => ({ ...extra, ...view, ...items, ...task }) as Task),
  );

const uniqueTasks = fc.uniqueArray(storedTask, { selector: (task) => task.id, maxLength: 8 });

const event: fc.Arbitrary<CalendarEvent> = fc.record(
  {
    title: trickyText,
    start: fc.constant('2026-11-25'),
    end: fc.constant('2026-11-26'),
    type: fc.constantFrom('deadline' as const, 'event' as const),
    allDay: fc.boolean(),
  },
  { requiredKeys: ['title', 'start', 'type'] },
);

const profile: fc.Arbitrary<UserProfile | null> = fc.option(
  fc.record(
    { name: trickyText, email: trickyText, phone: trickyText, github: trickyText },
    { requiredKeys: [] },
  ),
  { nil: null },
);

/** General as this browser shows it, never stored. */
const GENERAL: Project = {
  id: 'general',
  key: 'GEN',
  name: 'General',
  color: 'blue',
  description: '',
  teamRole: null,
  role: 'manager',
  archived: false,
  columns: DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
};

/** A browser's own projects besides General: keys (and so ids) unique, none GEN. */
const ownProjects: fc.Arbitrary<Project[]> = fc
  .uniqueArray(
    fc.record({
      key: fc.stringMatching(/^[A-Z]{2,4}$/).filter((key) => key !== GENERAL.key),
      name: trickyText,
      color: fc.constantFrom(...LABEL_COLORS),
      description: trickyText,
      archived: fc.boolean(),
      columns: fc.constantFrom(
        DEFAULT_PROJECT_COLUMNS.map((column) => ({ ...column })),
        [
          { id: 'col-later', name: 'Later', kind: 'todo' as const, wipLimit: 4 },
          { id: 'col-done', name: 'Done', kind: 'done' as const, wipLimit: null },
        ],
      ),
    }),
    { selector: (project) => project.key, maxLength: 4 },
  )
  .map((projects) =>
    projects.map((project) => ({
      ...project,
      id: `p-${project.key.toLowerCase()}`,
      teamRole: null,
      role: 'manager' as const,
    })),
  );

const exportData: fc.Arbitrary<ExportData> = fc.record({
  projects: ownProjects.map((projects) => [GENERAL, ...projects]),
  tasks: uniqueTasks,
  notes: trickyText,
  calendarEvents: fc.uniqueArray(event, { selector: (item) => JSON.stringify(item), maxLength: 4 }),
  userProfile: profile,
});

/** A browser of the default mode with nothing stored: General alone, not stored. */
const NOTHING: CurrentData = {
  projects: [GENERAL],
  storedProjects: [],
  tasks: [],
  notes: '',
  calendarEvents: [],
  userProfile: null,
};
const NOW = new Date('2026-11-25T10:00:00Z');

function plan(kind: 'json' | 'csv', text: string, current: CurrentData): ImportPlan {
  const source = readImportText(kind, text);
  if (!source.ok) throw new Error(source.message);
  return planImport(source.value, current);
}

/** JSON.parse(JSON.stringify()) of a task: -0 becomes 0, as storage itself does. */
const asStored = (tasks: readonly Task[]) => tasksSchema.parse(JSON.parse(JSON.stringify(tasks)));

describe('export → import round trip', () => {
  it('JSON: into an empty browser every task comes back exactly, with projects, notes, events and profile', () => {
    fc.assert(
      fc.property(exportData, (data) => {
        const result = plan('json', formatJsonExport(data, NOW), NOTHING);
        expect(result.invalidRows).toEqual([]);
        expect(result.newTasks.map(({ task }) => task)).toEqual(asStored(data.tasks));
        const writes = applyImportPlan(result, NOTHING, { replaceNotes: true, replaceProfile: true });
        // General is never stored by an import: only the others are written.
        expect(writes.projects ?? []).toEqual(data.projects.slice(1));
        expect(writes.calendarEvents ?? []).toEqual(data.calendarEvents);
        expect(writes.notes ?? '').toBe(data.notes);
        expect(writes.userProfile ?? null).toEqual(data.userProfile);
      }),
      { numRuns: 60 },
    );
  });

  it('JSON: into the browser it came from, everything is unchanged and nothing would be written', () => {
    fc.assert(
      fc.property(exportData, (data) => {
        const current = { ...data, tasks: asStored(data.tasks), storedProjects: data.projects.slice(1) };
        const result = plan('json', formatJsonExport(current, NOW), current);
        expect(result.newProjects).toEqual([]);
        expect(result.unchangedTasks).toHaveLength(data.tasks.length);
        expect(result.newTasks.length + result.updatedTasks.length + result.invalidRows.length).toBe(0);
        expect(applyImportPlan(result, current, { replaceNotes: true, replaceProfile: true })).toEqual({});
      }),
      { numRuns: 60 },
    );
  });

  it('JSON and CSV: a task held as another device sent it (progress 100 beside 2 of 3 ticked) imports as unchanged', () => {
    // Team mode's list holds what the server sent, as it came: the preview compares it as it reads.
    const held = {
      id: 't1',
      uid: '0b6c2a44-9f0e-4d55-8d7e-2f4b2f8c1a01',
      title: 'Weekly report',
      description: 'Numbers',
      priority: 'Medium',
      deadline: '2026-12-03',
      progress: 100,
      status: 'Completed',
      assignedTo: 'Mo',
      checklistProgress: true,
      ck_aaaaaaaa: { text: 'Gather', done: true, pos: 1 },
      ck_bbbbbbbb: { text: 'Write', done: true, pos: 2 },
      ck_cccccccc: { text: 'Send', done: false, pos: 3 },
    } as Task;
    const current: CurrentData = { ...NOTHING, tasks: [held] };
    for (const [kind, text] of [
      ['json', formatJsonExport(current, NOW)],
      ['csv', formatTasksCsv(current.tasks)],
    ] as const) {
      const result = plan(kind, text, current);
      expect(result.unchangedTasks, kind).toHaveLength(1);
      expect(result.updatedTasks, kind).toEqual([]);
    }
  });

  it('JSON: the tasks in projects come back in them, and imported again change nothing', () => {
    const all = { replaceNotes: true, replaceProfile: true };
    fc.assert(
      fc.property(ownProjects, uniqueTasks, fc.array(fc.nat()), (projects, tasks, picks) => {
        // Each task in one of the projects, or in General (no projectId).
        const placed = tasks.map((task, index) => {
          const project = projects[(picks[index] ?? 0) % (projects.length + 1)];
          return project ? { ...task, projectId: project.id } : task;
        });
        const data = { ...NOTHING, projects: [GENERAL, ...projects], tasks: placed };
        const result = plan('json', formatJsonExport(data, NOW), NOTHING);
        expect(result.newProjects).toEqual(projects);
        expect(result.intoGeneralCount).toBe(0);
        expect(result.newTasks.map(({ task }) => task)).toEqual(asStored(placed));

        const writes = applyImportPlan(result, NOTHING, all);
        const after: CurrentData = {
          ...NOTHING,
          projects: [GENERAL, ...(writes.projects ?? [])],
          storedProjects: writes.projects ?? [],
          tasks: writes.tasks ?? [],
        };
        const again = plan('json', formatJsonExport(after, NOW), after);
        expect(planChangesAnything(again, all)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('CSV: every task comes back exactly (absent and empty fields told apart, formula guard undone)', () => {
    fc.assert(
      fc.property(uniqueTasks, (tasks) => {
        const stored = asStored(tasks);
        const text = formatTasksCsv(stored);
        const fresh = plan('csv', text, NOTHING);
        expect(fresh.invalidRows).toEqual([]);
        expect(fresh.newTasks.map(({ task }) => task)).toEqual(stored);
        const again = plan('csv', text, { ...NOTHING, tasks: stored });
        expect(again.unchangedTasks).toHaveLength(stored.length);
        expect(again.newTasks.length + again.updatedTasks.length).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it('CSV: no cell starts a formula', () => {
    fc.assert(
      fc.property(uniqueTasks, (tasks) => {
        const parsed = parseCsv(formatTasksCsv(asStored(tasks)));
        if (!parsed.ok) throw new Error(parsed.message);
        for (const cell of parsed.records.flat()) expect(/^[=+\-@\t\r]/.test(cell ?? '')).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('an edited export: the changed task is updated in place, a new one appended, the rest unchanged', () => {
    const tasks = asStored([
      {
        id: '1',
        title: 'One',
        description: 'a',
        priority: 'High',
        deadline: '',
        progress: 0,
        assignedTo: 'A',
      },
      {
        id: '2',
        title: 'Two',
        description: 'b',
        priority: 'Low',
        deadline: '',
        progress: 50,
        assignedTo: 'A',
      },
    ]);
    const current = { ...NOTHING, tasks };
    const edited = [
      { ...tasks[0]!, title: 'One, edited' },
      tasks[1]!,
      { ...tasks[1]!, id: '3', title: 'Three' },
    ];
    for (const text of [formatTasksCsv(edited), formatJsonExport({ ...NOTHING, tasks: edited }, NOW)]) {
      const kind = text.startsWith('{') ? 'json' : 'csv';
      const result = plan(kind, text, current);
      expect(result.updatedTasks.map(({ row, task }) => [row, task.title])).toEqual([
        [kind === 'csv' ? 2 : 1, 'One, edited'],
      ]);
      expect(result.newTasks.map(({ task }) => task.id)).toEqual(['3']);
      expect(result.unchangedTasks.map(({ task }) => task.id)).toEqual(['2']);
      const writes = applyImportPlan(result, current, { replaceNotes: false, replaceProfile: false });
      expect(writes.tasks?.map((task) => task.title)).toEqual(['One, edited', 'Two', 'Three']);
    }
  });
});

describe('older export files', () => {
  /** A file exported by the previous version (format version 1), as it wrote it. */
  const VERSION_1_FILE = `{
  "format": "tasklane-export",
  "version": 1,
  "exportedAt": "2026-11-25T10:00:00.000Z",
  "tasks": [
    {
      "id": "1764064800000",
      "title": "Budget review",
      "description": "Q4",
      "priority": "High",
      "deadline": "2026-12-01",
      "progress": 40,
      "assignedTo": "Mira Member",
      "email": "mira@example.com"
    }
  ],
  "notes": "Call the bank",
  "calendarEvents": [],
  "userProfile": null
}
`;

  it('a version 1 file still imports: its tasks, notes and events as they were', () => {
    const result = plan('json', VERSION_1_FILE, NOTHING);
    expect(result.invalidRows).toEqual([]);
    const file = JSON.parse(VERSION_1_FILE) as { tasks: Task[] };
    expect(result.newTasks.map(({ task }) => task)).toEqual(file.tasks);
    const writes = applyImportPlan(result, NOTHING, { replaceNotes: true, replaceProfile: false });
    expect(writes.notes).toBe('Call the bank');
  });

  it('a version 1 file has no projects: it adds none, and a task naming a project not here goes into General', () => {
    const file = JSON.parse(VERSION_1_FILE) as { tasks: Task[] };
    const named = VERSION_1_FILE.replace(
      '"email": "mira@example.com"',
      '"email": "mira@example.com", "projectId": "p-x"',
    );
    const result = plan('json', named, NOTHING);
    expect(result.hasProjects).toBe(false);
    expect(result.newProjects).toEqual([]);
    expect(result.newTasks.map(({ task }) => task)).toEqual(file.tasks);
    expect(result.intoGeneralCount).toBe(1);
  });

  it('this version writes version 4, with projects, and its file of the same tasks reads back unchanged', () => {
    const file = { ...(JSON.parse(VERSION_1_FILE) as Omit<ExportData, 'projects'>), projects: [GENERAL] };
    const text = formatJsonExport(file, NOW);
    expect(JSON.parse(text)).toMatchObject({ format: 'tasklane-export', version: 4, projects: [GENERAL] });
    // No `files` given (team sync, or the browser's could not be read): none written.
    expect(JSON.parse(text)).not.toHaveProperty('files');
    const current = { ...file, tasks: asStored(file.tasks), storedProjects: [] };
    expect(plan('json', text, current).unchangedTasks).toHaveLength(1);
  });

  it('files of versions 2 and 3 still import as they are, with no files', () => {
    const task = (JSON.parse(VERSION_1_FILE) as { tasks: Task[] }).tasks[0]!;
    for (const version of [2, 3]) {
      const text = VERSION_1_FILE.replace('"version": 1', `"version": ${version}`);
      const result = plan('json', text, NOTHING);
      expect(
        result.newTasks.map((planned) => planned.task),
        `version ${version}`,
      ).toEqual([task]);
      const source = readImportText('json', text);
      expect(source.ok && source.value.files).toBeUndefined();
    }
  });

  it('version 4 puts the files last, as given (`[]`: the tasks have none), and reads them back unchecked', () => {
    const entry = {
      id: '0b6c2a44-9f0e-4d55-8d7e-2f4b2f8c1a01',
      task: '1764064800000',
      name: 'a.txt',
      mediaType: 'text/plain',
      addedByName: 'Mira',
      addedAt: '2026-11-25T10:00:00.000Z',
      cover: false,
      size: 1,
      sha256: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb',
      data: 'YQ==',
    };
    const file = { ...(JSON.parse(VERSION_1_FILE) as Omit<ExportData, 'projects'>), projects: [GENERAL] };
    const none = JSON.parse(formatJsonExport({ ...file, files: [] }, NOW)) as Record<string, unknown>;
    expect(none.files).toEqual([]);
    const text = formatJsonExport({ ...file, files: [entry] }, NOW);
    expect(Object.keys(JSON.parse(text) as object).at(-1)).toBe('files');
    const source = readImportText('json', text);
    expect(source.ok && source.value.files).toEqual([entry]);
  });
});
