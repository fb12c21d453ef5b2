// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localLabelsStore, teamLabelsStore } from '@/features/tasks/client/labels';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { TeamSyncProvider } from '@/shared/session/team-sync-context';
import { announceLabels } from '@/shared/realtime/live-labels';
import { labelCommands, refreshTeamLabels, resetTeamLabelsForTests, useLabelSet } from './use-labels';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init.method,
    body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));
}

const TEAM = { id: 'srv-1', name: 'Team', color: 'purple' } as const;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'a-token');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetTeamLabelsForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the default mode’s label commands', () => {
  it('change the browser’s own set and never call the server', async () => {
    const commands = labelCommands(false);
    const created = await commands.create({ name: 'Urgent', color: 'red' });
    expect(created).toMatchObject({ ok: true, label: { name: 'Urgent', color: 'red' } });
    const id = created.ok ? created.label!.id : '';
    expect(await commands.update(id, { color: 'teal' })).toMatchObject({ ok: true });
    expect(await commands.create({ name: 'URGENT', color: 'red' })).toMatchObject({
      ok: false,
      field: 'name',
      message: 'A label named "Urgent" already exists.',
    });
    expect(localLabelsStore.read()).toEqual([{ id, name: 'Urgent', color: 'teal' }]);
    expect(await commands.remove(id)).toEqual({ ok: true });
    expect(localLabelsStore.read()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the team’s label commands', () => {
  it('refresh the copy from GET /api/labels, keeping it when the server cannot be reached', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ labels: [TEAM, { id: 'x', name: 'Odd', color: 'pink' }] }),
    );
    await refreshTeamLabels();
    expect(teamLabelsStore.read()).toEqual([TEAM]);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await refreshTeamLabels();
    expect(teamLabelsStore.read()).toEqual([TEAM]);
    expect(calls().map((call) => call.url)).toEqual(['/api/labels', '/api/labels']);
  });

  it('check the rules first, then POST, PATCH and DELETE, reading the set again after each', async () => {
    teamLabelsStore.write([TEAM]);
    const commands = labelCommands(true);
    expect(await commands.create({ name: 'team', color: 'red' })).toMatchObject({ ok: false, field: 'name' });
    expect(fetchMock).not.toHaveBeenCalled();

    const made = { id: 'srv-2', name: 'New', color: 'red' };
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'POST') return jsonResponse({ label: made, message: 'Label created.' }, 201);
      if (init.method === 'PATCH') return jsonResponse({ label: { ...made, color: 'blue' } });
      if (init.method === 'DELETE') return jsonResponse({ message: 'Label deleted.' });
      return jsonResponse({ labels: url === '/api/labels' ? [TEAM, made] : [] });
    });
    expect(await commands.create({ name: 'New', color: 'red' })).toEqual({ ok: true, label: made });
    expect(teamLabelsStore.read()).toEqual([TEAM, made]);
    expect(await commands.update('srv-2', { color: 'blue' })).toMatchObject({ ok: true });
    expect(await commands.remove('srv-2')).toEqual({ ok: true });
    expect(calls().filter((call) => call.method !== 'GET')).toEqual([
      { url: '/api/labels', method: 'POST', body: { name: 'New', color: 'red' } },
      { url: '/api/labels/srv-2', method: 'PATCH', body: { color: 'blue' } },
      { url: '/api/labels/srv-2', method: 'DELETE', body: undefined },
    ]);
    expect(calls().filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(1);
  });

  it('show the server’s refusal (a member’s 403) as the message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ message: 'You do not have permission to do this.', code: 'FORBIDDEN' }, 403),
    );
    expect(await labelCommands(true).create({ name: 'Mine', color: 'red' })).toEqual({
      ok: false,
      field: null,
      message: 'You do not have permission to do this.',
    });
  });
});

describe('the team set while a page is open', () => {
  it('is read again at each live `labels` announcement (this tab’s stream or another tab’s) and when the page shows again', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    fetchMock.mockResolvedValue(jsonResponse({ labels: [TEAM] }));
    let shown: readonly unknown[] = [];
    function Probe() {
      shown = useLabelSet();
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() =>
      root.render(
        createElement(
          TeamSyncProvider,
          { on: true } as { on: boolean; children: null },
          createElement(Probe),
        ),
      ),
    );
    await vi.waitFor(() => expect(shown).toEqual([TEAM]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const renamed = { ...TEAM, name: 'Team renamed', color: 'teal' };
    fetchMock.mockResolvedValue(jsonResponse({ labels: [renamed] }));
    act(() => announceLabels());
    await vi.waitFor(() => expect(shown).toEqual([renamed]));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    act(() => root.unmount());
  });
});
