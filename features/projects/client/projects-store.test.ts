// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '@/features/projects/model/project';
import { announceProjects } from '@/shared/realtime/live-projects';
import {
  refreshProjects,
  resetProjectsForTests,
  startProjectsRefresh,
  teamProjectsStore,
} from './projects-store';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

const COLUMNS = [
  { id: 'todo', name: 'To Do', kind: 'todo', wipLimit: null },
  { id: 'doing', name: 'In Progress', kind: 'doing', wipLimit: null },
  { id: 'done', name: 'Completed', kind: 'done', wipLimit: null },
] as const;

const SUPPORT: Project = {
  id: 'p-1',
  key: 'SUP',
  name: 'Support',
  color: 'blue',
  description: '',
  teamRole: null,
  role: 'member',
  archived: false,
  columns: COLUMNS.map((column) => ({ ...column })),
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'a-token');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetProjectsForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the projects while a page is open', () => {
  it('are read again at each live `projects` announcement (this tab’s stream or another tab’s) and when the page shows again', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ projects: [SUPPORT] }));
    startProjectsRefresh();
    await vi.waitFor(() => expect(teamProjectsStore.read()).toEqual([SUPPORT]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/projects');

    // A manager renamed it and saved new columns elsewhere: the stream's event brings both.
    const changed: Project = {
      ...SUPPORT,
      name: 'Customer support',
      columns: [...SUPPORT.columns.slice(0, 2), { id: 'col-1', name: 'Review', kind: 'done', wipLimit: 2 }],
    };
    fetchMock.mockResolvedValue(jsonResponse({ projects: [changed] }));
    announceProjects();
    await vi.waitFor(() => expect(teamProjectsStore.read()).toEqual([changed]));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Another tab's announcement (over the channel) is one more read.
    const otherTab = new BroadcastChannel('tasklane.liveProjects');
    otherTab.postMessage('projects');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    otherTab.close();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
  });

  it('ask once more after a request on its way when asked meanwhile, once for any number of asks', async () => {
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const first = refreshProjects();
    // Two events while the first request is on its way (it may have been answered before them).
    const second = refreshProjects();
    const third = refreshProjects();
    expect(second).toBe(third);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answers[0]!(jsonResponse({ projects: [SUPPORT] }));
    await first;
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const renamed = { ...SUPPORT, name: 'Renamed' };
    answers[1]!(jsonResponse({ projects: [renamed] }));
    await second;
    expect(teamProjectsStore.read()).toEqual([renamed]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Nothing waits now: the next ask is one request.
    fetchMock.mockResolvedValue(jsonResponse({ projects: [SUPPORT] }));
    await refreshProjects();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
