import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/api';
import { expectMethodNotAllowed, expectSyncDisabled } from '@/tests/helpers/expectations';
import { createAdminWithToken, createUserWithToken } from '@/tests/helpers/factories';
import { applyTestEnv } from '@/tests/setup/integration';
import { DELETE as restoreProject, POST as archiveProject } from '../archive/route';
import { PATCH as patchProject } from '../route';
import { DELETE, GET, PATCH, POST, PUT } from './route';
import {
  DEFAULT_COLUMNS,
  MANAGERS_ONLY,
  NOT_FOUND,
  createProjectAs,
  projectTeam,
  seen,
  setRole,
  type ColumnBody,
  type ProjectBody,
} from '@/tests/helpers/projects';

/**
 * PUT /api/projects/{id}/columns (docs/decisions/0049-projects.md): a project's managers (and
 * admins) save its board's columns, in order. A column sent with an id the project has keeps it (its
 * tasks stay in it); any other gets a new one. Anyone else with a role is refused, whoever has none
 * is told the project does not exist, and an archived project's columns stay as they are.
 */

type Body = { project?: ProjectBody; message?: string; code?: string };
type SentColumn = { id?: string; name: string; kind: string; wipLimit?: number | null };

/** A column id the server made: `col-` and 8 hex digits. */
const NEW_ID = /^col-[0-9a-z]{8}$/;
const ARCHIVED = { message: 'This project is archived: restore it to change it.', code: 'CONFLICT' };
const KIND = 'A column’s kind is one of todo, doing or done.';

function save(token: string | undefined, id: string, body: unknown) {
  return call<Body>(PUT, `/api/projects/${id}/columns`, { token, method: 'PUT', body, params: { id } });
}

/** Saves `columns` as `token`'s caller (200 expected); the columns answered. */
async function saved(token: string, id: string, columns: SentColumn[]): Promise<ColumnBody[]> {
  const res = await save(token, id, { columns });
  expect(res.status, res.text).toBe(200);
  expect(res.body.message).toBe('Columns saved.');
  return res.body.project!.columns;
}

/** The columns of project `id` as `token`'s caller sees them in GET /api/projects. */
async function columnsSeen(token: string, id: string): Promise<ColumnBody[] | undefined> {
  return (await seen(token, id))?.columns;
}

const withoutIds = (columns: ColumnBody[]) =>
  columns.map(({ name, kind, wipLimit }) => ({ name, kind, wipLimit }));

/** A board of the spec's three with new names and a WIP limit, keeping their ids. */
const RENAMED: SentColumn[] = [
  { id: 'todo', name: 'Backlog', kind: 'todo', wipLimit: null },
  { id: 'doing', name: 'Building', kind: 'doing', wipLimit: 3 },
  { id: 'done', name: 'Shipped', kind: 'done', wipLimit: null },
];

beforeEach(async () => {
  await applyTestEnv({ TEAM_SYNC: 'on' });
});

