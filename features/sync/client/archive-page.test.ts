import { describe, expect, it } from 'vitest';
import { archivePageUrl, archiveRowText, readArchivePage } from './archive-page';

describe('archivePageUrl', () => {
  it('asks for 20 rows, with the search trimmed and the cursor when there is one', () => {
    expect(archivePageUrl('', null)).toBe('/api/sync/archive?limit=20');
    expect(archivePageUrl('   ', 'abc')).toBe('/api/sync/archive?limit=20&before=abc');
    expect(archivePageUrl('  café 100% ', null)).toBe('/api/sync/archive?limit=20&q=caf%C3%A9+100%25');
    expect(new URL(archivePageUrl('x'.repeat(300), null), 'http://h').searchParams.get('q')).toHaveLength(
      200,
    );
  });
});

describe('readArchivePage', () => {
  it('reads a page and leaves out rows that do not fit', () => {
    const row = { uid: 'u1', v: 2, deleted: false, data: { title: 'Old' } };
    expect(readArchivePage({ tasks: [row, { uid: 3 }, { ...row, deleted: true }], next: 'n' })).toEqual({
      tasks: [row],
      next: 'n',
    });
    expect(readArchivePage({ tasks: [], next: null })).toEqual({ tasks: [], next: null });
    expect(readArchivePage({ tasks: 'x', next: null })).toBeNull();
    expect(readArchivePage({ tasks: [], next: 5 })).toBeNull();
    expect(readArchivePage(null)).toBeNull();
  });
});

describe('archiveRowText', () => {
  it('shows the title, the assignee and the completion date as admin dates read', () => {
    const data = {
      title: 'Launch',
      assignedTo: 'Mo',
      progress: 100,
      completedAt: '2026-03-14T19:00:00.000Z',
    };
    expect(archiveRowText({ uid: 'u', v: 1, deleted: false, data })).toEqual({
      title: 'Launch',
      assignee: 'Mo',
      completed: '15/3/2026',
    });
    expect(
      archiveRowText({ uid: 'u', v: 1, deleted: false, data: { title: '', assigneeId: '', progress: 100 } }),
    ).toEqual({ title: 'Untitled task', assignee: 'Unassigned', completed: '—' });
  });
});
