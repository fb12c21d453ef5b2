import { afterEach, describe, expect, it } from 'vitest';
import { createTabChannel, type TabChannel, type TabRequest } from './tab-channel';

const opened: TabChannel[] = [];
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

/** Two tabs on one channel name (a fresh name per test: no other test hears them). */
function twoTabs(): [TabChannel, TabChannel] {
  const name = `tab-channel-test-${Math.random()}`;
  const pair: [TabChannel, TabChannel] = [createTabChannel(name), createTabChannel(name)];
  opened.push(...pair);
  return pair;
}

describe('createTabChannel', () => {
  it('hands what one tab posts to the other tab’s listeners, until one unsubscribes', async () => {
    const [here, there] = twoTabs();
    const heard: TabRequest[] = [];
    const unsubscribe = there.subscribe((message) => heard.push(message));
    here.post({ t: 'status?' });
    await expect.poll(() => heard).toEqual([{ t: 'status?' }]);
    unsubscribe();
    here.post({ t: 'retry' });
    here.post({ t: 'answer', choice: 'keep' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual([{ t: 'status?' }]);
  });

  it('resolves a question to its answer, which no listener sees', async () => {
    const [here, there] = twoTabs();
    const heardHere: TabRequest[] = [];
    here.subscribe((message) => heardHere.push(message));
    there.subscribe((message) => {
      if (message.t === 'send') there.post({ t: 'sent', id: message.id, unsent: 3 });
      if (message.t === 'logout') there.post({ t: 'logged-out', id: message.id });
    });
    await expect(
      here.ask(
        (id) => ({ t: 'send', id }),
        () => -1,
        5_000,
      ),
    ).resolves.toBe(3);
    await expect(
      here.ask(
        (id) => ({ t: 'logout', id }),
        () => -1,
        5_000,
      ),
    ).resolves.toBe(0);
    expect(heardHere).toEqual([]);
  });

  it('resolves a question nobody answers to its fallback once the time is up', async () => {
    const [here] = twoTabs();
    await expect(
      here.ask(
        (id) => ({ t: 'send', id }),
        async () => 7,
        20,
      ),
    ).resolves.toBe(7);
  });

  it('passes over messages that are not objects', async () => {
    const name = `tab-channel-test-${Math.random()}`;
    const tab = createTabChannel(name);
    opened.push(tab);
    const raw = new BroadcastChannel(name);
    const heard: TabRequest[] = [];
    tab.subscribe((message) => heard.push(message));
    raw.postMessage(null);
    raw.postMessage('tasks');
    raw.postMessage({ t: 'retry' });
    await expect.poll(() => heard).toEqual([{ t: 'retry' }]);
    raw.close();
  });
});
