import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { BOARD_COLUMNS, TASK_PRIORITIES, type Task } from './task-types';
import {
  DUE_FILTERS,
  EMPTY_TASK_FILTER,
  TASK_SEARCH_MAX_LENGTH,
  filterTasks,
  foldSearchText,
  formatMatchCount,
  getSearchWords,
  hasFiles,
  isTaskFilterActive,
  keepSameList,
  matchesDue,
  parseTaskFilter,
  taskKeyQuery,
  writeTaskFilter,
  type TaskFilter,
} from './task-filter';

const TODAY = '2026-03-10';

function makeTask(id: string, fields: Partial<Task> = {}): Task {
  return {
    id,
    title: `Task ${id}`,
    description: '',
    priority: 'Medium',
    deadline: '',
    progress: 0,
    assignedTo: 'Ana',
    ...fields,
  };
}

function params(query: string): URLSearchParams {
  return new URLSearchParams(query);
}

describe('foldSearchText and getSearchWords', () => {
  it('lower-cases and removes accents', () => {
    expect(foldSearchText('Café CRÈME Ñandú')).toBe('cafe creme nandu');
    expect(foldSearchText('Straße')).toBe('straße');
  });

  it('splits a trimmed search into folded words; a blank search has none', () => {
    expect(getSearchWords('  Fix   LOGIN ')).toEqual(['fix', 'login']);
    expect(getSearchWords('')).toEqual([]);
    expect(getSearchWords(' \t\n ')).toEqual([]);
  });
});

describe('filterTasks: search', () => {
  const tasks = [
    makeTask('1', { title: 'Fix the login bug', description: 'Users cannot sign in' }),
    makeTask('2', { title: 'Café menu', description: 'Print the new one' }),
    makeTask('3', { title: 'Write report', description: 'Quarterly numbers for the LOGIN team' }),
  ];
  const ids = (filter: Partial<TaskFilter>) =>
    filterTasks(tasks, { ...EMPTY_TASK_FILTER, ...filter }, TODAY).map((task) => task.id);

  it('matches title and description, ignoring case, accents and surrounding spaces', () => {
    expect(ids({ q: 'login' })).toEqual(['1', '3']);
    expect(ids({ q: '  LOGIN  ' })).toEqual(['1', '3']);
    expect(ids({ q: 'cafe' })).toEqual(['2']);
    expect(ids({ q: 'CAFÉ' })).toEqual(['2']);
    expect(ids({ q: 'sign in' })).toEqual(['1']);
  });

  it('needs every word, in any order, each anywhere in the title or description', () => {
    expect(ids({ q: 'bug fix' })).toEqual(['1']);
    expect(ids({ q: 'report login' })).toEqual(['3']);
    expect(ids({ q: 'report bug' })).toEqual([]);
  });

  it('finds a task changed after a first search (the cache follows the new object)', () => {
    const first = makeTask('9', { title: 'Old name' });
    expect(filterTasks([first], { ...EMPTY_TASK_FILTER, q: 'old' }, TODAY)).toHaveLength(1);
    const renamed = { ...first, title: 'New name' };
    expect(filterTasks([renamed], { ...EMPTY_TASK_FILTER, q: 'old' }, TODAY)).toHaveLength(0);
    expect(filterTasks([renamed], { ...EMPTY_TASK_FILTER, q: 'new' }, TODAY)).toHaveLength(1);
  });
});

describe('filterTasks: priority and column', () => {
  const tasks = [
    makeTask('1', { priority: 'High', progress: 10 }),
    makeTask('2', { priority: 'Low', progress: 60 }),
    makeTask('3', { priority: 'High', progress: 90 }),
    makeTask('4', { priority: 'High', progress: 10, column: 'Completed' }),
  ];
  const ids = (filter: Partial<TaskFilter>) =>
    filterTasks(tasks, { ...EMPTY_TASK_FILTER, ...filter }, TODAY).map((task) => task.id);

  it('keeps one priority', () => {
    expect(ids({ priority: 'High' })).toEqual(['1', '3', '4']);
    expect(ids({ priority: 'Medium' })).toEqual([]);
  });

  it("keeps one board column, a dragged task's column winning over its progress", () => {
    expect(ids({ column: 'To Do' })).toEqual(['1']);
    expect(ids({ column: 'In Progress' })).toEqual(['2']);
    expect(ids({ column: 'Completed' })).toEqual(['3', '4']);
  });

  it('combines every part (AND)', () => {
    expect(ids({ priority: 'High', column: 'Completed' })).toEqual(['3', '4']);
    expect(ids({ priority: 'High', column: 'Completed', q: 'task 4' })).toEqual(['4']);
  });
});