describe('PUT /api/projects/{id}/columns: who may call it', () => {
  it('answers 404 SYNC_DISABLED with TEAM_SYNC=off, whatever the token', async () => {
    await expectSyncDisabled(async () => {
      const { token } = await createAdminWithToken();
      return [
        await save(undefined, 'general', { columns: RENAMED }),
        await save(token, 'general', { columns: RENAMED }),
      ];
    });
  });

  it('answers 401 without a valid token, 405 for other methods', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await save(token, 'general', { columns: RENAMED });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const { token } = await createAdminWithToken();
    await expectMethodNotAllowed({ GET, POST, PATCH, DELETE }, '/api/projects/general/columns', 'PUT', {
      token,
      params: { id: 'general' },
      body: { columns: RENAMED },
    });
    expect(await columnsSeen(token, 'general')).toEqual(DEFAULT_COLUMNS);
  });

  it('answers the same 404 to someone with no role and for an id that names no project', async () => {
    const { olive, sam, ops } = await projectTeam();
    const hidden = await save(sam.token, ops.id, { columns: RENAMED });
    const missing = await save(sam.token, 'no-such-project', { columns: RENAMED });
    const missingForManager = await save(olive.token, 'no-such-project', { columns: RENAMED });
    for (const res of [hidden, missing, missingForManager]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(hidden.text).toBe(missing.text);
    // Nor does a board the service would refuse tell them more.
    const hiddenEmpty = await save(sam.token, ops.id, { columns: [] });
    expect(hiddenEmpty.status).toBe(404);
    expect(hiddenEmpty.body).toEqual(NOT_FOUND);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(DEFAULT_COLUMNS);
  });

  it('answers 403 to a member, a commenter and an assigned-only person, changing nothing', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    const ann = await createUserWithToken({ fullName: 'Ann Assigned' });
    await setRole(olive.token, ops.id, ann.user.id, 'assigned');
    for (const person of [max, cal, ann]) {
      const res = await save(person.token, ops.id, { columns: RENAMED });
      expect(res.status, person.user.fullName).toBe(403);
      expect(res.body, person.user.fullName).toEqual(MANAGERS_ONLY);
    }
    // Everyone in the team is assigned only in General: none of them may change its board either.
    const general = await save(max.token, 'general', { columns: RENAMED });
    expect(general.status).toBe(403);
    expect(general.body).toEqual(MANAGERS_ONLY);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(DEFAULT_COLUMNS);
    expect(await columnsSeen(max.token, 'general')).toEqual(DEFAULT_COLUMNS);
  });

  it('lets a manager save, and answers with the whole project', async () => {
    const { olive, ops } = await projectTeam();
    const res = await save(olive.token, ops.id, { columns: RENAMED });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ project: { ...ops, columns: RENAMED }, message: 'Columns saved.' });
    expect(await seen(olive.token, ops.id)).toEqual({ ...ops, columns: RENAMED });
  });

  it('lets an admin save any project’s columns, General included, and answers them as its manager', async () => {
    const { olive, max, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const res = await save(admin.token, ops.id, { columns: RENAMED });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ id: ops.id, role: 'manager', columns: RENAMED });
    expect(await columnsSeen(olive.token, ops.id)).toEqual(RENAMED);

    const general = await save(admin.token, 'general', { columns: RENAMED });
    expect(general.status).toBe(200);
    expect(general.body.project).toMatchObject({ id: 'general', key: 'GEN', columns: RENAMED });
    expect(await columnsSeen(max.token, 'general')).toEqual(RENAMED);
  });
});

