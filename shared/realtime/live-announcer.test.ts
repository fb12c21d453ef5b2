import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveAnnouncer } from './live-announcer';
import { announceLabels, onLabelsChanged } from './live-labels';
import { announceProjects, onProjectsChanged } from './live-projects';

/** Real BroadcastChannels (Node has them): another instance on the same name stands for another tab. */
const opened: BroadcastChannel[] = [];

function otherTab(name: string): { heard: unknown[]; post: (message: unknown) => void } {
  const channel = new BroadcastChannel(name);
  opened.push(channel);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent) => heard.push(event.data);
  return { heard, post: (message) => channel.postMessage(message) };
}

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('createLiveAnnouncer', () => {
  it('tells this tab’s listeners at once and the other tabs through its channel, until unsubscribed', async () => {
    const announcer = createLiveAnnouncer('test.liveOne');
    const tab = otherTab('test.liveOne');
    let told = 0;
    const stop = announcer.listen(() => (told += 1));
    announcer.announce();
    expect(told).toBe(1);
    await vi.waitFor(() => expect(tab.heard).toHaveLength(1));
    stop();
    announcer.announce();
    expect(told).toBe(1);
    await vi.waitFor(() => expect(tab.heard).toHaveLength(2));
  });

  it('tells its listeners of another tab’s announcement, whatever the message holds', async () => {
    const announcer = createLiveAnnouncer('test.liveTwo');
    const told: string[] = [];
    announcer.listen(() => told.push('first'));
    announcer.listen(() => told.push('second'));
    const tab = otherTab('test.liveTwo');
    tab.post('labels');
    tab.post({ anything: true });
    await vi.waitFor(() => expect(told).toEqual(['first', 'second', 'first', 'second']));
  });

  it('keeps announcers of different channels apart: labels and projects', async () => {
    const labelsTab = otherTab('tasklane.liveLabels');
    const projectsTab = otherTab('tasklane.liveProjects');
    const told: string[] = [];
    const stops = [
      onLabelsChanged(() => told.push('labels')),
      onProjectsChanged(() => told.push('projects')),
    ];
    announceProjects();
    expect(told).toEqual(['projects']);
    announceLabels();
    expect(told).toEqual(['projects', 'labels']);
    await vi.waitFor(() => expect(projectsTab.heard).toHaveLength(1));
    await vi.waitFor(() => expect(labelsTab.heard).toHaveLength(1));
    // Another tab's projects announcement reaches the projects' listeners only.
    projectsTab.post('projects');
    await vi.waitFor(() => expect(told).toEqual(['projects', 'labels', 'projects']));
    for (const stop of stops) stop();
  });
});