describe('matchesDue', () => {
  const at = (deadline: string, fields: Partial<Task> = {}) => makeTask('x', { deadline, ...fields });

  it('overdue: a day before today, unless the task is in the Completed column', () => {
    expect(matchesDue(at('2026-03-09'), 'overdue', TODAY)).toBe(true);
    expect(matchesDue(at('2025-12-31'), 'overdue', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-10'), 'overdue', TODAY)).toBe(false);
    expect(matchesDue(at('2026-03-09', { progress: 81 }), 'overdue', TODAY)).toBe(false);
    expect(matchesDue(at('2026-03-09', { progress: 100, column: 'To Do' }), 'overdue', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-09', { column: 'Completed' }), 'overdue', TODAY)).toBe(false);
  });

  it('today: the same local day; a full timestamp is read as its local day', () => {
    expect(matchesDue(at('2026-03-10'), 'today', TODAY)).toBe(true);
    expect(matchesDue(at(' 2026-03-10 '), 'today', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-11'), 'today', TODAY)).toBe(false);
    const localNoon = new Date(2026, 2, 10, 12, 0).toISOString();
    expect(matchesDue(at(localNoon), 'today', TODAY)).toBe(true);
  });

  it('week: today through the next 6 days, across a month and a year end', () => {
    expect(matchesDue(at('2026-03-10'), 'week', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-16'), 'week', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-17'), 'week', TODAY)).toBe(false);
    expect(matchesDue(at('2026-03-09'), 'week', TODAY)).toBe(false);
    expect(matchesDue(at('2027-01-03'), 'week', '2026-12-28')).toBe(true);
    expect(matchesDue(at('2027-01-04'), 'week', '2026-12-28')).toBe(false);
  });

  it('none: an empty or unreadable deadline', () => {
    expect(matchesDue(at(''), 'none', TODAY)).toBe(true);
    expect(matchesDue(at('next friday'), 'none', TODAY)).toBe(true);
    expect(matchesDue(at('2026-03-10'), 'none', TODAY)).toBe(false);
    expect(matchesDue(at(''), 'overdue', TODAY)).toBe(false);
    expect(matchesDue(at('next friday'), 'week', TODAY)).toBe(false);
  });

  it('before today is known (server render), only none can match', () => {
    expect(matchesDue(at('2026-03-10'), 'today', null)).toBe(false);
    expect(matchesDue(at('2020-01-01'), 'overdue', null)).toBe(false);
    expect(matchesDue(at(''), 'none', null)).toBe(true);
  });
});

describe('parseTaskFilter and writeTaskFilter', () => {
  it('reads every part, case-insensitively', () => {
    expect(parseTaskFilter(params('q=login&priority=HIGH&due=Week&column=in-progress'))).toEqual({
      q: 'login',
      priority: 'High',
      due: 'week',
      column: 'In Progress',
      label: null,
      hasFiles: false,
    });
    expect(parseTaskFilter(params('column=todo')).column).toBe('To Do');
    expect(parseTaskFilter(params('column=completed&due=none')).column).toBe('Completed');
  });

  it('reads a label id as written, and ignores one that cannot be an id', () => {
    expect(parseTaskFilter(params('label=lAbc_12-x')).label).toBe('lAbc_12-x');
    expect(parseTaskFilter(params('label=%20l1%20')).label).toBe('l1');
    for (const odd of ['', 'a%20b', 'x'.repeat(65), '%3Cscript%3E']) {
      expect(parseTaskFilter(params(`label=${odd}`)).label).toBeNull();
    }
  });

  it('ignores unknown values and blank searches, and cuts a long search', () => {
    expect(parseTaskFilter(params('priority=urgent&due=tomorrow&column=Done&q=%20%20'))).toEqual(
      EMPTY_TASK_FILTER,
    );
    expect(parseTaskFilter(params(''))).toEqual(EMPTY_TASK_FILTER);
    expect(parseTaskFilter(params(`q=${'a'.repeat(500)}`)).q).toHaveLength(TASK_SEARCH_MAX_LENGTH);
  });

  it('writes only the parts that narrow the list and keeps other parameters', () => {
    expect(writeTaskFilter(params(''), EMPTY_TASK_FILTER).toString()).toBe('');
    expect(writeTaskFilter(params('q=old&view=x'), { ...EMPTY_TASK_FILTER, q: '   ' }).toString()).toBe(
      'view=x',
    );
    expect(
      writeTaskFilter(params('view=x'), {
        q: 'a b',
        priority: 'Low',
        due: 'overdue',
        column: 'Completed',
        label: 'l1',
        hasFiles: true,
      }).toString(),
    ).toBe('view=x&q=a+b&priority=low&due=overdue&column=completed&label=l1&has=files');
    expect(writeTaskFilter(params('label=old'), EMPTY_TASK_FILTER).toString()).toBe('');
    expect(writeTaskFilter(params('has=files&view=x'), EMPTY_TASK_FILTER).toString()).toBe('view=x');
  });
});

describe('isTaskFilterActive and formatMatchCount', () => {
  it('a blank search alone is not a filter', () => {
    expect(isTaskFilterActive(EMPTY_TASK_FILTER)).toBe(false);
    expect(isTaskFilterActive({ ...EMPTY_TASK_FILTER, q: '  ' })).toBe(false);
    expect(isTaskFilterActive({ ...EMPTY_TASK_FILTER, q: 'a' })).toBe(true);
    expect(isTaskFilterActive({ ...EMPTY_TASK_FILTER, due: 'none' })).toBe(true);
    expect(isTaskFilterActive({ ...EMPTY_TASK_FILTER, label: 'l1' })).toBe(true);
    expect(isTaskFilterActive({ ...EMPTY_TASK_FILTER, hasFiles: true })).toBe(true);
  });

  it('a label keeps the tasks that carry it, whatever else they carry', () => {
    const tasks = [makeTask('a', { labels: ['l1', 'l2'] }), makeTask('b', { labels: ['l2'] }), makeTask('c')];
    const ids = (label: string) =>
      filterTasks(tasks, { ...EMPTY_TASK_FILTER, label }, null).map((task) => task.id);
    expect(ids('l1')).toEqual(['a']);
    expect(ids('l2')).toEqual(['a', 'b']);
    expect(ids('deleted')).toEqual([]);
  });

  it('counts in words', () => {
    expect(formatMatchCount(12, 340)).toBe('12 of 340 tasks');
    expect(formatMatchCount(0, 1)).toBe('0 of 1 task');
    expect(formatMatchCount(1, 1)).toBe('1 of 1 task');
  });
});

describe('keepSameList', () => {
  it('keeps the previous array only for the same tasks in the same order', () => {
    const [a, b] = [makeTask('a'), makeTask('b')];
    const previous = [a, b];
    expect(keepSameList(previous, [a, b])).toBe(previous);
    const reordered = [b, a];
    expect(keepSameList(previous, reordered)).toBe(reordered);
    const shorter = [a];
    expect(keepSameList(previous, shorter)).toBe(shorter);
    const copy = [a, { ...b }];
    expect(keepSameList(previous, copy)).toBe(copy);
  });
});

describe('properties', () => {
  const dayArb = fc
    .date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
  const wordArb = fc.constantFrom('alpha', 'Beta', 'GAMMA', 'café', 'cafe', 'Ünïcode', 'login', '');
  const textArb = fc.array(wordArb, { maxLength: 4 }).map((words) => words.join(' '));
  const taskArb = fc
    .record({
      title: textArb,
      description: textArb,
      priority: fc.constantFrom(...TASK_PRIORITIES),
      deadline: fc.oneof(dayArb, fc.constant(''), fc.constant('someday')),
      progress: fc.integer({ min: 0, max: 100 }),
      column: fc.option(fc.constantFrom(...BOARD_COLUMNS), { nil: undefined }),
      labels: fc.option(fc.uniqueArray(fc.constantFrom('l1', 'l2', 'l3')), { nil: undefined }),
    })
    .map((fields) => {
      const task = makeTask('x', fields);
      if (fields.column === undefined) delete task.column;
      if (fields.labels === undefined) delete task.labels;
      return task;
    });
  const tasksArb = fc
    .array(taskArb, { maxLength: 30 })
    .map((tasks) => tasks.map((task, index) => ({ ...task, id: String(index) })));
  const filterArb: fc.Arbitrary<TaskFilter> = fc.record({
    q: fc.oneof(textArb, fc.string({ maxLength: 12 })),
    priority: fc.option(fc.constantFrom(...TASK_PRIORITIES), { nil: null }),
    due: fc.option(fc.constantFrom(...DUE_FILTERS), { nil: null }),
    column: fc.option(fc.constantFrom(...BOARD_COLUMNS), { nil: null }),
    label: fc.option(fc.constantFrom('l1', 'l2', 'l9'), { nil: null }),
    hasFiles: fc.boolean(),
  });
  /** Files by the task's place in the list: none, one or two. */
  const countOf = (task: Task) => Number(task.id) % 3;

  it('keeps a subsequence of the tasks, in stored order, and every kept task matches', () => {
    fc.assert(
      fc.property(tasksArb, filterArb, dayArb, (tasks, filter, today) => {
        const kept = filterTasks(tasks, filter, today, undefined, countOf);
        let from = 0;
        for (const task of kept) {
          const at = tasks.indexOf(task, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + 1;
          expect(filterTasks([task], filter, today, undefined, countOf)).toEqual([task]);
        }
        // Nothing dropped that matches.
        for (const task of tasks) {
          if (!kept.includes(task))
            expect(filterTasks([task], filter, today, undefined, countOf)).toEqual([]);
        }
      }),
    );
  });

  it('reset is the identity: no filter returns the very same list', () => {
    fc.assert(
      fc.property(tasksArb, fc.option(dayArb, { nil: null }), (tasks, today) => {
        expect(filterTasks(tasks, EMPTY_TASK_FILTER, today)).toBe(tasks);
      }),
    );
  });

  it('each added part only narrows the list (AND)', () => {
    fc.assert(
      fc.property(tasksArb, filterArb, dayArb, (tasks, filter, today) => {
        const all = filterTasks(tasks, filter, today, undefined, countOf);
        for (const part of ['q', 'priority', 'due', 'column', 'label', 'hasFiles'] as const) {
          const looser = filterTasks(
            tasks,
            { ...filter, [part]: EMPTY_TASK_FILTER[part] },
            today,
            undefined,
            countOf,
          );
          for (const task of all) expect(looser).toContain(task);
        }
      }),
    );
  });

  it('search ignores case and accents: a folded search finds the same tasks', () => {
    fc.assert(
      fc.property(tasksArb, textArb, dayArb, (tasks, q, today) => {
        const plain = filterTasks(tasks, { ...EMPTY_TASK_FILTER, q }, today);
        const folded = filterTasks(
          tasks,
          { ...EMPTY_TASK_FILTER, q: foldSearchText(q).toUpperCase() },
          today,
        );
        expect(folded.map((task) => task.id)).toEqual(plain.map((task) => task.id));
      }),
    );
  });

  it('URL parameters round-trip: parse(write(filter)) is the filter, blank search read as none', () => {
    fc.assert(
      fc.property(filterArb, fc.string({ maxLength: 8 }), (filter, other) => {
        const written = writeTaskFilter(params(other ? `view=${encodeURIComponent(other)}` : ''), filter);
        const read = parseTaskFilter(written);
        const q = filter.q.trim() === '' ? '' : filter.q.slice(0, TASK_SEARCH_MAX_LENGTH);
        expect(read).toEqual({ ...filter, q });
        // Writing what was read gives the same URL again.
        expect(writeTaskFilter(written, read).toString()).toBe(written.toString());
        if (other) expect(written.get('view')).toBe(other);
      }),
    );
  });
});

describe('filterTasks: task keys', () => {
  const tasks = [
    makeTask('1', { title: 'Renew the certificate', projectId: 'p-ops', number: 12 }),
    makeTask('2', { title: 'Mentions OPS-12 in its title' }),
    makeTask('3', { title: 'Another', projectId: 'p-ops', number: 120 }),
  ];
  const keyOf = (task: Task) => (task.number === undefined ? null : `OPS-${task.number}`);

  it('reads a search that is a key, any case, and nothing else as one', () => {
    expect(taskKeyQuery(' ops-12 ')).toBe('OPS-12');
    for (const q of ['OPS', 'OPS-', 'OPS-0', 'O-1', 'OPS 12', 'OPS-12 x'])
      expect(taskKeyQuery(q), q).toBeNull();
  });

  it('finds the task with that key, and the tasks whose words match as before', () => {
    const found = filterTasks(tasks, { ...EMPTY_TASK_FILTER, q: 'ops-12' }, null, keyOf);
    expect(found.map((task) => task.id)).toEqual(['1', '2']);
    // Without keys (the default mode), only words match.
    expect(filterTasks(tasks, { ...EMPTY_TASK_FILTER, q: 'OPS-12' }, null).map((task) => task.id)).toEqual([
      '2',
    ]);
  });
});

describe('filterTasks: Has files', () => {
  const tasks = [makeTask('1'), makeTask('2'), makeTask('3', { priority: 'High' })];
  const files: Record<string, number> = { '2': 3, '3': 1 };
  const fileCountOf = (task: Task) => files[task.id] ?? 0;
  const ids = (filter: Partial<TaskFilter>, countOf: ((task: Task) => number) | undefined = fileCountOf) =>
    filterTasks(tasks, { ...EMPTY_TASK_FILTER, ...filter }, null, undefined, countOf).map((task) => task.id);

  it('hasFiles: a task holds a file when its count is above 0; without a count function, none does', () => {
    expect(hasFiles(tasks[0]!, fileCountOf)).toBe(false);
    expect(hasFiles(tasks[1]!, fileCountOf)).toBe(true);
    expect(hasFiles(tasks[2]!, fileCountOf)).toBe(true);
    expect(hasFiles(tasks[1]!, undefined)).toBe(false);
  });

  it('keeps the tasks holding a file, in stored order, and combines with the other parts', () => {
    expect(ids({ hasFiles: true })).toEqual(['2', '3']);
    expect(ids({ hasFiles: true, priority: 'High' })).toEqual(['3']);
    expect(ids({ hasFiles: true, q: 'task 1' })).toEqual([]);
    // Unchecked is "any": every task, whatever its files.
    expect(ids({ hasFiles: false })).toEqual(['1', '2', '3']);
  });

  it('keeps none without files where the finder runs (no count function, or every count 0)', () => {
    expect(filterTasks(tasks, { ...EMPTY_TASK_FILTER, hasFiles: true }, null)).toEqual([]);
    expect(ids({ hasFiles: true }, () => 0)).toEqual([]);
  });

  it('reads `has=files` from the address, any case, and nothing else as it', () => {
    expect(parseTaskFilter(params('has=files')).hasFiles).toBe(true);
    expect(parseTaskFilter(params('has=%20Files%20')).hasFiles).toBe(true);
    for (const odd of ['', 'file', 'yes', '1', 'labels']) {
      expect(parseTaskFilter(params(`has=${odd}`)).hasFiles, odd).toBe(false);
    }
    expect(parseTaskFilter(params('')).hasFiles).toBe(false);
    expect(writeTaskFilter(params('q=x'), { ...EMPTY_TASK_FILTER, q: 'x', hasFiles: true }).toString()).toBe(
      'q=x&has=files',
    );
  });
});
