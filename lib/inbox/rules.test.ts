import { describe, expect, it } from 'vitest';
import { commentInboxEvents, inboxSentence, pushInboxEvents, type TaskPeople } from './rules';

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
