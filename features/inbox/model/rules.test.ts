import { describe, expect, it } from 'vitest';
import {
  commentInboxEvents,
  inboxSentence,
  pushInboxEvents,
  replacedFieldNames,
  replacedInboxEvents,
  type TaskPeople,
} from './rules';

const task = (extra: Partial<TaskPeople> = {}): TaskPeople => ({
  ownerId: 'owner',
  assigneeId: 'owner',
  done: false,
  deleted: false,
  ...extra,
});

describe('inboxSentence', () => {
  it('says who did what to which task, in the exact words', () => {
    expect(inboxSentence('mentioned', 'Ana', 'Report')).toBe('Ana mentioned you on "Report"');
    expect(inboxSentence('commented', 'Ana', 'Report')).toBe('Ana commented on "Report"');
    expect(inboxSentence('assigned', 'Ana', 'Report')).toBe('Ana assigned "Report" to you');
    expect(inboxSentence('completed', 'Ana', 'Report')).toBe('Ana completed "Report"');
    expect(inboxSentence('completed', '', 'Report')).toBe('Former member completed "Report"');
  });

  it('says whose change replaced which of your values (issue 33)', () => {
    expect(inboxSentence('replaced', 'Bob Builder', 'Report', ['description'])).toBe(
      `Bob Builder's change replaced your description of "Report"`,
    );
    expect(inboxSentence('replaced', 'Bob', 'Report', ['title', 'deadline'])).toBe(
      `Bob's change replaced your title and deadline of "Report"`,
    );
    expect(inboxSentence('replaced', 'Bob', 'Report', ['title', 'progress', 'checklist'])).toBe(
      `Bob's change replaced your title, progress and checklist of "Report"`,
    );
    expect(inboxSentence('replaced', '', 'Report', [])).toBe(
      `Former member's change replaced your values of "Report"`,
    );
  });
});

describe('replacedFieldNames', () => {
  it('names each field once, in words: checklist items as the checklist, both assignee fields as assignee', () => {
    expect(
      replacedFieldNames([
        'description',
        'ck_a1',
        'ck_b2',
        'assignedTo',
        'assigneeId',
        'column',
        'dueSoonAt',
      ]),
    ).toEqual(['description', 'checklist', 'assignee', 'board column', 'due soon at']);
  });
});

describe('replacedInboxEvents', () => {
  it('tells the person whose values another person replaced, once per task and replacer, naming every field', () => {
    expect(
      replacedInboxEvents([
        { uid: 't1', field: 'description', loserId: 'alice', winnerId: 'bob' },
        { uid: 't1', field: 'ck_a1', loserId: 'alice', winnerId: 'bob' },
        { uid: 't1', field: 'ck_b2', loserId: 'alice', winnerId: 'bob' },
        { uid: 't2', field: 'title', loserId: 'alice', winnerId: 'bob' },
        { uid: 't1', field: 'title', loserId: 'alice', winnerId: 'carol' },
      ]),
    ).toEqual([
      {
        userId: 'alice',
        kind: 'replaced',
        taskUid: 't1',
        actorId: 'bob',
        fields: ['description', 'checklist'],
      },
      { userId: 'alice', kind: 'replaced', taskUid: 't2', actorId: 'bob', fields: ['title'] },
      { userId: 'alice', kind: 'replaced', taskUid: 't1', actorId: 'carol', fields: ['title'] },
    ]);
  });

  it('tells nobody of their own values (one person on two devices), nor when a writer is unknown', () => {
    expect(
      replacedInboxEvents([
        { uid: 't1', field: 'title', loserId: 'alice', winnerId: 'alice' },
        { uid: 't1', field: 'title', loserId: null, winnerId: 'bob' },
        { uid: 't1', field: 'title', loserId: 'alice', winnerId: null },
      ]),
    ).toEqual([]);
  });
});

