import { describe, expect, it } from 'vitest';
import { INBOX_NOTIFICATION_BODY, planInboxNotifications } from './desktop';
import type { InboxItem } from './protocol';

function item(id: string, createdAt: string, extra: Partial<InboxItem> = {}): InboxItem {
  return {
    id,
    kind: 'mentioned',
    task: `task-${id}`,
    title: `Title ${id}`,
    actorId: 'u-ana',
    actorName: 'Ana',
    createdAt,
    read: false,
    ...extra,
  };
}

const T1 = '2026-11-27T10:00:00.000Z';
const T2 = '2026-11-27T10:01:00.000Z';
const T3 = '2026-11-27T10:02:00.000Z';

describe('planInboxNotifications', () => {
  it('notifies nothing on the first look, and remembers the newest entry', () => {
    const plan = planInboxNotifications([item('b', T2), item('a', T1)], 'me', null, 3);
    expect(plan.notifications).toEqual([]);
    expect(plan.record).toEqual({ user: 'me', at: T2 });
  });

  it("starts over for another person's record", () => {
    const plan = planInboxNotifications([item('b', T2)], 'me', { user: 'someone', at: T1 }, 3);
    expect(plan.notifications).toEqual([]);
    expect(plan.record).toEqual({ user: 'me', at: T2 });
  });

  it('notifies each unread entry newer than the record once, oldest first, with the task it opens', () => {
    const items = [
      item('c', T3, { kind: 'assigned', actorName: 'Bo', title: 'Ship' }),
      item('b', T2, { read: true }),
      item('a', T2, { kind: 'completed', title: 'Plan' }),
      item('old', T1),
    ];
    const plan = planInboxNotifications(items, 'me', { user: 'me', at: T1 }, 3);
    expect(plan.notifications).toEqual([
      {
        tag: 'tasklane-inbox-a',
        title: 'Ana completed "Plan"',
        body: INBOX_NOTIFICATION_BODY,
        task: 'task-a',
      },
      {
        tag: 'tasklane-inbox-c',
        title: 'Bo assigned "Ship" to you',
        body: INBOX_NOTIFICATION_BODY,
        task: 'task-c',
      },
    ]);
    expect(plan.record).toEqual({ user: 'me', at: T3 });
    expect(planInboxNotifications(items, 'me', plan.record, 3).notifications).toEqual([]);
  });

  it('a `replaced` entry says whose change replaced which values, and opens its task at them', () => {
    const items = [
      item('r', T2, { kind: 'replaced', actorName: 'Bob', title: 'Plan', fields: ['description'] }),
    ];
    expect(planInboxNotifications(items, 'me', { user: 'me', at: T1 }, 3).notifications).toEqual([
      {
        tag: 'tasklane-inbox-r',
        title: `Bob's change replaced your description of "Plan"`,
        body: INBOX_NOTIFICATION_BODY,
        task: 'task-r',
        review: true,
      },
    ]);
  });

  it('sums up what is over the limit in one notification', () => {
    const items = ['1', '2', '3', '4', '5'].map((n) => item(n, `2026-11-27T11:0${n}:00.000Z`));
    const plan = planInboxNotifications(items, 'me', { user: 'me', at: T1 }, 3);
    expect(plan.notifications.map((n) => n.title)).toEqual([
      'Ana mentioned you on "Title 1"',
      'Ana mentioned you on "Title 2"',
      'Ana mentioned you on "Title 3"',
      '2 more new notifications',
    ]);
    expect(plan.notifications.at(-1)?.task).toBeNull();
    const one = planInboxNotifications(items.slice(0, 4), 'me', { user: 'me', at: T1 }, 3);
    expect(one.notifications.at(-1)?.title).toBe('1 more new notification');
  });

  it('keeps the record when nothing is newer', () => {
    const plan = planInboxNotifications([item('a', T1)], 'me', { user: 'me', at: T2 }, 3);
    expect(plan).toEqual({ notifications: [], record: { user: 'me', at: T2 } });
  });
});
