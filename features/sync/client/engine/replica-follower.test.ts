import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSyncControls, type SyncControls } from '../status-store';
import { answerFollower, createFollowerControls, LOGOUT_SEND_TIMEOUT_MS } from './replica-follower';
import type { TabChannel, TabMessage } from './tab-channel';

/** A channel whose questions the test answers (null: no answer, the fallback is taken). */
function fakeChannel(answer: number | null) {
  const posted: TabMessage[] = [];
  const channel: Pick<TabChannel, 'post' | 'ask'> = {
    post: (message) => posted.push(message),
    ask: async (make, fallback, timeoutMs) => {
      posted.push(make('q1'));
      expect(timeoutMs).toBe(LOGOUT_SEND_TIMEOUT_MS);
      return answer ?? fallback();
    },
  };
  return { channel, posted };
}

afterEach(() => setSyncControls(null));

describe('createFollowerControls', () => {
  it('asks the tab that syncs to retry (and for its status) once the tasks are stored again', async () => {
    const { channel, posted } = fakeChannel(null);
    let stored = false;
    const controls = createFollowerControls({
      channel,
      storeAllTasks: async () => stored,
      clearHere: async () => undefined,
      stop: () => undefined,
    });
    controls.retry();
    await Promise.resolve();
    expect(posted).toEqual([]);
    stored = true;
    controls.retry();
    await expect.poll(() => posted).toEqual([{ t: 'retry' }, { t: 'status?' }]);
  });

  it('clears here and stops when the tab that syncs does not answer a logout', async () => {
    const { channel, posted } = fakeChannel(null);
    const calls: string[] = [];
    const controls = createFollowerControls({
      channel,
      storeAllTasks: async () => true,
      clearHere: async () => void calls.push('clear'),
      stop: () => calls.push('stop'),
    });
    await controls.clearForLogout();
    expect(posted).toEqual([{ t: 'logout', id: 'q1' }]);
    expect(calls).toEqual(['clear', 'stop']);
  });

  it('leaves the clearing to the tab that syncs when it answers, and passes on its count of unsent', async () => {
    const { channel, posted } = fakeChannel(2);
    const calls: string[] = [];
    const controls = createFollowerControls({
      channel,
      storeAllTasks: async () => true,
      clearHere: async () => void calls.push('clear'),
      stop: () => calls.push('stop'),
    });
    await expect(controls.sendForLogout()).resolves.toBe(2);
    await controls.clearForLogout();
    controls.answerFirstSync('keep');
    expect(posted).toEqual([
      { t: 'send', id: 'q1' },
      { t: 'logout', id: 'q1' },
      { t: 'answer', choice: 'keep' },
    ]);
    expect(calls).toEqual(['stop']);
  });
});

describe('answerFollower', () => {
  const engine = (): SyncControls => ({
    retry: vi.fn(),
    answerFirstSync: vi.fn(),
    sendForLogout: vi.fn(async () => 4),
    clearForLogout: vi.fn(async () => undefined),
  });

  it('does what another tab asked with the engine’s controls, and answers its questions', async () => {
    const controls = engine();
    setSyncControls(controls);
    const posted: TabMessage[] = [];
    const post = (message: TabMessage) => void posted.push(message);
    const follower = engine();
    await answerFollower({ t: 'retry' }, follower, post);
    await answerFollower({ t: 'answer', choice: 'upload' }, follower, post);
    await answerFollower({ t: 'send', id: 'a' }, follower, post);
    await answerFollower({ t: 'logout', id: 'b' }, follower, post);
    expect(controls.retry).toHaveBeenCalledOnce();
    expect(controls.answerFirstSync).toHaveBeenCalledWith('upload');
    expect(controls.clearForLogout).toHaveBeenCalledOnce();
    expect(posted).toEqual([
      { t: 'sent', id: 'a', unsent: 4 },
      { t: 'logged-out', id: 'b' },
    ]);
  });

  it('does nothing while the controls are still this tab’s follower ones', async () => {
    const follower = engine();
    setSyncControls(follower);
    const posted: TabMessage[] = [];
    await answerFollower({ t: 'send', id: 'a' }, follower, (message) => void posted.push(message));
    expect(follower.sendForLogout).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });
});