describe('pushInboxEvents', () => {
  it('tells a new assignee, on creation and on reassignment, never the pusher', () => {
    const created = pushInboxEvents('owner', new Map(), new Map([['t1', task({ assigneeId: 'sam' })]]));
    expect(created).toEqual([{ userId: 'sam', kind: 'assigned', taskUid: 't1' }]);
    const reassigned = pushInboxEvents(
      'admin',
      new Map([['t1', task({ assigneeId: 'sam' })]]),
      new Map([['t1', task({ assigneeId: 'kim' })]]),
    );
    expect(reassigned).toEqual([{ userId: 'kim', kind: 'assigned', taskUid: 't1' }]);
    expect(pushInboxEvents('owner', new Map(), new Map([['t1', task()]]))).toEqual([]);
    // The same assignee again, or assigning oneself: nothing.
    expect(
      pushInboxEvents('sam', new Map([['t1', task()]]), new Map([['t1', task({ assigneeId: 'sam' })]])),
    ).toEqual([]);
    expect(
      pushInboxEvents(
        'owner',
        new Map([['t1', task({ assigneeId: 'sam' })]]),
        new Map([['t1', task({ assigneeId: 'sam', done: true })]]),
      ),
    ).toEqual([{ userId: 'sam', kind: 'completed', taskUid: 't1' }]);
  });

  it('tells owner and assignee of a completion by someone else, once each, not for a task created done', () => {
    const completed = pushInboxEvents(
      'admin',
      new Map([['t1', task({ assigneeId: 'sam' })]]),
      new Map([['t1', task({ assigneeId: 'sam', done: true })]]),
    );
    expect(completed).toEqual([
      { userId: 'owner', kind: 'completed', taskUid: 't1' },
      { userId: 'sam', kind: 'completed', taskUid: 't1' },
    ]);
    expect(
      pushInboxEvents('admin', new Map([['t1', task()]]), new Map([['t1', task({ done: true })]])),
    ).toEqual([{ userId: 'owner', kind: 'completed', taskUid: 't1' }]);
    expect(
      pushInboxEvents(
        'sam',
        new Map(),
        new Map([['t1', task({ ownerId: 'sam', assigneeId: 'sam', done: true })]]),
      ),
    ).toEqual([]);
    // Already done, or deleted: nothing.
    expect(
      pushInboxEvents(
        'admin',
        new Map([['t1', task({ done: true })]]),
        new Map([['t1', task({ done: true })]]),
      ),
    ).toEqual([]);
    expect(
      pushInboxEvents(
        'admin',
        new Map([['t1', task()]]),
        new Map([['t1', task({ done: true, deleted: true, assigneeId: 'kim' })]]),
      ),
    ).toEqual([]);
  });
});

describe('commentInboxEvents', () => {
  const shared = { uid: 't1', ownerId: 'owner', assigneeId: 'sam' };

  it('tells the people mentioned, then owner and assignee who were not, never the author', () => {
    expect(commentInboxEvents('sam', shared, 'c1', ['kim', 'sam'])).toEqual([
      { userId: 'kim', kind: 'mentioned', taskUid: 't1', commentId: 'c1' },
      { userId: 'owner', kind: 'commented', taskUid: 't1', commentId: 'c1' },
    ]);
    expect(commentInboxEvents('kim', shared, 'c1', ['owner'])).toEqual([
      { userId: 'owner', kind: 'mentioned', taskUid: 't1', commentId: 'c1' },
      { userId: 'sam', kind: 'commented', taskUid: 't1', commentId: 'c1' },
    ]);
    expect(commentInboxEvents('owner', { ...shared, assigneeId: 'owner' }, 'c1', [])).toEqual([]);
  });

  it('an edit tells only the people it newly mentions', () => {
    expect(commentInboxEvents('sam', shared, 'c1', ['kim'], { edit: true })).toEqual([
      { userId: 'kim', kind: 'mentioned', taskUid: 't1', commentId: 'c1' },
    ]);
  });
});