describe('PUT /api/projects/{id}/columns', () => {
  it('keeps the ids sent, gives new columns new ids, keeps the order, and everyone sees the board', async () => {
    const { olive, max, cal, ops } = await projectTeam();
    const columns = await saved(olive.token, ops.id, [
      { name: 'Ideas', kind: 'todo', wipLimit: null },
      { id: 'todo', name: 'Ready', kind: 'todo', wipLimit: 10 },
      { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: 3 },
      { name: 'Review', kind: 'doing', wipLimit: 2 },
      { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
      { name: 'Released', kind: 'done', wipLimit: null },
    ]);
    expect(columns).toEqual([
      { id: expect.stringMatching(NEW_ID), name: 'Ideas', kind: 'todo', wipLimit: null },
      { id: 'todo', name: 'Ready', kind: 'todo', wipLimit: 10 },
      { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: 3 },
      { id: expect.stringMatching(NEW_ID), name: 'Review', kind: 'doing', wipLimit: 2 },
      { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
      { id: expect.stringMatching(NEW_ID), name: 'Released', kind: 'done', wipLimit: null },
    ]);
    expect(new Set(columns.map((column) => column.id)).size).toBe(6);
    // GET /api/projects shows the saved board to every role.
    for (const person of [olive, max, cal]) {
      expect(await columnsSeen(person.token, ops.id), person.user.fullName).toEqual(columns);
    }
    // Another project's board, and General's, are their own.
    expect(await columnsSeen(olive.token, 'general')).toEqual(DEFAULT_COLUMNS);

    // Reordered and renamed, the columns keep their ids; a column left out is gone.
    const [ideas, ready, , review, done, released] = columns as [
      ColumnBody,
      ColumnBody,
      ColumnBody,
      ColumnBody,
      ColumnBody,
      ColumnBody,
    ];
    const next: ColumnBody[] = [
      { ...review, name: 'Checking' },
      { ...ready, name: 'Up next' },
      released,
      { ...ideas, kind: 'doing' },
      done,
    ];
    expect(await saved(olive.token, ops.id, next)).toEqual(next);
    expect(await columnsSeen(max.token, ops.id)).toEqual(next);
  });

  it('trims names, and keeps WIP limits from 1 to 999 or none (left out: none)', async () => {
    const { olive, ops } = await projectTeam();
    const columns = await saved(olive.token, ops.id, [
      { id: 'todo', name: '  To Do  ', kind: 'todo', wipLimit: 999 },
      { id: 'doing', name: 'Doing', kind: 'doing', wipLimit: 1 },
      { id: 'done', name: 'Done', kind: 'done' },
    ]);
    const expected = [
      { id: 'todo', name: 'To Do', kind: 'todo', wipLimit: 999 },
      { id: 'doing', name: 'Doing', kind: 'doing', wipLimit: 1 },
      { id: 'done', name: 'Done', kind: 'done', wipLimit: null },
    ];
    expect(columns).toEqual(expected);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(expected);
    // A limit taken off, and one changed.
    const changed = [{ ...expected[0]!, wipLimit: null }, { ...expected[1]!, wipLimit: 42 }, expected[2]!];
    expect(await saved(olive.token, ops.id, changed)).toEqual(changed);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(changed);
  });

  it('accepts names of 30 characters as people count them, emoji included', async () => {
    const { olive, ops } = await projectTeam();
    const long = 'x'.repeat(30);
    const emoji = '🚀'.repeat(30);
    const columns = await saved(olive.token, ops.id, [
      { name: long, kind: 'todo', wipLimit: null },
      { name: emoji, kind: 'done', wipLimit: null },
    ]);
    expect(columns.map((column) => column.name)).toEqual([long, emoji]);
    // One column, a done one, is a board.
    expect(
      withoutIds(await saved(olive.token, ops.id, [{ name: 'All', kind: 'done', wipLimit: null }])),
    ).toEqual([{ name: 'All', kind: 'done', wipLimit: null }]);
  });

  it('gives a new id to the second column sent with the same id, and to an id the project does not have', async () => {
    const { olive, ops } = await projectTeam();
    const twice = await saved(olive.token, ops.id, [
      { id: 'todo', name: 'First', kind: 'todo', wipLimit: null },
      { id: 'todo', name: 'Second', kind: 'todo', wipLimit: null },
      { id: 'done', name: 'Done', kind: 'done', wipLimit: null },
      { id: 'done', name: 'Also done', kind: 'done', wipLimit: null },
    ]);
    expect(twice).toEqual([
      { id: 'todo', name: 'First', kind: 'todo', wipLimit: null },
      { id: expect.stringMatching(NEW_ID), name: 'Second', kind: 'todo', wipLimit: null },
      { id: 'done', name: 'Done', kind: 'done', wipLimit: null },
      { id: expect.stringMatching(NEW_ID), name: 'Also done', kind: 'done', wipLimit: null },
    ]);
    expect(new Set(twice.map((column) => column.id)).size).toBe(4);

    // Unknown ids: made up, one the project had until the last save ('doing'), another project's.
    const other = await createProjectAs(olive.token, { key: 'SUP' });
    const [otherFirst] = await saved(olive.token, other.id, [
      { name: 'Queue', kind: 'done', wipLimit: null },
    ]);
    expect(otherFirst!.id).toMatch(NEW_ID);
    const unknown = await saved(olive.token, ops.id, [
      { id: 'made-up-42', name: 'Made up', kind: 'todo', wipLimit: null },
      { id: 'doing', name: 'Doing', kind: 'doing', wipLimit: null },
      { id: otherFirst!.id, name: 'Borrowed', kind: 'doing', wipLimit: null },
      { id: twice[3]!.id, name: 'Kept', kind: 'done', wipLimit: null },
    ]);
    expect(unknown).toEqual([
      { id: expect.stringMatching(NEW_ID), name: 'Made up', kind: 'todo', wipLimit: null },
      { id: expect.stringMatching(NEW_ID), name: 'Doing', kind: 'doing', wipLimit: null },
      { id: expect.stringMatching(NEW_ID), name: 'Borrowed', kind: 'doing', wipLimit: null },
      { id: twice[3]!.id, name: 'Kept', kind: 'done', wipLimit: null },
    ]);
    expect(unknown[2]!.id).not.toBe(otherFirst!.id);
    expect(new Set(unknown.map((column) => column.id)).size).toBe(4);
    // The other project's board is untouched.
    expect(await columnsSeen(olive.token, other.id)).toEqual([otherFirst]);
  });

  it('leaves the same board when a request is sent twice', async () => {
    const { olive, ops } = await projectTeam();
    const request: SentColumn[] = [
      { name: 'Inbox', kind: 'todo', wipLimit: null },
      { id: 'doing', name: 'Working', kind: 'doing', wipLimit: 5 },
      { name: 'Finished', kind: 'done', wipLimit: null },
    ];
    const first = await saved(olive.token, ops.id, request);
    const second = await saved(olive.token, ops.id, request);
    // The same columns; those sent without an id are new each time, the kept one stays.
    expect(withoutIds(second)).toEqual(withoutIds(first));
    expect(second.map((column) => column.id)[1]).toBe('doing');
    expect(second[0]!.id).toMatch(NEW_ID);
    expect(second[0]!.id).not.toBe(first[0]!.id);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(second);

    // Sent with the ids the first answered, a repeat changes nothing at all.
    const again = await saved(olive.token, ops.id, second);
    expect(again).toEqual(second);
    expect(await saved(olive.token, ops.id, second)).toEqual(second);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(second);
  });

  it('keeps the columns when the project’s other settings change', async () => {
    const { olive, ops } = await projectTeam();
    const columns = await saved(olive.token, ops.id, RENAMED);
    const patched = await call<Body>(patchProject, `/api/projects/${ops.id}`, {
      token: olive.token,
      method: 'PATCH',
      body: { name: 'Ops and Infra', color: 'red' },
      params: { id: ops.id },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.project).toEqual({ ...ops, name: 'Ops and Infra', color: 'red', columns });
    expect(await columnsSeen(olive.token, ops.id)).toEqual(columns);
  });

  it('answers 400 to a board that cannot be saved, changing nothing', async () => {
    const { olive, ops } = await projectTeam();
    await saved(olive.token, ops.id, RENAMED);
    const todo = { name: 'To Do', kind: 'todo', wipLimit: null };
    const done = { name: 'Done', kind: 'done', wipLimit: null };
    const numbered = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `Column ${index + 1}`,
        kind: 'done',
        wipLimit: null,
      }));
    const cases: [unknown, string][] = [
      // The list.
      [{ columns: [] }, 'A board has 1 to 12 columns.'],
      [{ columns: numbered(13) }, 'A board has 1 to 12 columns.'],
      [{ columns: 'To Do, Done' }, 'Send the columns as a list.'],
      [{ columns: { 0: done } }, 'Send the columns as a list.'],
      [{ columns: null }, 'Send the columns as a list.'],
      [{}, 'Send the columns as a list.'],
      // Names.
      [{ columns: [{ ...todo, name: 'x'.repeat(31) }, done] }, 'A column name is 1 to 30 characters.'],
      [
        { columns: [todo, { ...done, name: '🚀'.repeat(15) + 'x'.repeat(16) }] },
        'A column name is 1 to 30 characters.',
      ],
      [{ columns: [{ ...todo, name: '🚀'.repeat(31) }, done] }, 'A column name is 1 to 30 characters.'],
      [{ columns: [{ ...todo, name: '' }, done] }, 'Column name is required.'],
      [{ columns: [{ ...todo, name: '   ' }, done] }, 'Column name is required.'],
      [
        {
          columns: [
            { ...todo, name: 'Review' },
            { ...done, name: 'Review' },
          ],
        },
        'Two columns are named "Review".',
      ],
      [
        {
          columns: [
            { ...todo, name: 'Review' },
            { ...done, name: '  REVIEW ' },
          ],
        },
        'Two columns are named "REVIEW".',
      ],
      // One name in two spellings (an accent composed, and typed as a combining mark).
      [
        {
          columns: [
            { ...todo, name: 'Cafe\u0301' },
            { ...done, name: 'Café' },
          ],
        },
        'Two columns are named "Café".',
      ],
      [{ columns: [{ ...todo, name: 'To\nDo' }, done] }, 'Column name must not contain control characters.'],
      // Kinds.
      [{ columns: [{ name: 'To Do', wipLimit: null }, done] }, KIND],
      [{ columns: [{ ...todo, kind: 'blocked' }, done] }, KIND],
      [{ columns: [{ ...todo, kind: 'Done' }, done] }, KIND],
      [{ columns: [todo, { ...todo, name: 'Doing', kind: 'doing' }] }, 'A board needs a Done column.'],
      // WIP limits.
      [{ columns: [{ ...todo, wipLimit: 0 }, done] }, 'A WIP limit is a whole number from 1 to 999.'],
      [{ columns: [{ ...todo, wipLimit: -1 }, done] }, 'A WIP limit is a whole number from 1 to 999.'],
      [{ columns: [{ ...todo, wipLimit: 1000 }, done] }, 'A WIP limit is a whole number from 1 to 999.'],
      [{ columns: [{ ...todo, wipLimit: 2.5 }, done] }, 'A WIP limit is a whole number from 1 to 999.'],
      [{ columns: [{ ...todo, wipLimit: '3' }, done] }, 'A WIP limit is a whole number from 1 to 999.'],
      // Ids.
      [{ columns: [{ ...todo, id: 'to do' }, done] }, 'A column id is letters, digits and hyphens.'],
      // One length message, the browser's, up to the schema's outer bound of 200.
      [{ columns: [{ ...todo, name: 'x'.repeat(61) }, done] }, 'A column name is 1 to 30 characters.'],
      [{ columns: [{ ...todo, name: 'x'.repeat(200) }, done] }, 'A column name is 1 to 30 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await save(olive.token, ops.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    // Refused too, in the schema's own words: a name past the schema's outer bound, a column that is
    // not an object, an id that is not text.
    for (const body of [
      { columns: [{ ...todo, name: 'x'.repeat(201) }, done] },
      { columns: ['To Do', done] },
      { columns: [null, done] },
      { columns: [{ ...todo, id: 7 }, done] },
    ]) {
      const res = await save(olive.token, ops.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
    }
    for (const rawBody of ['', '[]', '{"columns": [']) {
      const res = await call<Body>(PUT, `/api/projects/${ops.id}/columns`, {
        token: olive.token,
        method: 'PUT',
        rawBody,
        params: { id: ops.id },
      });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.code, rawBody).toBe('INVALID_JSON');
    }
    expect(await columnsSeen(olive.token, ops.id)).toEqual(RENAMED);
  });

  it('answers 409 for an archived project, even to its manager or an admin, until it is restored', async () => {
    const { olive, max, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const columns = await saved(olive.token, ops.id, RENAMED);
    const archived = await call(archiveProject, `/api/projects/${ops.id}/archive`, {
      token: olive.token,
      method: 'POST',
      params: { id: ops.id },
    });
    expect(archived.status).toBe(200);
    for (const person of [olive, admin]) {
      const res = await save(person.token, ops.id, { columns: DEFAULT_COLUMNS });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(ARCHIVED);
    }
    // A member is still told they may not, not that it is archived.
    const byMember = await save(max.token, ops.id, { columns: DEFAULT_COLUMNS });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual(MANAGERS_ONLY);
    expect(await seen(olive.token, ops.id)).toEqual({ ...ops, archived: true, columns });

    // Restored, the board is as it was, and may change again.
    const restored = await call(restoreProject, `/api/projects/${ops.id}/archive`, {
      token: olive.token,
      method: 'DELETE',
      params: { id: ops.id },
    });
    expect(restored.status).toBe(200);
    expect(await columnsSeen(olive.token, ops.id)).toEqual(columns);
    expect(await saved(olive.token, ops.id, DEFAULT_COLUMNS)).toEqual(DEFAULT_COLUMNS);
  });

  it('keeps one whole board when two managers save at once', async () => {
    const { olive, ops } = await projectTeam();
    const admin = await createAdminWithToken();
    const [a, b] = await Promise.all([
      save(olive.token, ops.id, { columns: RENAMED }),
      save(admin.token, ops.id, {
        columns: [
          { name: 'Later', kind: 'todo', wipLimit: null },
          { id: 'done', name: 'Done', kind: 'done', wipLimit: 7 },
        ],
      }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = await columnsSeen(olive.token, ops.id);
    expect([a.body.project!.columns, b.body.project!.columns]).toContainEqual(final);
  });
});
